internal import Dispatch
internal import Synchronization

/// Runs async work from a synchronous connection thread and waits for its result.
///
/// The task runs on ``DispatchTaskExecutor``, not on Swift's cooperative pool: the pool has one
/// thread per core, and if all of them were busy or blocked (by other requests' work, or by a
/// caller that blocks a pool thread while it waits for this server) a request waiting for a pool
/// thread would never finish. Blocking the calling thread is safe because libmicrohttpd's connection
/// threads are not pool threads.
enum AsyncBridge {
    /// The executor request handlers run on.
    static let executor = DispatchTaskExecutor()

    /// Starts `work` in a task and blocks the calling thread until it finishes.
    static func wait<Value: Sendable>(_ work: @escaping @Sendable () async throws -> Value) throws -> Value {
        let outcome = Outcome<Value>()
        Task(executorPreference: executor) {
            let result: Result<Value, any Error>
            do {
                result = .success(try await work())
            } catch {
                result = .failure(error)
            }
            outcome.finish(result)
        }
        return try outcome.wait().get()
    }

    /// The result of one task, handed from the task to the waiting thread.
    private final class Outcome<Value: Sendable>: Sendable {
        private let result = Mutex<Result<Value, any Error>?>(nil)
        private let done = DispatchSemaphore(value: 0)

        func finish(_ value: Result<Value, any Error>) {
            result.withLock { $0 = value }
            done.signal()
        }

        func wait() -> Result<Value, any Error> {
            done.wait()
            return result.withLock { $0! }
        }
    }
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
