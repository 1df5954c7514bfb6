extension PostgresError {
    /// The kinds of failure callers act on differently. A struct around a private enum, so kinds can be
    /// added without breaking a `switch` elsewhere; compare with `==`.
    public struct Kind: Hashable, Sendable, CustomStringConvertible {
        private enum Base: Hashable, Sendable {
            case connectionFailed, connectionLost, commitOutcomeUnknown, serializationFailure, uniqueViolation
            case foreignKeyViolation, diskFull, queryCanceled, lockNotAvailable, poolTimeout, closed
            case decoding, invalidConfiguration, misuse, other
        }
        private let base: Base
        private init(_ base: Base) { self.base = base }

        /// No connection could be made: the server is down or unreachable, refused the login, or the
        /// database does not exist.
        public static let connectionFailed = Kind(.connectionFailed)
        /// The connection ended (the server closed it, restarted, or stopped answering) before the
        /// statement's outcome was known; outside COMMIT that means the work was not committed.
        public static let connectionLost = Kind(.connectionLost)
        /// The connection ended while COMMIT was on its way: the transaction may or may not have been
        /// committed. Only what is in the database afterwards can tell.
        public static let commitOutcomeUnknown = Kind(.commitOutcomeUnknown)
        /// A serialization failure (40001) or a deadlock (40P01): the server rolled the transaction back
        /// and running it again may succeed.
        public static let serializationFailure = Kind(.serializationFailure)
        /// A unique constraint refused a duplicate (23505).
        public static let uniqueViolation = Kind(.uniqueViolation)
        /// A foreign key refused a row that refers to nothing, or a delete that would leave a row
        /// referring to nothing (23503).
        public static let foreignKeyViolation = Kind(.foreignKeyViolation)
        /// The server's disk is full (53100).
        public static let diskFull = Kind(.diskFull)
        /// The statement was canceled: by a cancel request, a statement timeout or this client's
        /// deadline (57014).
        public static let queryCanceled = Kind(.queryCanceled)
        /// A lock could not be had at once (`NOWAIT`, `lock_timeout`: 55P03).
        public static let lockNotAvailable = Kind(.lockNotAvailable)
        /// No pooled connection became free in time.
        public static let poolTimeout = Kind(.poolTimeout)
        /// The connection, pool, listener or lock session was closed by its owner.
        public static let closed = Kind(.closed)
        /// A value could not be read as the Swift type asked for (wrong column type, NULL, bad bytes).
        public static let decoding = Kind(.decoding)
        /// The connection URL or an option is malformed.
        public static let invalidConfiguration = Kind(.invalidConfiguration)
        /// The API was used in a way it does not allow (a transaction inside a transaction, say).
        public static let misuse = Kind(.misuse)
        /// Any other error the server reported; ``PostgresError/sqlState`` says which.
        public static let other = Kind(.other)

        /// The kind of a server error with this SQLSTATE, on a connection still open.
        static func classify(sqlState: String) -> Kind {
            switch sqlState {
            case "40001", "40P01": return .serializationFailure
            case "23505": return .uniqueViolation
            case "23503": return .foreignKeyViolation
            case "53100": return .diskFull
            case "57014": return .queryCanceled
            case "55P03": return .lockNotAvailable
            // Connection exceptions, and the server shutting down or terminating this session.
            case _ where sqlState.hasPrefix("08"), "57P01", "57P02", "57P03", "57P05": return .connectionLost
            case "28000", "28P01", "3D000": return .connectionFailed
            default: return .other
            }
        }

        /// The kind's name, in words.
        public var description: String {
            switch base {
            case .connectionFailed: "connection failed"
            case .connectionLost: "connection lost"
            case .commitOutcomeUnknown: "commit outcome unknown"
            case .serializationFailure: "serialization failure"
            case .uniqueViolation: "unique violation"
            case .foreignKeyViolation: "foreign key violation"
            case .diskFull: "disk full"
            case .queryCanceled: "query canceled"
            case .lockNotAvailable: "lock not available"
            case .poolTimeout: "pool timeout"
            case .closed: "closed"
            case .decoding: "decoding error"
            case .invalidConfiguration: "invalid configuration"
            case .misuse: "misuse"
            case .other: "error"
            }
        }

        /// What a person (or the calling code) should do about it.
        public var remedy: String {
            switch base {
            case .connectionFailed:
                "Check that the server is running and reachable, and the URL's host, port, user, password and database."
            case .connectionLost:
                "The work in flight was not committed; check the server (restart, network, pg_terminate_backend) and retry on a new connection."
            case .commitOutcomeUnknown:
                "The transaction may have been committed or not: read the database to find out before doing it again."
            case .serializationFailure:
                "The transaction was rolled back because it conflicted with another; run it again."
            case .uniqueViolation:
                "A row with the same unique value exists already; nothing was changed."
            case .foreignKeyViolation:
                "The change would leave a reference to a missing row; nothing was changed."
            case .diskFull:
                "Free space on the database server's disk, then retry; nothing was changed."
            case .queryCanceled:
                "The statement took too long or was canceled; nothing it did was kept. Retry, or raise the timeout."
            case .lockNotAvailable:
                "Another session holds the lock; retry later."
            case .poolTimeout:
                "Every pooled connection stayed busy; raise the pool size or find what holds connections."
            case .closed:
                "Open a new one."
            case .decoding:
                "Read the column as its own type, or cast it in SQL."
            case .invalidConfiguration:
                "Correct the PostgreSQL URL or option."
            case .misuse:
                "Fix the calling code."
            case .other:
                "See the server's message."
            }
        }
    }
}
