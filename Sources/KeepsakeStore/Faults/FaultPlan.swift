import Synchronization

/// Which call of a pair of backends fails, and how: the shared counter of
/// ``FaultInjectingMetadataStore`` and ``FaultInjectingBlobStore``.
///
/// For the conformance suite and the torture runs: an operation is run with the k-th mutating call
/// failing, for k = 1, 2, 3, … until it succeeds, and the store must afterwards be exactly as
/// before or exactly as after. A call fails either before it has any effect or after it took
/// effect (the answer was lost, as when a connection drops during `COMMIT` or after a `PUT`).
public final class FaultPlan: Sendable {
    /// When the armed call fails.
    public enum Phase: String, Sendable, Hashable, CaseIterable {
        /// Before it has any effect.
        case before
        /// After it took effect: the caller sees an error for a change that happened.
        case after
    }

    private struct State {
        var calls = 0
        var failAt: Int?
        var phase = Phase.before
        var persistent = false
        var log: [String] = []
    }

    private let state = Mutex(State())

    /// A plan with no fault armed.
    public init() {}

    /// Arms a fault: mutating call number `call` (1-based, counted from now) fails in `phase`; with
    /// `persistent`, every later call fails too (before its effect: a backend that stays down).
    public func arm(failAt call: Int, phase: Phase = .before, persistent: Bool = false) {
        state.withLock { $0 = State(calls: 0, failAt: call, phase: phase, persistent: persistent, log: []) }
    }

    /// Disarms any fault and resets the counter.
    public func disarm() {
        state.withLock { $0 = State() }
    }

    /// Mutating calls made since the last arm or disarm.
    public var callCount: Int { state.withLock { $0.calls } }

    /// The calls made since the last arm or disarm, for test messages.
    public var callLog: [String] { state.withLock { $0.log } }

    /// Counts a call; returns when it should fail (`nil`: it runs normally).
    func next(_ call: String) -> Phase? {
        state.withLock { state in
            state.calls += 1
            state.log.append(call)
            guard let failAt = state.failAt else { return nil }
            if state.calls == failAt { return state.phase }
            if state.persistent && state.calls > failAt { return .before }
            return nil
        }
    }

    /// Runs `body` as call `name`, failing it as armed.
    func run<T>(_ name: String, _ body: () throws -> T) throws -> T {
        let phase = next(name)
        if phase == .before { throw injected(name, phase: .before) }
        let result = try body()
        if phase == .after { throw injected(name, phase: .after) }
        return result
    }

    func injected(_ name: String, phase: Phase) -> KeepsakeError {
        KeepsakeError(.io, "\(name) failed (injected fault, \(phase == .before ? "before its effect" : "after its effect, answer lost")).")
    }
}
