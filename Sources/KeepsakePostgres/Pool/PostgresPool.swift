import Dispatch
import Foundation
import Synchronization

/// A small pool of connections to one server, shared by the threads of a process.
///
/// At most ``maxConnections`` sessions are open; a caller that finds them all busy waits up to
/// ``acquireTimeout`` and then gets ``PostgresError/Kind-swift.struct/poolTimeout``. A connection found
/// dead (the server terminated it or restarted while it sat idle, which the socket tells without a
/// round trip) is dropped and replaced before it is handed out; one that failed while in use is
/// dropped when it comes back.
///
/// Session state does not survive a return to the pool: do not take session-level advisory locks or
/// `SET` session settings on a pooled connection (use ``PostgresLockSession`` for locks,
/// ``PostgresConfiguration/sessionSettings`` for settings).
public final class PostgresPool: Sendable {
    /// How each connection is made.
    public let configuration: PostgresConfiguration
    /// The most sessions open at once.
    public let maxConnections: Int
    /// How long a caller waits for a free connection.
    public let acquireTimeout: Duration

    private struct State {
        var idle: [PostgresConnection] = []
        var open = 0
        var closed = false
    }
    private let state = Mutex(State())
    /// One permit per connection that may be in use.
    private let permits: DispatchSemaphore

    /// A pool for `configuration`; no connection is made until one is needed.
    public init(configuration: PostgresConfiguration, maxConnections: Int = 4, acquireTimeout: Duration = .seconds(10)) {
        self.configuration = configuration
        self.maxConnections = max(1, maxConnections)
        self.acquireTimeout = acquireTimeout
        permits = DispatchSemaphore(value: self.maxConnections)
    }

    /// Sessions open now (idle and in use).
    public var openConnections: Int { state.withLock { $0.open } }
    /// Sessions open and idle now.
    public var idleConnections: Int { state.withLock { $0.idle.count } }

    /// Runs `body` with a connection of its own; the connection goes back to the pool afterwards (or
    /// is dropped, if it was lost or left inside a transaction).
    public func withConnection<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
        let connection = try acquire()
        defer { release(connection) }
        return try body(connection)
    }

    /// Runs `body` in a transaction on a pooled connection, again on a fresh one after a serialization
    /// failure, a deadlock or (if the policy says so) a connection lost before the commit was sent, as
    /// `retry` allows. `body` may therefore run more than once: keep what it does outside the database
    /// repeatable. ``PostgresError/Kind-swift.struct/commitOutcomeUnknown`` is never retried.
    public func transaction<T>(isolation: PostgresIsolation = .readCommitted, readOnly: Bool = false,
                               retry policy: PostgresRetryPolicy = .default, _ body: (PostgresConnection) throws -> T) throws -> T {
        var attempt = 1
        while true {
            do {
                return try withConnection { connection in try connection.transaction(isolation: isolation, readOnly: readOnly, body) }
            } catch let error as PostgresError where policy.shouldRetry(error, afterAttempt: attempt) {
                policy.pause(beforeAttempt: attempt + 1)
                attempt += 1
            }
        }
    }

    /// Closes the idle connections and refuses new work; connections in use are closed as they come back.
    public func close() {
        let idle = state.withLock { state -> [PostgresConnection] in
            state.closed = true
            defer { state.open -= state.idle.count; state.idle = [] }
            return state.idle
        }
        idle.forEach { $0.close() }
    }

    private func acquire() throws -> PostgresConnection {
        let (seconds, attoseconds) = acquireTimeout.components
        let timeout = DispatchTime.now() + .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
        guard permits.wait(timeout: timeout) == .success else {
            throw PostgresError(.poolTimeout, clientMessage: "all \(maxConnections) connections stayed busy for \(acquireTimeout)",
                                server: configuration.serverDescription)
        }
        while true {
            let next = state.withLock { state -> Result<PostgresConnection?, PostgresError> in
                if state.closed { return .failure(PostgresError(.closed, clientMessage: "the pool was closed", server: configuration.serverDescription)) }
                if let connection = state.idle.popLast() { return .success(connection) }
                state.open += 1
                return .success(nil)
            }
            switch next {
            case .failure(let error):
                permits.signal()
                throw error
            case .success(let idle?):
                if idle.checkIdleConnection() { return idle }
                state.withLock { $0.open -= 1 }
                idle.close()
            case .success(nil):
                do {
                    return try PostgresConnection(configuration: configuration)
                } catch {
                    state.withLock { $0.open -= 1 }
                    permits.signal()
                    throw error
                }
            }
        }
    }

    private func release(_ connection: PostgresConnection) {
        let keep = connection.isUsable && !connection.isInTransaction
        let closeIt = state.withLock { state -> Bool in
            if keep && !state.closed {
                state.idle.append(connection)
                return false
            }
            state.open -= 1
            return true
        }
        if closeIt { connection.close() }
        permits.signal()
    }
}
