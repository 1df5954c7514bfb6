/// A failure of a PostgreSQL operation, kept as data: what kind of failure it is, the server's
/// SQLSTATE and fields when the server reported it, libpq's own message when the client did, and the
/// statement that failed.
///
/// Neither the statement text nor the server's `DETAIL` (which can quote row values) is part of
/// ``description``, so an error can be logged or shown without leaking data; both are in
/// ``debugDescription`` and in the properties for whoever needs them.
public struct PostgresError: Error, Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    /// What kind of failure this is.
    public let kind: Kind
    /// The five-character SQLSTATE the server sent (e.g. `23505`), when the server reported the error.
    public let sqlState: String?
    /// The fields of the server's error report, when the server reported the error.
    public let serverFields: PostgresServerFields?
    /// libpq's or this module's explanation, when the failure was seen on the client side (a refused
    /// connection, a lost socket, a value of the wrong type).
    public let clientMessage: String?
    /// The statement that failed, if any. Never part of ``description``.
    public let query: String?
    /// The server the connection was made to, as `host:port/database` (never the password).
    public let server: String?

    /// Creates an error; the module builds these, tests may too.
    public init(_ kind: Kind, sqlState: String? = nil, serverFields: PostgresServerFields? = nil,
                clientMessage: String? = nil, query: String? = nil, server: String? = nil) {
        self.kind = kind
        self.sqlState = sqlState
        self.serverFields = serverFields
        self.clientMessage = clientMessage
        self.query = query
        self.server = server
    }

    /// Whether running the whole transaction again may succeed: a serialization failure or a
    /// deadlock (the server rolled the transaction back).
    public var isRetryable: Bool { kind == .serializationFailure }

    /// One sentence saying what failed and what to do; no statement text, no row values.
    public var description: String {
        var text = "PostgreSQL \(kind)"
        if let sqlState { text += " (SQLSTATE \(sqlState))" }
        if let server { text += " on \(server)" }
        if let message = serverFields?.message ?? clientMessage {
            text += ": " + message.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        if let constraint = serverFields?.constraintName {
            text += " [constraint \(constraint)" + (serverFields?.tableName.map { " on \($0)" } ?? "") + "]"
        }
        return text + ". " + kind.remedy
    }

    /// ``description`` plus the server's detail and hint and the statement that failed.
    public var debugDescription: String {
        var text = description
        if let detail = serverFields?.detail { text += " Detail: \(detail)." }
        if let hint = serverFields?.hint { text += " Hint: \(hint)." }
        if let query { text += " Statement: \(query)" }
        return text
    }

    /// A copy naming the statement that failed.
    func with(query: String) -> PostgresError {
        PostgresError(kind, sqlState: sqlState, serverFields: serverFields, clientMessage: clientMessage, query: query, server: server)
    }

    /// A copy of another kind, keeping everything else.
    func with(kind: Kind) -> PostgresError {
        PostgresError(kind, sqlState: sqlState, serverFields: serverFields, clientMessage: clientMessage, query: query, server: server)
    }
}
