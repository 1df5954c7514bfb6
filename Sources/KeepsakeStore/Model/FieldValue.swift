/// A value of one of a record's fields, stored as JSON in the database.
public enum FieldValue: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Text.
    case string(String)
    /// A whole number (money in minor units, intensities, counts).
    case integer(Int64)
    /// True or false.
    case bool(Bool)
    /// A list of strings (tags).
    case strings([String])

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        // Text first: it is the common case, and a JSON string decodes only as a String, so the
        // order cannot change a result (each failed attempt builds an error, which is what costs).
        if let value = try? container.decode(String.self) { self = .string(value) }
        else if let value = try? container.decode(Bool.self) { self = .bool(value) }
        else if let value = try? container.decode(Int64.self) { self = .integer(value) }
        else if let value = try? container.decode([String].self) { self = .strings(value) }
        else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "a field value must be a string, integer, boolean or list of strings")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let v): try container.encode(v)
        case .integer(let v): try container.encode(v)
        case .bool(let v): try container.encode(v)
        case .strings(let v): try container.encode(v)
        }
    }

    public var description: String {
        switch self {
        case .string(let v): v
        case .integer(let v): String(v)
        case .bool(let v): String(v)
        case .strings(let v): v.joined(separator: ", ")
        }
    }

    /// The text, if this is a string.
    public var stringValue: String? { if case .string(let v) = self { v } else { nil } }
    /// The number, if this is an integer.
    public var integerValue: Int64? { if case .integer(let v) = self { v } else { nil } }
    /// The list, if this is a list of strings.
    public var stringsValue: [String]? { if case .strings(let v) = self { v } else { nil } }
    /// The flag, if this is a boolean.
    public var boolValue: Bool? { if case .bool(let v) = self { v } else { nil } }
}
