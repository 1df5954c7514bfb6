internal import Foundation
internal import Synchronization

/// Closes connections that hold a place on the server without getting anywhere: a request head
/// not complete within the head deadline (however steadily it trickles in, which resets
/// libmicrohttpd's own idle timeout), or a body that stops advancing.
///
/// libmicrohttpd 0.9.75 has only an idle timeout, which a client defeats by sending one byte now
/// and then; this is the deadline it lacks. The server reports each connection's phase here from
/// its callbacks; a thread of its own sweeps the table a few times a second and shuts down the
/// socket of every connection past its deadline (`shutdown(2)`: libmicrohttpd then sees the
/// connection end and closes it itself, so the descriptor is never closed behind its back).
/// Connections whose request is being handled or answered have no deadline here.
final class ConnectionWatchdog: Sendable {
    /// Where a connection stands.
    enum Phase: Sendable {
        /// Waiting for a complete request head since `since` (the connection opened, or its
        /// previous request ended).
        case awaitingHead(since: ContinuousClock.Instant)
        /// Receiving a body: `received` bytes so far, `bytesAtMark` of them by `mark`, the last time
        /// it advanced by the required amount.
        case receivingBody(mark: ContinuousClock.Instant, bytesAtMark: Int, received: Int)
        /// Being handled or answered: no deadline.
        case busy
    }

    private struct Tracked {
        let socket: Int32
        var phase: Phase
        /// The socket was shut down already.
        var shutDown = false
        /// An answer to send when the connection closes (``answerOnClose(_:socket:bytes:sink:)``).
        var deferred: (socket: Int32, bytes: [UInt8], sink: Int32)?
    }

    let headTimeout: Duration
    let bodyProgressTimeout: Duration
    let bodyProgressBytes: Int
    private let connections = Mutex<[UInt: Tracked]>([:])
    private let running = Mutex(true)

    init(headTimeout: Duration, bodyProgressTimeout: Duration, bodyProgressBytes: Int) {
        self.headTimeout = headTimeout
        self.bodyProgressTimeout = bodyProgressTimeout
        self.bodyProgressBytes = max(1, bodyProgressBytes)
        let thread = Thread { [self] in watch() }
        thread.name = "keepsake-http-watchdog"
        thread.start()
    }

    /// A connection was accepted.
    func opened(_ connection: OpaquePointer, socket: Int32) {
        let now = ContinuousClock.now
        connections.withLock { $0[Self.key(connection)] = Tracked(socket: socket, phase: .awaitingHead(since: now)) }
    }

    /// The socket of `connection` if it is open and waiting for a request head, else `nil`
    /// (``HeadRefusal`` touches only such a connection).
    func socketAwaitingHead(_ connection: OpaquePointer) -> Int32? {
        connections.withLock { table -> Int32? in
            guard let tracked = table[Self.key(connection)], !tracked.shutDown,
                  case .awaitingHead = tracked.phase else { return nil }
            return tracked.socket
        }
    }

    /// Sends `bytes` on `socket` and closes it and `sink` when `connection` closes (a refused
    /// head's answer, ``HeadRefusal``); at once if the connection is not open.
    func answerOnClose(_ connection: OpaquePointer, socket: Int32, bytes: [UInt8], sink: Int32) {
        let kept = connections.withLock { table -> Bool in
            guard table[Self.key(connection)] != nil else { return false }
            table[Self.key(connection)]?.deferred = (socket, bytes, sink)
            return true
        }
        if !kept { ServerCore.sendAnswer(bytes, on: socket, closing: sink) }
    }

    /// A connection is about to be closed (its socket is still open).
    func closed(_ connection: OpaquePointer) {
        let tracked = connections.withLock { $0.removeValue(forKey: Self.key(connection)) }
        if let deferred = tracked?.deferred { ServerCore.sendAnswer(deferred.bytes, on: deferred.socket, closing: deferred.sink) }
    }

    /// A request head is complete; its body (if any) comes next.
    func headReceived(_ connection: OpaquePointer) {
        let now = ContinuousClock.now
        update(connection) { $0 = .receivingBody(mark: now, bytesAtMark: 0, received: 0) }
    }

    /// `count` more body bytes arrived.
    func bodyReceived(_ connection: OpaquePointer, count: Int) {
        let now = ContinuousClock.now, required = bodyProgressBytes
        update(connection) { phase in
            guard case .receivingBody(let mark, let atMark, let received) = phase else { return }
            let total = received + count
            phase = total - atMark >= required ? .receivingBody(mark: now, bytesAtMark: total, received: total)
                : .receivingBody(mark: mark, bytesAtMark: atMark, received: total)
        }
    }

    /// The request is complete and being handled or answered.
    func busy(_ connection: OpaquePointer) {
        update(connection) { $0 = .busy }
    }

    /// The request ended; the connection may carry another one, whose head is due in time.
    func requestEnded(_ connection: OpaquePointer) {
        let now = ContinuousClock.now
        update(connection) { $0 = .awaitingHead(since: now) }
    }

    /// Ends the sweeping thread (within one sweep interval).
    func stop() {
        running.withLock { $0 = false }
    }

    /// Shuts down the socket of every connection past its deadline at `now`; returns how many.
    @discardableResult
    func sweep(now: ContinuousClock.Instant = .now) -> Int {
        connections.withLock { table in
            var count = 0
            for (key, tracked) in table where !tracked.shutDown && isOverdue(tracked.phase, now: now) {
                // The entry exists, so libmicrohttpd has not closed the socket yet (it reports the
                // close before closing the descriptor, under this same lock): this is its socket.
                shutdown(tracked.socket, Int32(SHUT_RDWR))
                table[key]?.shutDown = true
                count += 1
            }
            return count
        }
    }

    private func isOverdue(_ phase: Phase, now: ContinuousClock.Instant) -> Bool {
        switch phase {
        case .awaitingHead(let since): return now - since > headTimeout
        case .receivingBody(let mark, _, _): return now - mark > bodyProgressTimeout
        case .busy: return false
        }
    }

    private func update(_ connection: OpaquePointer, _ change: (inout Phase) -> Void) {
        connections.withLock { table in
            let key = Self.key(connection)
            guard table[key] != nil else { return }
            change(&table[key]!.phase)  // in place: the entry is not copied out and back
        }
    }

    private func watch() {
        let interval = min(0.25, max(0.02, Self.seconds(min(headTimeout, bodyProgressTimeout)) / 8))
        while running.withLock({ $0 }) {
            Thread.sleep(forTimeInterval: interval)
            sweep()
        }
    }

    private static func key(_ connection: OpaquePointer) -> UInt {
        UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(connection)))
    }

    private static func seconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}
