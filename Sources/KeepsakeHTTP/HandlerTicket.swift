internal import Dispatch
internal import Synchronization

/// What an `async` handler's task holds of its pool thread: the thread waits on the ticket until
/// the task finishes or parks (``HTTPServer/park(_:)``), whichever comes first, and then goes back
/// to the pool.
final class HandlerTicket: Sendable {
    /// The ticket of the handler task running now, if it runs on a server's pool.
    @TaskLocal static var current: HandlerTicket?

    private let released = Atomic<Bool>(false)
    private let signal = DispatchSemaphore(value: 0)

    /// Lets the pool thread go (the first call; later ones do nothing).
    func release() {
        if !released.exchange(true, ordering: .acquiringAndReleasing) {
            signal.signal()
        }
    }

    /// Blocks the pool thread until ``release()``.
    func wait() {
        signal.wait()
    }
}
