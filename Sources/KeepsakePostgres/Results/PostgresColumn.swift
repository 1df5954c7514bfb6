/// One column of a result: its name and type.
public struct PostgresColumn: Sendable, Hashable {
    /// The column's name (its alias, if the statement gave one).
    public let name: String
    /// The column's type.
    public let type: PostgresTypeOID
}
