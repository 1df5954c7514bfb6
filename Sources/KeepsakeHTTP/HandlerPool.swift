internal import Foundation

/// The threads request handlers run on: started when work arrives and no thread is free for it
/// (up to ``maxThreads``), ended after they have been idle for a while.
///
/// Handlers may block (the store, image decoding, a sleeping test handler), so they run here and
/// never on libmicrohttpd's polling threads, which move every connection's bytes.
///
/// Jobs are queued per client (their `key`, the client's address) and taken round-robin, and one
/// client holds at most ``maxThreadsPerKey`` threads at once: a burst of slow requests from one
/// address waits behind its own requests, never in front of another client's, and leaves a quarter
/// of the threads to everybody else.
final class HandlerPool: Sendable {
    /// Most threads at once.
    let maxThreads: Int
    /// Most threads one key (client) holds at once.
    let maxThreadsPerKey: Int
    /// How long a thread waits for work before it ends.
    let idleLifetime: TimeInterval
    private let state: LockedState

    init(maxThreads: Int, idleLifetime: TimeInterval = 10) {
        self.maxThreads = max(1, maxThreads)
        self.maxThreadsPerKey = max(1, self.maxThreads - self.maxThreads / 4)
        self.idleLifetime = idleLifetime
        state = LockedState()
    }

    /// Runs `job` on a pool thread as soon as one is free for `key`'s turn.
    func submit(key: String, _ job: @escaping @Sendable () -> Void) {
        let startThread = state.locked { state -> Bool in
            state.enqueue(job, for: key)
            // Wake an idle thread for each job that can run now; start a thread when there are more
            // such jobs than idle threads (idle threads already signalled but not yet awake count
            // as taken, so a burst starts enough threads instead of queueing behind one).
            let runnable = state.runnableJobs(maxPerKey: maxThreadsPerKey)
            if state.idle > 0 { state.condition.signal() }
            guard runnable > state.idle, state.threads < maxThreads else { return false }
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
        while let (key, job) = next() {
            job()
            state.locked { state in
                state.finished(key)
                // The job's key may have had jobs waiting for its turn: let an idle thread take one.
                if state.idle > 0, state.runnableJobs(maxPerKey: maxThreadsPerKey) > 0 { state.condition.signal() }
            }
        }
    }

    /// The next job that may run, waiting for one; `nil` when the thread has waited long enough
    /// and ends.
    private func next() -> (String, @Sendable () -> Void)? {
        state.locked { state in
            let deadline = Date(timeIntervalSinceNow: idleLifetime)
            while true {
                if let taken = state.takeNext(maxPerKey: maxThreadsPerKey) { return taken }
                state.idle += 1
                let signalled = state.condition.wait(until: deadline)
                state.idle -= 1
                if !signalled, state.runnableJobs(maxPerKey: maxThreadsPerKey) == 0 {
                    state.threads -= 1
                    return nil
                }
            }
        }
    }

    /// The queues and counters, guarded by one condition lock (a `Mutex` cannot wait).
    ///
    /// `@unchecked Sendable`: every field is read and written only inside ``locked(_:)``, which
    /// holds `condition`'s lock.
    private final class LockedState: @unchecked Sendable {
        let condition = NSCondition()
        /// Jobs waiting, per key, in the order they came.
        private var queues: [String: [@Sendable () -> Void]] = [:]
        /// Keys with waiting jobs, in the order they take turns.
        private var turns: [String] = []
        /// Jobs running, per key.
        private var running: [String: Int] = [:]
        var threads = 0
        var idle = 0

        func locked<Result>(_ body: (LockedState) -> Result) -> Result {
            condition.lock()
            defer { condition.unlock() }
            return body(self)
        }

        func enqueue(_ job: @escaping @Sendable () -> Void, for key: String) {
            if queues[key] == nil { turns.append(key) }
            queues[key, default: []].append(job)
        }

        /// How many waiting jobs could start now (their key below its share).
        func runnableJobs(maxPerKey: Int) -> Int {
            turns.reduce(0) { count, key in
                count + min(queues[key]?.count ?? 0, max(0, maxPerKey - running[key, default: 0]))
            }
        }

        /// The first waiting job, in turn order, whose key is below its share; its key goes to the
        /// back of the turns.
        func takeNext(maxPerKey: Int) -> (String, @Sendable () -> Void)? {
            guard let index = turns.firstIndex(where: { running[$0, default: 0] < maxPerKey }) else { return nil }
            let key = turns.remove(at: index)
            var queue = queues.removeValue(forKey: key) ?? []
            let job = queue.removeFirst()
            if !queue.isEmpty {
                queues[key] = queue
                turns.append(key)
            }
            running[key, default: 0] += 1
            return (key, job)
        }

        func finished(_ key: String) {
            let left = running[key, default: 1] - 1
            running[key] = left > 0 ? left : nil
        }
    }
}
