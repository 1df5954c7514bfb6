internal import CPostgres
import Foundation

extension PostgresConnection {
    /// Runs `body` inside one transaction on this connection: `BEGIN` with the isolation level given,
    /// then `COMMIT` if `body` returns, `ROLLBACK` if it throws (rethrowing its error).
    ///
    /// The commit is the single moment the work takes effect. Errors of the commit itself are typed: a
    /// ``PostgresError/Kind-swift.struct/serializationFailure`` or a constraint violation there means it was
    /// rolled back; ``PostgresError/Kind-swift.struct/commitOutcomeUnknown`` means the connection ended while
    /// COMMIT was on its way, so it may or may not have happened. If `body` caught a failed statement's
    /// error and returned anyway, the transaction is rolled back and
    /// ``PostgresError/Kind-swift.struct/misuse`` thrown: PostgreSQL would have turned the COMMIT into a
    /// ROLLBACK silently.
    public func transaction<T>(isolation: PostgresIsolation = .readCommitted, readOnly: Bool = false,
                               _ body: (PostgresConnection) throws -> T) throws -> T {
        try state.withLock { state in
            if state.inTransaction {
                throw PostgresError(.misuse, clientMessage: "a transaction was begun inside another on one connection", server: configuration.serverDescription)
            }
            let handle = try usableHandle(&state)
            _ = try runUnprepared("BEGIN ISOLATION LEVEL \(isolation.rawValue) \(readOnly ? "READ ONLY" : "READ WRITE")", handle, &state)
            state.inTransaction = true
        }
        let value: T
        do {
            value = try body(self)
        } catch {
            rollbackAfterFailure()
            throw error
        }
        try commit()
        return value
    }

    /// Runs `body` in a transaction, again and again while it fails with a serialization failure or a
    /// deadlock, as `policy` allows (pausing with jittered backoff between attempts). A lost connection
    /// ends the attempts: on this connection there is no next one (``PostgresPool/transaction(isolation:readOnly:retry:_:)``
    /// retries on a fresh connection).
    public func transaction<T>(isolation: PostgresIsolation = .readCommitted, readOnly: Bool = false,
                               retry policy: PostgresRetryPolicy, _ body: (PostgresConnection) throws -> T) throws -> T {
        var attempt = 1
        while true {
            do {
                return try transaction(isolation: isolation, readOnly: readOnly, body)
            } catch let error as PostgresError where policy.shouldRetry(error, afterAttempt: attempt) && isUsable {
                policy.pause(beforeAttempt: attempt + 1)
                attempt += 1
            }
        }
    }

    /// Whether a transaction begun by ``transaction(isolation:readOnly:_:)`` is open.
    public var isInTransaction: Bool { state.withLock { $0.inTransaction } }

    private func commit() throws {
        try state.withLock { state in
            state.inTransaction = false
            let handle = try usableHandle(&state)
            if PQtransactionStatus(handle.pointer) == PQTRANS_INERROR {
                _ = try runUnprepared("ROLLBACK", handle, &state)
                throw PostgresError(.misuse, clientMessage: "a statement failed inside the transaction and its error was caught; the transaction was rolled back",
                                    server: configuration.serverDescription)
            }
            do {
                _ = try runUnprepared("COMMIT", handle, &state)
            } catch let error as PostgresError where error.kind == .connectionLost {
                throw error.with(kind: .commitOutcomeUnknown)
            }
        }
    }

    /// Rolls back after `body` failed; a connection that cannot even do that is given up.
    private func rollbackAfterFailure() {
        state.withLock { state in
            state.inTransaction = false
            guard let handle = state.handle, state.failure == nil else { return }
            do {
                _ = try runUnprepared("ROLLBACK", handle, &state)
            } catch {
                markLost(&state, (error as? PostgresError) ?? PostgresError(.connectionLost, server: configuration.serverDescription))
            }
        }
    }
}
