/// One row of a ``PostgresResult``.
public struct PostgresRow: Sendable {
    let result: PostgresResult
    let index: Int

    /// The number of columns.
    public var count: Int { result.columns.count }

    /// The cell in column `column` (0-based).
    public subscript(column: Int) -> PostgresCell { result.cell(row: index, column: column) }

    /// The value in column `column` (0-based) as `T`.
    public func decode<T: PostgresDecodable>(_: T.Type = T.self, at column: Int) throws -> T {
        guard column >= 0, column < count else {
            throw PostgresError(.decoding, clientMessage: "column \(column) asked of a row of \(count) columns")
        }
        return try self[column].decode(T.self)
    }

    /// The value in the column named `name` as `T`.
    public func decode<T: PostgresDecodable>(_: T.Type = T.self, column name: String) throws -> T {
        try self[result.column(named: name)].decode(T.self)
    }

    /// The first columns as a tuple of the types given: `let (id, name) = try row.decode(Int.self, String.self)`.
    public func decode<each T: PostgresDecodable>(_ types: repeat (each T).Type) throws -> (repeat each T) {
        var column = 0
        func next<U: PostgresDecodable>(_: U.Type) throws -> U {
            defer { column += 1 }
            return try decode(U.self, at: column)
        }
        return (repeat try next((each T).self))
    }
}
