internal import CSQLite
import Foundation

/// A value bound to a statement parameter.
enum SQLValue {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob(Data)

    static func int(_ value: Int) -> SQLValue { .integer(Int64(value)) }
    static func optionalText(_ value: String?) -> SQLValue { value.map(SQLValue.text) ?? .null }
    static func optionalReal(_ value: Double?) -> SQLValue { value.map(SQLValue.real) ?? .null }
}

/// A prepared statement owned by a ``Database``.
final class Statement {
    private let raw: OpaquePointer
    private unowned let database: Database
    let sql: String

    init(raw: OpaquePointer, database: Database, sql: String) {
        self.raw = raw
        self.database = database
        self.sql = sql
    }

    deinit { sqlite3_finalize(raw) }

    /// Resets the statement and clears its bindings.
    func reset() {
        sqlite3_reset(raw)
        sqlite3_clear_bindings(raw)
    }

    /// Binds values to parameters 1...n.
    func bind(_ values: [SQLValue]) throws {
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let rc: Int32
            switch value {
            case .null: rc = sqlite3_bind_null(raw, index)
            case .integer(let v): rc = sqlite3_bind_int64(raw, index, v)
            case .real(let v): rc = sqlite3_bind_double(raw, index, v)
            case .text(let v): rc = sqlite3_bind_text(raw, index, v, -1, keepsake_sqlite_transient())
            case .blob(let v):
                rc = v.withUnsafeBytes { buffer in
                    sqlite3_bind_blob(raw, index, buffer.baseAddress, Int32(buffer.count), keepsake_sqlite_transient())
                }
            }
            guard rc == SQLITE_OK else { throw error(rc) }
        }
    }

    /// Steps once; `true` while a row is available.
    func step() throws -> Bool {
        let rc = sqlite3_step(raw)
        switch rc {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            let failure = error(rc)
            sqlite3_reset(raw)
            throw failure
        }
    }

    private func error(_ rc: Int32) -> SQLiteError {
        SQLiteError(code: sqlite3_extended_errcode(database.handle), message: String(cString: sqlite3_errmsg(database.handle)), sql: sql)
    }

    func isNull(_ column: Int32) -> Bool { sqlite3_column_type(raw, column) == SQLITE_NULL }
    func isInteger(_ column: Int32) -> Bool { sqlite3_column_type(raw, column) == SQLITE_INTEGER }
    func isText(_ column: Int32) -> Bool { sqlite3_column_type(raw, column) == SQLITE_TEXT }
    func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(raw, column) }
    func int(_ column: Int32) -> Int { Int(sqlite3_column_int64(raw, column)) }
    func double(_ column: Int32) -> Double { sqlite3_column_double(raw, column) }
    func optionalDouble(_ column: Int32) -> Double? { isNull(column) ? nil : double(column) }
    func text(_ column: Int32) -> String? {
        guard let pointer = sqlite3_column_text(raw, column) else { return nil }
        return String(cString: pointer)
    }
    func requiredText(_ column: Int32) -> String { text(column) ?? "" }
    /// The bytes of a BLOB (or text) column; empty for NULL or a zero-length value.
    func blob(_ column: Int32) -> [UInt8] {
        let count = Int(sqlite3_column_bytes(raw, column))
        guard count > 0, let pointer = sqlite3_column_blob(raw, column) else { return [] }
        return Array(UnsafeRawBufferPointer(start: pointer, count: count))
    }
}
