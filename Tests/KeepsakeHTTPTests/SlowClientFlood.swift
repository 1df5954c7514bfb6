import Foundation
#if canImport(Glibc)
import Glibc
#endif
import KeepsakeTestSupport
import Synchronization

/// Clients that hold connections open without finishing a request, from several loopback
/// addresses at once, on a thread of their own: each one the server closes is opened again at
/// once, so the pressure lasts as long as the flood runs.
final class SlowClientFlood: Sendable {
    /// How a client misbehaves.
    enum Kind: String, Sendable, CaseIterable {
        /// Sends a request line, then one header line every half second, never the blank line.
        case trickle
        /// Connects and sends nothing.
        case silent
        /// Sends a complete head announcing a 1 MB body, then 10 bytes of it every 0.3 s.
        case slowBody
    }

    /// What the flood saw, per kind.
    struct Outcome: Sendable {
        /// Seconds each connection the server closed had been open.
        var lifetimes: [Kind: [Double]] = [:]
        /// Connections opened in all.
        var opened = 0
        /// Connections that could not be opened (refused or timed out).
        var connectFailures = 0
        /// The most connections open at once.
        var peakOpen = 0
    }

    private let port: UInt16
    private let clients: [(source: String, kind: Kind)]
    private let running = Mutex(true)
    private let outcome = Mutex(Outcome())
    private let done = DispatchSemaphore(value: 0)

    /// A flood of `perKind` clients of each kind from each of `sources`.
    init(port: UInt16, sources: [String], perKind: Int) {
        self.port = port
        clients = sources.flatMap { source in Kind.allCases.flatMap { kind in Array(repeating: (source, kind), count: perKind) } }
    }

    /// Starts the flood on its own thread.
    func start() {
        let thread = Thread { [self] in run() }
        thread.start()
    }

    /// Stops the flood, closes its connections and returns what it saw.
    func stop() -> Outcome {
        running.withLock { $0 = false }
        done.wait()
        return outcome.withLock { $0 }
    }

    private struct Client {
        let source: String
        let kind: Kind
        var socket: RawSocket?
        var openedAt = Date()
        var lastSend = Date()
        var lines = 0
    }

    private func run() {
        var slots = clients.map { Client(source: $0.source, kind: $0.kind) }
        while running.withLock({ $0 }) {
            let now = Date()
            var open = 0
            for index in slots.indices {
                if slots[index].socket == nil { openClient(&slots[index], now: now) }
                guard let socket = slots[index].socket else { continue }
                if socket.closedByServer {
                    let lifetime = now.timeIntervalSince(slots[index].openedAt)
                    let kind = slots[index].kind
                    outcome.withLock { $0.lifetimes[kind, default: []].append(lifetime) }
                    socket.close()
                    slots[index].socket = nil
                    continue
                }
                open += 1
                feed(&slots[index], socket: socket, now: now)
            }
            outcome.withLock { $0.peakOpen = max($0.peakOpen, open) }
            Thread.sleep(forTimeInterval: 0.05)
        }
        for slot in slots { slot.socket?.close() }
        done.signal()
    }

    private func openClient(_ client: inout Client, now: Date) {
        do {
            let socket = try RawSocket(port: port, from: client.source)
            socket.makeNonBlocking()
            client.socket = socket
            client.openedAt = now
            client.lastSend = now
            client.lines = 0
            outcome.withLock { $0.opened += 1 }
            switch client.kind {
            case .trickle: socket.send("GET /slow HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            case .silent: break
            case .slowBody: socket.send("POST /slow HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/plain\r\nContent-Length: 1000000\r\n\r\n")
            }
        } catch {
            outcome.withLock { $0.connectFailures += 1 }
        }
    }

    private func feed(_ client: inout Client, socket: RawSocket, now: Date) {
        switch client.kind {
        case .trickle where now.timeIntervalSince(client.lastSend) >= 0.5:
            client.lines += 1
            socket.send("X-Slow-\(client.lines): still coming\r\n")
            client.lastSend = now
        case .slowBody where now.timeIntervalSince(client.lastSend) >= 0.3:
            socket.send(String(repeating: "x", count: 10))
            client.lastSend = now
        default:
            break
        }
    }
}
