import Foundation
import Synchronization
import Testing
import KeepsakePostgres
import KeepsakeTestSupport

/// Collects a listener's events for a test to wait on.
private final class EventLog: Sendable {
    let events = Mutex<[PostgresListenerEvent]>([])
    func append(_ event: PostgresListenerEvent) { events.withLock { $0.append(event) } }
    var notifications: [PostgresNotification] {
        events.withLock { $0.compactMap { if case .notification(let n) = $0 { n } else { nil } } }
    }
    var reconnections: Int {
        events.withLock { $0.filter { if case .listening(reconnected: true) = $0 { true } else { false } }.count }
    }
    var losses: [PostgresError] {
        events.withLock { $0.compactMap { if case .connectionLost(let e) = $0 { e } else { nil } } }
    }
}

@Suite("PostgreSQL LISTEN/NOTIFY")
struct PostgresListenerTests {
    private func channel() -> String { "keepsake_test_" + UUID().uuidString.prefix(8).lowercased() }

    @Test("a notification sent by another connection arrives on the stream with its payload and sender")
    func stream() async throws {
        let url = try TestServers.postgresURL()
        let name = channel()
        let listener = PostgresListener(configuration: try PostgresConfiguration(url: url), channels: [name, "other channel"])
        defer { listener.stop() }
        try listener.waitUntilListening()
        let sender = try PostgresConnection(url: url)
        defer { sender.close() }
        try sender.notify(channel: name, payload: "change 42 — 변경")
        try sender.notify(channel: "other channel", payload: "")
        var received: [PostgresNotification] = []
        for await event in listener.events {
            if case .notification(let notification) = event { received.append(notification) }
            if received.count == 2 { break }
        }
        #expect(received[0] == PostgresNotification(channel: name, payload: "change 42 — 변경", senderPID: sender.backendPID))
        #expect(received[1].channel == "other channel")
    }

    @Test("notifications sent in a transaction arrive after its commit, and never after a rollback")
    func transactional() throws {
        let url = try TestServers.postgresURL()
        let name = channel()
        let log = EventLog()
        let listener = PostgresListener(configuration: try PostgresConfiguration(url: url), channels: [name], handler: log.append)
        defer { listener.stop() }
        try listener.waitUntilListening()
        let sender = try PostgresConnection(url: url)
        defer { sender.close() }
        struct Abort: Error {}
        _ = try? sender.transaction { connection in
            try connection.notify(channel: name, payload: "rolled back")
            throw Abort()
        }
        try sender.transaction { connection in
            try connection.notify(channel: name, payload: "committed")
            Thread.sleep(forTimeInterval: 0.2)
            #expect(log.notifications.isEmpty)
        }
        #expect(eventually { log.notifications.count == 1 })
        Thread.sleep(forTimeInterval: 0.2)
        #expect(log.notifications.map(\.payload) == ["committed"])
    }

    @Test("a listener whose session is terminated reports the loss, listens again, says notifications may have been missed, and receives new ones")
    func reconnects() throws {
        let url = try TestServers.postgresURL()
        let name = channel()
        let log = EventLog()
        let listener = PostgresListener(configuration: try PostgresConfiguration(url: url), channels: [name],
                                        reconnectDelay: .milliseconds(50), handler: log.append)
        defer { listener.stop() }
        try listener.waitUntilListening()
        let admin = try PostgresConnection(url: url)
        defer { admin.close() }
        let pid = try admin.query("SELECT pid FROM pg_stat_activity WHERE query LIKE 'LISTEN %' AND query LIKE $1", ["%\(name)%"]).scalar(Int32.self)
        try terminateBackend(pid, url: url)
        #expect(eventually { log.reconnections == 1 })
        #expect(log.losses.first?.kind == .connectionLost)
        try listener.waitUntilListening()
        try admin.notify(channel: name, payload: "after")
        #expect(eventually { log.notifications.map(\.payload) == ["after"] })
    }

    @Test("stopping the listener ends its stream")
    func stopEnds() async throws {
        let listener = PostgresListener(configuration: try PostgresConfiguration(url: TestServers.postgresURL()), channels: [channel()])
        try listener.waitUntilListening()
        listener.stop()
        var count = 0
        for await _ in listener.events { count += 1 }
        #expect(count == 1)  // the .listening event, then the end
        #expect(!listener.isListening)
    }
}
