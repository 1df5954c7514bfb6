public import Foundation

/// A Swift value that can be bound to a statement parameter (`$1`, `$2`, …).
///
/// Values never become part of the SQL text: they travel separately, so no input can change what a
/// statement does.
public protocol PostgresEncodable: Sendable {
    /// The value as a parameter.
    var postgresParameter: PostgresParameter { get }
}

extension PostgresParameter: PostgresEncodable {
    /// Itself.
    public var postgresParameter: PostgresParameter { self }
}

extension String: PostgresEncodable {
    /// The text; the server reads it as the parameter's type (`text`, `uuid`, `jsonb`, …).
    public var postgresParameter: PostgresParameter { .text(self) }
}

extension Substring: PostgresEncodable {
    /// The text.
    public var postgresParameter: PostgresParameter { .text(String(self)) }
}

extension Int: PostgresEncodable {
    /// Decimal text, read as the parameter's integer (or numeric) type.
    public var postgresParameter: PostgresParameter { .text(String(self)) }
}

extension Int64: PostgresEncodable {
    /// Decimal text.
    public var postgresParameter: PostgresParameter { .text(String(self)) }
}

extension Int32: PostgresEncodable {
    /// Decimal text.
    public var postgresParameter: PostgresParameter { .text(String(self)) }
}

extension Int16: PostgresEncodable {
    /// Decimal text.
    public var postgresParameter: PostgresParameter { .text(String(self)) }
}

extension Double: PostgresEncodable {
    /// Shortest text that reads back as the same double; `Infinity`, `-Infinity`, `NaN` as
    /// PostgreSQL spells them.
    public var postgresParameter: PostgresParameter {
        if isNaN { return .text("NaN") }
        if isInfinite { return .text(self < 0 ? "-Infinity" : "Infinity") }
        return .text("\(self)")
    }
}

extension Bool: PostgresEncodable {
    /// `t` or `f`.
    public var postgresParameter: PostgresParameter { .text(self ? "t" : "f") }
}

extension Data: PostgresEncodable {
    /// The bytes, as a `bytea` in binary format (no escaping, no hex doubling).
    public var postgresParameter: PostgresParameter { .binary(self, type: .bytea) }
}

extension UUID: PostgresEncodable {
    /// The canonical text form, read as `uuid`.
    public var postgresParameter: PostgresParameter { .text(uuidString.lowercased()) }
}

extension Date: PostgresEncodable {
    /// A `timestamptz` in binary format: microseconds since 2000-01-01 UTC, exact to the microsecond.
    public var postgresParameter: PostgresParameter {
        let microseconds = Int64((timeIntervalSince(PostgresTime.epoch) * 1_000_000).rounded())
        var bigEndian = microseconds.bigEndian
        return .binary(Data(bytes: &bigEndian, count: 8), type: .timestamptz)
    }
}

extension Optional: PostgresEncodable where Wrapped: PostgresEncodable {
    /// NULL for `nil`, else the wrapped value.
    public var postgresParameter: PostgresParameter { self?.postgresParameter ?? .null }
}

extension Array: PostgresEncodable where Element: PostgresEncodable {
    /// A one-dimensional array literal (`{"a","b",NULL}`), read as the parameter's array type, as in
    /// `WHERE id = ANY($1)`. Elements must encode as text or NULL (bytes cannot sit in a text array).
    public var postgresParameter: PostgresParameter {
        let elements = map { element -> String in
            switch element.postgresParameter.storage {
            case .null: return "NULL"
            case .text(let text):
                return "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
            case .binary(let bytes, let type) where type == .timestamptz:
                return "\"" + PostgresTime.text(binaryTimestamp: bytes) + "\""
            case .binary(let bytes, _):
                // bytea: the hex form, its backslash escaped for the array literal.
                return "\"\\\\x" + bytes.map { String(format: "%02x", $0) }.joined() + "\""
            }
        }
        return .text("{" + elements.joined(separator: ",") + "}")
    }
}

/// PostgreSQL's time origin.
enum PostgresTime {
    /// 2000-01-01 00:00:00 UTC, where `timestamp` and `timestamptz` count microseconds from.
    static let epoch = Date(timeIntervalSince1970: 946_684_800)

    /// The text form (`2024-05-01 12:00:00.123456+00`) of a binary `timestamptz`.
    static func text(binaryTimestamp bytes: Data) -> String {
        let microseconds = bytes.reduce(Int64(0)) { $0 << 8 | Int64($1) }
        let sinceUnix = microseconds + 946_684_800_000_000
        var seconds = time_t(sinceUnix >= 0 ? sinceUnix / 1_000_000 : (sinceUnix - 999_999) / 1_000_000)
        let fraction = sinceUnix - Int64(seconds) * 1_000_000
        var parts = tm()
        gmtime_r(&seconds, &parts)
        return String(format: "%04d-%02d-%02d %02d:%02d:%02d.%06lld+00", parts.tm_year + 1900, parts.tm_mon + 1, parts.tm_mday,
                      parts.tm_hour, parts.tm_min, parts.tm_sec, fraction)
    }
}
