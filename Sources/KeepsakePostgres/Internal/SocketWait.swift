internal import CPostgres
import Glibc

/// Waiting on a socket with a deadline, through poll(2).
enum SocketWait {
    /// How a wait ended.
    enum Outcome { case ready, timedOut, woken }

    /// Waits until `socket` is readable (and, with `writable`, writable too counts), `deadline` passes,
    /// or `wake` (an eventfd) becomes readable. A deadline already past still looks once.
    static func wait(_ socket: Int32, writable: Bool = false, until deadline: ContinuousClock.Instant?, wake: Int32? = nil) -> Outcome {
        while true {
            var timeout: Int32 = -1
            if let deadline {
                let left = deadline - ContinuousClock.now
                let (seconds, attoseconds) = left.components
                timeout = left <= .zero ? 0 : Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1)
            }
            var descriptors = [pollfd(fd: socket, events: Int16(POLLIN) | (writable ? Int16(POLLOUT) : 0), revents: 0)]
            if let wake { descriptors.append(pollfd(fd: wake, events: Int16(POLLIN), revents: 0)) }
            let ready = poll(&descriptors, nfds_t(descriptors.count), timeout)
            if ready < 0 {
                if errno == EINTR { continue }
                return .ready  // a bad descriptor: let libpq report the broken connection
            }
            if ready == 0 {
                if let deadline, ContinuousClock.now >= deadline { return .timedOut }
                continue
            }
            if descriptors.count > 1, descriptors[1].revents != 0 { return .woken }
            return .ready
        }
    }
}
