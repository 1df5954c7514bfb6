import Foundation
import Synchronization

/// Wakes the tasks waiting in ``PostgresMetadataStore/waitForChanges(timeout:)`` when a notification
/// of the change log arrives (or the listener reconnects, after which notifications may have been
/// missed, so the log must be read again).
final class ChangeSignal: Sendable {
    /// One waiting task: resumed once, by a signal, its timeout or its cancellation.
    final class Waiter: Sendable {
        private let state = Mutex<(continuation: CheckedContinuation<Void, Never>?, fired: Bool)>((nil, false))

        /// Resumes the task (now, or as soon as it waits); later calls do nothing.
        func fire() {
            let continuation = state.withLock { state -> CheckedContinuation<Void, Never>? in
                guard !state.fired else { return nil }
                state.fired = true
                defer { state.continuation = nil }
                return state.continuation
            }
            continuation?.resume()
        }

        /// Suspends until ``fire()``.
        func wait() async {
            await withCheckedContinuation { continuation in
                let fired = state.withLock { state -> Bool in
                    if state.fired { return true }
                    state.continuation = continuation
                    return false
                }
                if fired { continuation.resume() }
            }
        }
    }

    private let waiters = Mutex<[ObjectIdentifier: Waiter]>([:])

    /// Wakes every waiting task.
    func signal() {
        let all = waiters.withLock { waiters in
            defer { waiters = [:] }
            return Array(waiters.values)
        }
        all.forEach { $0.fire() }
    }

    /// Returns at the next signal or after `timeout`; throws `CancellationError` if the task is
    /// cancelled meanwhile.
    func wait(timeout: Duration) async throws {
        try Task.checkCancellation()
        let waiter = Waiter()
        waiters.withLock { $0[ObjectIdentifier(waiter)] = waiter }
        defer { waiters.withLock { _ = $0.removeValue(forKey: ObjectIdentifier(waiter)) } }
        let timer = Task {
            try? await Task.sleep(for: timeout)
            waiter.fire()
        }
        defer { timer.cancel() }
        await withTaskCancellationHandler {
            await waiter.wait()
        } onCancel: {
            waiter.fire()
        }
        try Task.checkCancellation()
    }
}
