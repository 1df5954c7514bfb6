import Synchronization
import KeepsakeStoreTransfer

/// The move's progress on standard error: one bar per phase.
final class MoveProgress: Sendable {
    /// The phase shown and its bar.
    private struct State {
        var phase: StoreMoveProgress.Phase?
        var bar: Progress?
    }

    private let call: Invocation
    private let state = Mutex(State())

    /// Progress written through `call`.
    init(_ call: Invocation) { self.call = call }

    /// Shows `progress`, starting a new bar when its phase changes.
    func update(_ progress: StoreMoveProgress) {
        let bar: Progress? = state.withLock { state in
            if state.phase != progress.phase {
                state.bar?.finish()
                state.phase = progress.phase
                state.bar = Self.label(progress.phase).map { call.progress($0) }
            }
            return state.bar
        }
        bar?.update(progress.done, progress.total)
    }

    /// Ends the current bar.
    func finish() {
        state.withLock { $0.bar?.finish() }
    }

    /// The label of `phase`'s bar; `nil` when it has none.
    static func label(_ phase: StoreMoveProgress.Phase) -> String? {
        switch phase {
        case .checking: "check"
        case .copying: "move"
        case .verifying: "compare"
        case .checkingTarget: "fsck"
        case .finished: nil
        }
    }
}
