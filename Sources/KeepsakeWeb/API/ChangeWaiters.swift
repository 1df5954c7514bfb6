import Foundation
import KeepsakeHTTP
import KeepsakeStore
import Synchronization

/// The long polls of `/api/v1/changes` waiting for the change log to pass their sequence, all woken
/// by one watcher: however many polls wait, the store is asked once per tick (its own notification
/// or 200 ms), not once per poll, so waiting polls cost neither a thread (they are parked, see
/// ``KeepsakeHTTP/HTTPServer/park(_:)``) nor the store's time.
final class ChangeWaiters: Sendable {
    private struct Waiter {
        let after: Int64
        let deadline: ContinuousClock.Instant
        let continuation: CheckedContinuation<Void, Never>
    }

    private struct State {
        var waiters: [UInt64: Waiter] = [:]
        var nextID: UInt64 = 0
        var watching = false
        var stopped = false
    }

    private let store: Store
    private let state = Mutex(State())

    /// Waiters over `store`'s change log.
    init(store: Store) {
        self.store = store
    }

    /// Returns once the change log has a change after `after`, at `deadline`, or when the server
    /// stops (or at once if it has), whichever comes first; the caller reads the changes itself.
    func wait(after: Int64, until deadline: ContinuousClock.Instant) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let start = state.withLock { state -> Bool? in
                guard !state.stopped else { return nil }
                state.nextID += 1
                state.waiters[state.nextID] = Waiter(after: after, deadline: deadline, continuation: continuation)
                defer { state.watching = true }
                return !state.watching
            }
            switch start {
            case nil: continuation.resume()
            case true?: Task(executorPreference: HTTPServer.taskExecutor) { await self.watch() }
            case false?: break
            }
        }
    }

    /// Whether ``stop()`` was called: a poll then answers with what it has instead of waiting.
    var isStopped: Bool {
        state.withLock { $0.stopped }
    }

    /// Wakes every waiting poll and takes no more (the server is stopping).
    func stop() {
        let waiting = state.withLock { state -> [Waiter] in
            state.stopped = true
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiting { waiter.continuation.resume() }
    }

    /// The watcher: while polls wait, reads the newest change sequence once per tick and wakes the
    /// polls it passed and those whose deadline came. A store that fails to answer wakes every poll
    /// (each then reads the changes itself and reports the failure).
    private func watch() async {
        while true {
            let latest = try? store.lastChangeSequence()
            let now = ContinuousClock.now
            let (due, done) = state.withLock { state -> ([Waiter], Bool) in
                var due: [Waiter] = []
                for (id, waiter) in state.waiters where latest.map({ $0 > waiter.after }) ?? true || now >= waiter.deadline {
                    due.append(waiter)
                    state.waiters[id] = nil
                }
                if state.waiters.isEmpty { state.watching = false }
                return (due, !state.watching)
            }
            for waiter in due { waiter.continuation.resume() }
            if done { return }
            try? await store.metadata.waitForChanges(timeout: .milliseconds(200))
        }
    }
}
