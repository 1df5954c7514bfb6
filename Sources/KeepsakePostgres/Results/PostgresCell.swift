public import Foundation

/// One value of a result row in the server's binary format, with its column's name and type.
public struct PostgresCell: Sendable {
    /// The value's bytes in binary format; `nil` for SQL NULL.
    public let bytes: Data?
    /// The column's type.
    public let type: PostgresTypeOID
    /// The column's name.
    public let columnName: String

    /// Creates a cell (results make these; tests may too).
    public init(bytes: Data?, type: PostgresTypeOID, columnName: String) {
        self.bytes = bytes
        self.type = type
        self.columnName = columnName
    }

    /// Whether the value is SQL NULL.
    public var isNull: Bool { bytes == nil }

    /// The value as `T`; throws ``PostgresError/Kind-swift.struct/decoding`` when the column's type or the
    /// bytes do not fit `T` (NULL fits only an optional).
    public func decode<T: PostgresDecodable>(_: T.Type = T.self) throws -> T {
        try T(postgresCell: self)
    }

    /// The error for a value that `T` cannot be made from.
    func mismatch(_ swiftType: Any.Type, _ reason: String? = nil) -> PostgresError {
        PostgresError(.decoding, clientMessage: "column \"\(columnName)\" of type \(type) cannot be read as \(swiftType)"
                      + (reason.map { ": \($0)" } ?? ""))
    }

    /// The non-NULL bytes, or the error for NULL.
    func require(_ swiftType: Any.Type) throws -> Data {
        guard let bytes else { throw mismatch(swiftType, "it is NULL (read it as an optional)") }
        return bytes
    }

    /// The bytes as a big-endian integer of `count` bytes.
    func integer(_ swiftType: Any.Type, count: Int) throws -> Int64 {
        let bytes = try require(swiftType)
        guard bytes.count == count else { throw mismatch(swiftType, "\(bytes.count) bytes for a \(count)-byte integer") }
        var value: Int64 = bytes.first.map { $0 & 0x80 != 0 ? -1 : 0 } ?? 0
        for byte in bytes { value = value << 8 | Int64(byte) }
        return value
    }
}
