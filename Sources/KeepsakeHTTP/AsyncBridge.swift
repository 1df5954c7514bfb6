internal import Dispatch

/// Where the tasks of `async` request handlers run.
///
/// The tasks run on ``DispatchTaskExecutor``, not on Swift's cooperative pool: the pool has one
/// thread per core, and if all of them were busy or blocked (by other requests' work, or by a
/// caller that blocks a pool thread while it waits for this server) a request waiting for a pool
/// thread would never finish. A handler thread of the server waits for each task until it finishes
/// or parks (``HTTPServer/park(_:)``); handler threads are not Swift concurrency threads.
enum AsyncBridge {
    /// The executor request handlers run on.
    static let executor = DispatchTaskExecutor()
}

/// A task executor that runs each job on Dispatch's global queue, whose threads are not Swift's
/// cooperative pool and grow when some of them block.
final class DispatchTaskExecutor: TaskExecutor {
    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        DispatchQueue.global(qos: .userInitiated).async {
            job.runSynchronously(on: self.asUnownedTaskExecutor())
        }
    }
}
