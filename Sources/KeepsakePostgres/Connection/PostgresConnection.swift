internal import CPostgres
import Foundation
import Synchronization

/// One session with a PostgreSQL server, through libpq.
///
/// Statements run one at a time (a mutex serialises callers) and always with bound parameters: each
/// distinct SQL text is prepared once per connection and then executed with its values sent apart from
/// it. Results arrive in binary format and are read through ``PostgresDecodable``. Every wait is
/// bounded: the connection is made within ``PostgresConfiguration/connectTimeout``, each statement
/// within ``PostgresConfiguration/queryTimeout`` (then canceled), and TCP keepalives notice a
/// vanished server.
///
/// A connection is one server session: once it is lost (the server terminated it, restarted, or
/// stopped answering) it stays lost and every call throws
/// ``PostgresError/Kind-swift.struct/connectionLost``; make a new one (``PostgresPool`` does).
public final class PostgresConnection: Sendable {
    /// How it was made.
    public let configuration: PostgresConfiguration
    /// The server process serving this session (what `pg_backend_pid()` returns, what
    /// `pg_terminate_backend` takes).
    public let backendPID: Int32
    /// The server's version as a number (`150018` for 15.18).
    public let serverVersion: Int

    struct State {
        var handle: ConnectionHandle?
        /// Prepared statements by SQL text and parameter types.
        var statements: [StatementKey: String] = [:]
        var nextStatement = 0
        var inTransaction = false
        /// Whether notifications are kept for ``awaitNotifications(heartbeat:wake:)`` (a listener's
        /// connection) rather than thrown away.
        var keepsNotifications = false
        /// Why the connection cannot be used any more.
        var failure: PostgresError?
    }

    struct StatementKey: Hashable {
        let sql: String
        let types: [UInt32]
    }

    let state: Mutex<State>
    let canceller: CancelHandle
    private let usable = Atomic<Bool>(true)

    /// Connects to `configuration`'s server; throws ``PostgresError/Kind-swift.struct/connectionFailed``
    /// when it cannot (server down, wrong password, no such database) within the connect timeout.
    public init(configuration: PostgresConfiguration) throws {
        self.configuration = configuration
        let parameters = configuration.connectionParameters
        let connection: OpaquePointer? = withCStrings(parameters.map(\.0)) { keywords in
            withCStrings(parameters.map(\.1)) { values in PQconnectdbParams(keywords, values, 1) }
        }
        guard let connection else {
            throw PostgresError(.connectionFailed, clientMessage: "libpq could not allocate a connection", server: configuration.serverDescription)
        }
        let handle = ConnectionHandle(connection)
        guard PQstatus(connection) == CONNECTION_OK else {
            throw PostgresError(.connectionFailed, clientMessage: handle.errorMessage, server: configuration.serverDescription)
        }
        PQsetnonblocking(connection, 1)
        backendPID = PQbackendPID(connection)
        serverVersion = Int(PQserverVersion(connection))
        canceller = CancelHandle(handle)
        state = Mutex(State(handle: handle))
    }

    /// Connects to the server at `url` with the default options.
    public convenience init(url: String) throws {
        try self.init(configuration: PostgresConfiguration(url: url))
    }

    /// Whether the connection can still be used: not closed, and not known to be lost. (A server that
    /// vanished silently is only found out by the next statement or keepalive.)
    public var isUsable: Bool { usable.load(ordering: .acquiring) }

    /// Asks the server to cancel the statement running on this connection now, from any thread; the
    /// statement then fails with ``PostgresError/Kind-swift.struct/queryCanceled``. Harmless when idle.
    public func cancel() { canceller.cancel() }

    /// Closes the session (waiting for a running statement to finish); later calls throw
    /// ``PostgresError/Kind-swift.struct/closed``.
    public func close() {
        state.withLock { state in
            if state.failure == nil {
                state.failure = PostgresError(.closed, clientMessage: "the connection was closed", server: configuration.serverDescription)
            }
            state.handle = nil
        }
        usable.store(false, ordering: .releasing)
    }

    /// Checks without a round trip whether the server has ended the session while it sat idle (a
    /// terminated backend or a restart leave a FATAL message and an end of file on the socket);
    /// returns ``isUsable`` afterwards.
    @discardableResult
    public func checkIdleConnection() -> Bool {
        state.withLock { state in
            guard let handle = state.handle, state.failure == nil else { return }
            // Read while the socket has something: the goodbye message, then the end of file.
            for _ in 0..<4 {
                guard SocketWait.wait(handle.socket, until: .now) == .ready else { break }
                let consumed = PQconsumeInput(handle.pointer) == 1
                _ = PQisBusy(handle.pointer)  // parses what arrived, passing a goodbye to the notice log
                if !consumed || handle.isBad || handle.notices.serverGoodbye != nil {
                    let goodbye = handle.notices.serverGoodbye
                    markLost(&state, PostgresError(.connectionLost, sqlState: goodbye?.sqlState,
                                                   clientMessage: goodbye?.message ?? handle.errorMessage, server: configuration.serverDescription))
                    return
                }
                drainNotifications(handle, state)
            }
        }
        return isUsable
    }

    /// Records that the session is gone and drops it.
    func markLost(_ state: inout State, _ error: PostgresError) {
        if state.failure == nil { state.failure = error }
        state.handle = nil
        state.statements = [:]
        usable.store(false, ordering: .releasing)
    }

    /// The live handle, or the error saying why there is none.
    func usableHandle(_ state: inout State) throws -> ConnectionHandle {
        if let failure = state.failure { throw failure }
        guard let handle = state.handle else {
            throw PostgresError(.closed, clientMessage: "the connection was closed", server: configuration.serverDescription)
        }
        return handle
    }

    /// Frees notifications queued on a connection nobody listens on.
    func drainNotifications(_ handle: ConnectionHandle, _ state: State) {
        guard !state.keepsNotifications else { return }
        while let notification = PQnotifies(handle.pointer) { PQfreemem(notification) }
    }
}

/// Calls `body` with a NULL-terminated array of C strings.
func withCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> R) -> R {
    let copies = strings.map { strdup($0) }
    defer { copies.forEach { free($0) } }
    var pointers: [UnsafePointer<CChar>?] = copies.map { UnsafePointer($0) }
    pointers.append(nil)
    return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
}
