import Foundation
import Synchronization

/// Receives `LISTEN/NOTIFY` notifications on a connection of its own, on a thread of its own, and
/// delivers them as an `AsyncStream` (``events``) and, if given, to a callback.
///
/// It never gives up: when its connection is lost it reports ``PostgresListenerEvent/connectionLost(_:)``,
/// connects again (pausing ``reconnectDelay`` between attempts) and reports
/// ``PostgresListenerEvent/listening(reconnected:)``; notifications sent while it was away are lost, which
/// is why that event says so. An idle connection is checked with a round trip every
/// ``heartbeatInterval`` so a silently vanished server is noticed too.
public final class PostgresListener: Sendable {
    /// The channels listened on.
    public let channels: [String]
    /// Every event, in order. The stream ends when the listener is stopped.
    public let events: AsyncStream<PostgresListenerEvent>
    /// The pause between attempts to connect again.
    public let reconnectDelay: Duration
    /// How long an idle connection goes unchecked.
    public let heartbeatInterval: Duration

    private let core: Core

    /// Starts listening on `channels` (names as given, quoted for SQL here). Returns at once; use
    /// ``waitUntilListening(timeout:)`` before relying on notifications being seen.
    public init(configuration: PostgresConfiguration, channels: [String], reconnectDelay: Duration = .milliseconds(250),
                heartbeatInterval: Duration = .seconds(5), handler: (@Sendable (PostgresListenerEvent) -> Void)? = nil) {
        self.channels = channels
        self.reconnectDelay = reconnectDelay
        self.heartbeatInterval = heartbeatInterval
        let (stream, continuation) = AsyncStream.makeStream(of: PostgresListenerEvent.self)
        events = stream
        core = Core(configuration: configuration, channels: channels, reconnectDelay: reconnectDelay,
                    heartbeatInterval: heartbeatInterval, continuation: continuation, handler: handler)
        core.start()
    }

    /// Whether `LISTEN` is in force now.
    public var isListening: Bool { core.listening.load(ordering: .acquiring) }

    /// Blocks until `LISTEN` is in force (the first time or after a reconnection), or throws
    /// ``PostgresError/Kind-swift.struct/connectionFailed`` after `timeout` with the last error seen.
    public func waitUntilListening(timeout: Duration = .seconds(10)) throws {
        let deadline = ContinuousClock.now + timeout
        while !isListening {
            if ContinuousClock.now >= deadline {
                throw core.lastError.withLock { $0 }?.with(kind: .connectionFailed)
                    ?? PostgresError(.connectionFailed, clientMessage: "the listener did not start listening within \(timeout)")
            }
            Thread.sleep(forTimeInterval: 0.005)
        }
    }

    /// Stops listening, closes the connection, ends ``events``; waits for the thread to finish.
    public func stop() { core.stop() }

    deinit { core.stop() }

    /// The thread's state, apart from the public object so the thread does not keep it alive.
    final class Core: Sendable {
        let configuration: PostgresConfiguration
        let channels: [String]
        let reconnectDelay: Duration
        let heartbeatInterval: Duration
        let continuation: AsyncStream<PostgresListenerEvent>.Continuation
        let handler: (@Sendable (PostgresListenerEvent) -> Void)?
        let listening = Atomic<Bool>(false)
        let stopped = Atomic<Bool>(false)
        let lastError = Mutex<PostgresError?>(nil)
        let wake = WakeEvent()
        let finished = DispatchSemaphore(value: 0)
        let started = Atomic<Bool>(false)

        init(configuration: PostgresConfiguration, channels: [String], reconnectDelay: Duration, heartbeatInterval: Duration,
             continuation: AsyncStream<PostgresListenerEvent>.Continuation, handler: (@Sendable (PostgresListenerEvent) -> Void)?) {
            self.configuration = configuration
            self.channels = channels
            self.reconnectDelay = reconnectDelay
            self.heartbeatInterval = heartbeatInterval
            self.continuation = continuation
            self.handler = handler
        }

        func start() {
            started.store(true, ordering: .releasing)
            let thread = Thread { [self] in run(); finished.signal() }
            thread.name = "keepsake-postgres-listener"
            thread.start()
        }

        func stop() {
            guard started.load(ordering: .acquiring), !stopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
            wake.signal()
            finished.wait()
        }

        private func emit(_ event: PostgresListenerEvent) {
            continuation.yield(event)
            handler?(event)
        }

        private func run() {
            var reconnected = false
            var reportedLoss = false
            while !stopped.load(ordering: .acquiring) {
                do {
                    let connection = try PostgresConnection(configuration: configuration)
                    defer { connection.close() }
                    try connection.listen(on: channels)
                    listening.store(true, ordering: .releasing)
                    emit(.listening(reconnected: reconnected))
                    reportedLoss = false
                    while !stopped.load(ordering: .acquiring) {
                        guard let notifications = try connection.awaitNotifications(heartbeat: heartbeatInterval, wake: wake) else { break }
                        notifications.forEach { emit(.notification($0)) }
                    }
                } catch {
                    let failure = (error as? PostgresError) ?? PostgresError(.connectionLost, clientMessage: "\(error)")
                    lastError.withLock { $0 = failure }
                    let wasListening = listening.exchange(false, ordering: .acquiringAndReleasing)
                    if wasListening || !reportedLoss {
                        emit(.connectionLost(failure))
                        reportedLoss = true
                    }
                    reconnected = true
                    if wake.sleep(reconnectDelay) { break }
                }
            }
            listening.store(false, ordering: .releasing)
            continuation.finish()
        }
    }
}
