/// The fields of an error report sent by the PostgreSQL server (the protocol's ErrorResponse), as
/// libpq hands them over. Only ``severity`` and ``message`` are always present.
public struct PostgresServerFields: Sendable, Hashable {
    /// `ERROR`, `FATAL` or `PANIC` (never localised).
    public var severity: String?
    /// The primary message, one line.
    public var message: String?
    /// A secondary message with more detail; it may quote row values, so it is kept out of
    /// ``PostgresError/description``.
    public var detail: String?
    /// A suggestion of what to do.
    public var hint: String?
    /// The 1-based character position of the error in the statement.
    public var position: Int?
    /// The context: a call stack of procedural functions and internal queries.
    public var context: String?
    /// The schema of the object concerned.
    public var schemaName: String?
    /// The table concerned.
    public var tableName: String?
    /// The column concerned.
    public var columnName: String?
    /// The data type concerned.
    public var dataTypeName: String?
    /// The constraint (or index) concerned.
    public var constraintName: String?
    /// The server source file, line and routine that reported the error.
    public var sourceLocation: String?

    /// Creates a set of fields.
    public init(severity: String? = nil, message: String? = nil, detail: String? = nil, hint: String? = nil,
                position: Int? = nil, context: String? = nil, schemaName: String? = nil, tableName: String? = nil,
                columnName: String? = nil, dataTypeName: String? = nil, constraintName: String? = nil,
                sourceLocation: String? = nil) {
        self.severity = severity
        self.message = message
        self.detail = detail
        self.hint = hint
        self.position = position
        self.context = context
        self.schemaName = schemaName
        self.tableName = tableName
        self.columnName = columnName
        self.dataTypeName = dataTypeName
        self.constraintName = constraintName
        self.sourceLocation = sourceLocation
    }
}
