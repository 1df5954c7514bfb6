internal import Dispatch
internal import Synchronization

/// Runs async work from a synchronous connection thread and waits for its result.
///
/// Safe only on threads outside Swift's cooperative pool (libmicrohttpd's connection threads):
/// blocking one of them never holds back the tasks it waits for.
enum AsyncBridge {
    /// Starts `work` in a task and blocks the calling thread until it finishes.
    static func wait<Value: Sendable>(_ work: @escaping @Sendable () async throws -> Value) throws -> Value {
        let outcome = Outcome<Value>()
        Task {
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
