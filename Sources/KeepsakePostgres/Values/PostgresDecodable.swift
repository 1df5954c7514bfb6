public import Foundation

/// A Swift type that can be read from a result cell in binary format.
public protocol PostgresDecodable: Sendable {
    /// Reads the value; throws ``PostgresError/Kind-swift.struct/decoding`` when the cell does not hold one.
    init(postgresCell cell: PostgresCell) throws
}

extension String: PostgresDecodable {
    /// Text-like columns (`text`, `varchar`, `char(n)`, `name`, `json`, `jsonb`, untyped literals),
    /// `uuid` in its canonical form and `numeric` in decimal.
    public init(postgresCell cell: PostgresCell) throws {
        let bytes = try cell.require(String.self)
        switch cell.type {
        case .text, .varchar, .bpchar, .name, .json, .unknown, .char:
            self = String(decoding: bytes, as: UTF8.self)
        case .jsonb:
            guard bytes.first == 1 else { throw cell.mismatch(String.self, "unknown jsonb format version") }
            self = String(decoding: bytes.dropFirst(), as: UTF8.self)
        case .uuid:
            self = try UUID(postgresCell: cell).uuidString.lowercased()
        case .numeric:
            self = try PostgresNumeric.text(binary: bytes, cell: cell)
        default:
            throw cell.mismatch(String.self, "cast it to text in SQL")
        }
    }
}

extension Int64: PostgresDecodable {
    /// `smallint`, `integer`, `bigint`, `oid`, and a `numeric` without a fractional part.
    public init(postgresCell cell: PostgresCell) throws {
        switch cell.type {
        case .int2: self = try cell.integer(Int64.self, count: 2)
        case .int4: self = try cell.integer(Int64.self, count: 4)
        case .int8: self = try cell.integer(Int64.self, count: 8)
        case .oid: self = try cell.integer(Int64.self, count: 4) & 0xFFFF_FFFF
        case .numeric:
            let text = try PostgresNumeric.text(binary: cell.require(Int64.self), cell: cell)
            guard let value = Int64(text) else { throw cell.mismatch(Int64.self, "\(text) is not a whole 64-bit number") }
            self = value
        default: throw cell.mismatch(Int64.self)
        }
    }
}

extension Int: PostgresDecodable {
    /// Whatever ``Swift/Int64`` reads.
    public init(postgresCell cell: PostgresCell) throws { self = Int(try Int64(postgresCell: cell)) }
}

extension Int32: PostgresDecodable {
    /// `smallint`, `integer`, and larger integers whose value fits.
    public init(postgresCell cell: PostgresCell) throws {
        let value = try Int64(postgresCell: cell)
        guard let narrow = Int32(exactly: value) else { throw cell.mismatch(Int32.self, "\(value) does not fit") }
        self = narrow
    }
}

extension Int16: PostgresDecodable {
    /// `smallint`, and larger integers whose value fits.
    public init(postgresCell cell: PostgresCell) throws {
        let value = try Int64(postgresCell: cell)
        guard let narrow = Int16(exactly: value) else { throw cell.mismatch(Int16.self, "\(value) does not fit") }
        self = narrow
    }
}

extension Double: PostgresDecodable {
    /// `double precision`, `real`, the integer types and `numeric` (rounded to the nearest double).
    public init(postgresCell cell: PostgresCell) throws {
        switch cell.type {
        case .float8: self = Double(bitPattern: UInt64(bitPattern: try cell.integer(Double.self, count: 8)))
        case .float4: self = Double(Float(bitPattern: UInt32(truncatingIfNeeded: try cell.integer(Double.self, count: 4))))
        case .int2, .int4, .int8: self = Double(try Int64(postgresCell: cell))
        case .numeric:
            let text = try PostgresNumeric.text(binary: cell.require(Double.self), cell: cell)
            guard let value = Double(text) else { throw cell.mismatch(Double.self, "\(text)") }
            self = value
        default: throw cell.mismatch(Double.self)
        }
    }
}

extension Bool: PostgresDecodable {
    /// `boolean`.
    public init(postgresCell cell: PostgresCell) throws {
        guard cell.type == .bool else { throw cell.mismatch(Bool.self) }
        let bytes = try cell.require(Bool.self)
        guard bytes.count == 1 else { throw cell.mismatch(Bool.self, "\(bytes.count) bytes") }
        self = bytes.first != 0
    }
}

extension Data: PostgresDecodable {
    /// `bytea` (the bytes themselves); any other column's raw binary value too.
    public init(postgresCell cell: PostgresCell) throws { self = try cell.require(Data.self) }
}

extension UUID: PostgresDecodable {
    /// `uuid`, or text holding one.
    public init(postgresCell cell: PostgresCell) throws {
        let bytes = try cell.require(UUID.self)
        switch cell.type {
        case .uuid:
            guard bytes.count == 16 else { throw cell.mismatch(UUID.self, "\(bytes.count) bytes") }
            let b = Array(bytes)
            self = UUID(uuid: (b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15]))
        case .text, .varchar, .bpchar:
            guard let uuid = UUID(uuidString: String(decoding: bytes, as: UTF8.self)) else {
                throw cell.mismatch(UUID.self, "the text is not a UUID")
            }
            self = uuid
        default: throw cell.mismatch(UUID.self)
        }
    }
}

extension Date: PostgresDecodable {
    /// `timestamptz`, or a `timestamp` taken as UTC; microsecond precision.
    public init(postgresCell cell: PostgresCell) throws {
        guard cell.type == .timestamptz || cell.type == .timestamp else { throw cell.mismatch(Date.self) }
        let microseconds = try cell.integer(Date.self, count: 8)
        guard microseconds != Int64.max, microseconds != Int64.min else { throw cell.mismatch(Date.self, "it is ±infinity") }
        self = PostgresTime.epoch.addingTimeInterval(Double(microseconds) / 1_000_000)
    }
}

extension Optional: PostgresDecodable where Wrapped: PostgresDecodable {
    /// `nil` for NULL, else the wrapped type's reading.
    public init(postgresCell cell: PostgresCell) throws {
        self = cell.isNull ? nil : try Wrapped(postgresCell: cell)
    }
}

extension Array: PostgresDecodable where Element: PostgresDecodable {
    /// A one-dimensional array of any element type the element can read (NULL elements only into
    /// optionals); an empty array for `{}`.
    public init(postgresCell cell: PostgresCell) throws {
        let bytes = Array<UInt8>(try cell.require([Element].self))
        func int32(at offset: Int) throws -> Int32 {
            guard offset + 4 <= bytes.count else { throw cell.mismatch([Element].self, "truncated array") }
            return Int32(bitPattern: UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3]))
        }
        let dimensions = try int32(at: 0)
        let elementType = PostgresTypeOID(rawValue: UInt32(bitPattern: try int32(at: 8)))
        guard dimensions <= 1 else { throw cell.mismatch([Element].self, "\(dimensions)-dimensional arrays are not read") }
        guard dimensions == 1 else { self = []; return }
        let count = Int(try int32(at: 12))
        var offset = 20, elements: [Element] = []
        elements.reserveCapacity(count)
        for _ in 0..<count {
            let length = Int(try int32(at: offset))
            offset += 4
            var value: Data?
            if length >= 0 {
                guard offset + length <= bytes.count else { throw cell.mismatch([Element].self, "truncated array") }
                value = Data(bytes[offset..<offset + length])
                offset += length
            }
            elements.append(try Element(postgresCell: PostgresCell(bytes: value, type: elementType, columnName: cell.columnName)))
        }
        self = elements
    }
}
