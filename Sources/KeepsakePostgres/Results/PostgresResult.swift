internal import CPostgres
import Foundation

/// The rows a statement returned (none for most writes), all in memory, and the number of rows it
/// affected. A collection of ``PostgresRow``.
public struct PostgresResult: Sendable, RandomAccessCollection {
    let handle: ResultHandle
    /// The columns, in order.
    public let columns: [PostgresColumn]
    /// Rows inserted, updated, deleted, selected or copied, as the server's command tag says; 0 for
    /// commands that affect none.
    public let affectedRows: Int
    private let columnIndex: [String: Int]

    init(_ handle: ResultHandle) {
        self.handle = handle
        let result = handle.pointer
        var columns: [PostgresColumn] = []
        var index: [String: Int] = [:]
        for column in 0..<PQnfields(result) {
            let name = String(cString: PQfname(result, column))
            columns.append(PostgresColumn(name: name, type: PostgresTypeOID(rawValue: PQftype(result, column))))
            if index[name] == nil { index[name] = Int(column) }
        }
        self.columns = columns
        self.columnIndex = index
        affectedRows = Int(String(cString: PQcmdTuples(result))) ?? 0
        endIndex = Int(PQntuples(result))
    }

    /// The first row's position (0).
    public var startIndex: Int { 0 }
    /// One past the last row.
    public let endIndex: Int
    /// The row at `position`.
    public subscript(position: Int) -> PostgresRow { PostgresRow(result: self, index: position) }

    /// The position of the first column named `name`.
    func column(named name: String) throws -> Int {
        guard let index = columnIndex[name] else {
            throw PostgresError(.decoding, clientMessage: "the result has no column \"\(name)\" (it has \(columns.map(\.name).joined(separator: ", ")))")
        }
        return index
    }

    /// The cell at `row`, `column`.
    func cell(row: Int, column: Int) -> PostgresCell {
        let result = handle.pointer
        let bytes: Data? = PQgetisnull(result, Int32(row), Int32(column)) == 1 ? nil
            : Data(bytes: PQgetvalue(result, Int32(row), Int32(column)), count: Int(PQgetlength(result, Int32(row), Int32(column))))
        return PostgresCell(bytes: bytes, type: columns[column].type, columnName: columns[column].name)
    }

    /// The only row's only value as `T`: for `SELECT count(*)`, `… RETURNING id` and the like.
    /// Throws ``PostgresError/Kind-swift.struct/decoding`` unless there is exactly one row.
    public func scalar<T: PostgresDecodable>(_: T.Type = T.self) throws -> T {
        guard count == 1, !columns.isEmpty else {
            throw PostgresError(.decoding, clientMessage: "expected one row with a value, the statement returned \(count) rows of \(columns.count) columns")
        }
        return try self[0].decode(T.self, at: 0)
    }
}
