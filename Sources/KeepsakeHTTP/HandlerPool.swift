internal import Foundation

/// The threads request handlers run on: started when work arrives and none is free (up to
/// ``maxThreads``), ended after they have been idle for a while. Jobs beyond the limit wait their
/// turn in order.
///
/// Handlers may block (the store, image decoding, a sleeping test handler), so they run here and
/// never on libmicrohttpd's polling threads, which move every connection's bytes.
final class HandlerPool: Sendable {
    /// Most threads at once.
    let maxThreads: Int
    /// How long a thread waits for work before it ends.
    let idleLifetime: TimeInterval
    private let state: LockedState

    init(maxThreads: Int, idleLifetime: TimeInterval = 10) {
        self.maxThreads = max(1, maxThreads)
        self.idleLifetime = idleLifetime
        state = LockedState()
    }

    /// Runs `job` on a pool thread as soon as one is free.
    func submit(_ job: @escaping @Sendable () -> Void) {
        let startThread = state.locked { state -> Bool in
            state.jobs.append(job)
            if state.idle > 0 {
                state.condition.signal()
                return false
            }
            guard state.threads < maxThreads else { return false }
            state.threads += 1
            return true
        }
        if startThread {
            let thread = Thread { [self] in work() }
            thread.name = "keepsake-http-handler"
            thread.start()
        }
    }

    /// A pool thread: runs jobs until none has come for ``idleLifetime``.
    private func work() {
        while let job = next() {
            job()
        }
    }

    /// The next job, waiting for one; `nil` when the thread has waited long enough and ends.
    private func next() -> (@Sendable () -> Void)? {
        state.locked { state in
            let deadline = Date(timeIntervalSinceNow: idleLifetime)
            state.idle += 1
            defer { state.idle -= 1 }
            while state.jobs.isEmpty {
                if !state.condition.wait(until: deadline), state.jobs.isEmpty {
                    state.threads -= 1
                    return nil
                }
            }
            return state.jobs.removeFirst()
        }
    }

    /// The queue and counters, guarded by one condition lock (a `Mutex` cannot wait).
    ///
    /// `@unchecked Sendable`: every field is read and written only inside ``locked(_:)``, which
    /// holds `condition`'s lock.
    private final class LockedState: @unchecked Sendable {
        let condition = NSCondition()
        var jobs: [@Sendable () -> Void] = []
        var threads = 0
        var idle = 0

        func locked<Result>(_ body: (LockedState) -> Result) -> Result {
            condition.lock()
            defer { condition.unlock() }
            return body(self)
        }
    }
}
