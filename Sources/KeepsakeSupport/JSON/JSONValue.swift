public import Foundation

/// A JSON value of any shape, for JSON whose shape is not one Codable type: the files other apps
/// export (read field by field, so a wrong kind is a sentence, not a crash), the web API's OpenAPI
/// document and schemas, and the answers it keeps for idempotency keys.
///
/// Numbers keep JSON's distinction between whole numbers (``integer(_:)``, when they fit in
/// `Int64`) and others (``number(_:)``); `true` and `false` are never numbers.
public enum JSONValue: Sendable, Hashable, Codable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByDictionaryLiteral, ExpressibleByArrayLiteral, ExpressibleByNilLiteral {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A whole number that fits in 64 bits.
    case integer(Int64)
    /// Any other number.
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object.
    case object([String: JSONValue])

    /// A string literal is a ``string(_:)``.
    public init(stringLiteral value: String) { self = .string(value) }
    /// An integer literal is an ``integer(_:)``.
    public init(integerLiteral value: Int64) { self = .integer(value) }
    /// A boolean literal is a ``bool(_:)``.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// `nil` is ``null``.
    public init(nilLiteral: ()) { self = .null }
    /// A dictionary literal is an ``object(_:)`` (a repeated key keeps its last value).
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
    /// An array literal is an ``array(_:)``.
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }

    /// The value in JSON text; the decoder's error when `data` is not JSON.
    public init(parsing data: Data) throws {
        self = try JSONDecoder().decode(JSONValue.self, from: data)
    }

    /// Decodes any JSON value.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null }
        else if let value = try? container.decode(Bool.self) { self = .bool(value) }
        else if let value = try? container.decode(Int64.self) { self = .integer(value) }
        else if let value = try? container.decode(Double.self) { self = .number(value) }
        else if let value = try? container.decode(String.self) { self = .string(value) }
        else if let value = try? container.decode([JSONValue].self) { self = .array(value) }
        else { self = .object(try container.decode([String: JSONValue].self)) }
    }

    /// Encodes the value as it is.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// The JSON text: keys sorted, slashes not escaped.
    public var data: Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // A tree of plain values always encodes (a non-finite number is written as null).
        return (try? encoder.encode(self.finite)) ?? Data("null".utf8)
    }

    private var finite: JSONValue {
        switch self {
        case .number(let value) where !value.isFinite: .null
        case .array(let values): .array(values.map(\.finite))
        case .object(let fields): .object(fields.mapValues(\.finite))
        default: self
        }
    }

    /// The field `key` of an object (`nil` for a missing field or a value that is not an object).
    public subscript(key: String) -> JSONValue? {
        if case .object(let fields) = self { fields[key] } else { nil }
    }

    /// The text of a string.
    public var stringValue: String? {
        if case .string(let text) = self { text } else { nil }
    }

    /// A number as a `Double` (whole or not; never a boolean).
    public var doubleValue: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .number(let value): value
        default: nil
        }
    }

    /// A whole number of magnitude below 10¹⁵ (written `3` or `3.0`), as an `Int`.
    public var intValue: Int? {
        switch self {
        case .integer(let value) where value.magnitude < 1_000_000_000_000_000: Int(value)
        case .number(let value) where value.isFinite && value.rounded() == value && abs(value) < 1e15: Int(value)
        default: nil
        }
    }

    /// `true` or `false`.
    public var boolValue: Bool? {
        if case .bool(let value) = self { value } else { nil }
    }

    /// The fields of an object.
    public var objectValue: [String: JSONValue]? {
        if case .object(let fields) = self { fields } else { nil }
    }

    /// The elements of an array.
    public var arrayValue: [JSONValue]? {
        if case .array(let values) = self { values } else { nil }
    }

    /// The kind of the value, for messages: "null", "a string", "an object", "an array",
    /// "true or false", "a number".
    public var kind: String {
        switch self {
        case .null: "null"
        case .string: "a string"
        case .object: "an object"
        case .array: "an array"
        case .bool: "true or false"
        case .integer, .number: "a number"
        }
    }
}

extension JSONValue {
    /// An ISO 8601 instant such as `2019-03-18T13:04:56Z` (fractional seconds allowed) in a string.
    public var dateValue: Date? {
        guard let text = stringValue else { return nil }
        let plain = ISO8601DateFormatter()
        if let date = plain.date(from: text) { return date }
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return fractional.date(from: text)
    }
}
