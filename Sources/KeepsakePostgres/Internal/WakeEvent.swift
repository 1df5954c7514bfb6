internal import CPostgres
import Glibc

/// An eventfd a thread can wait on beside a socket, so another thread can wake it at once.
///
/// `@unchecked Sendable`: the descriptor is an int written once; eventfd reads and writes are
/// atomic in the kernel, and the descriptor is closed only in `deinit`, when no thread can use it.
final class WakeEvent: @unchecked Sendable {
    let descriptor: Int32

    init() {
        descriptor = eventfd(0, Int32(EFD_CLOEXEC) | Int32(EFD_NONBLOCK))
        precondition(descriptor >= 0, "eventfd failed: errno \(errno)")
    }

    /// Wakes the waiter (and every later wait, until ``reset()``).
    func signal() {
        var one: UInt64 = 1
        _ = write(descriptor, &one, 8)
    }

    /// Clears the signal.
    func reset() {
        var value: UInt64 = 0
        _ = read(descriptor, &value, 8)
    }

    /// Sleeps up to `duration`; returns `true` if woken before.
    func sleep(_ duration: Duration) -> Bool {
        var descriptors = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
        let (seconds, attoseconds) = duration.components
        return poll(&descriptors, 1, Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000)) > 0
    }

    deinit { close(descriptor) }
}
