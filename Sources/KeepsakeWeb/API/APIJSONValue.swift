import Foundation
import KeepsakeStore

/// A JSON value, for the API's bodies in both directions: requests are decoded into it and
/// checked field by field (so a wrong type or an unknown field is a sentence, not a crash), and
/// responses are built from it.
enum APIJSONValue: Sendable, Hashable, Codable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByDictionaryLiteral, ExpressibleByArrayLiteral, ExpressibleByNilLiteral {
    case null
    case bool(Bool)
    case integer(Int64)
    case number(Double)
    case string(String)
    case array([APIJSONValue])
    case object([String: APIJSONValue])

    init(stringLiteral value: String) { self = .string(value) }
    init(integerLiteral value: Int64) { self = .integer(value) }
    init(booleanLiteral value: Bool) { self = .bool(value) }
    init(nilLiteral: ()) { self = .null }
    init(dictionaryLiteral elements: (String, APIJSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
    init(arrayLiteral elements: APIJSONValue...) { self = .array(elements) }

    /// A string, or `null` for `nil`.
    static func optional(_ text: String?) -> APIJSONValue { text.map(APIJSONValue.string) ?? .null }
    /// A timestamp (``APIJSON/timestamp(_:)``), or `null` for `nil`.
    static func timestamp(_ date: Date?) -> APIJSONValue { date.map { .string(APIJSON.timestamp($0)) } ?? .null }
    /// An integer.
    static func int(_ value: Int) -> APIJSONValue { .integer(Int64(value)) }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null }
        else if let value = try? container.decode(Bool.self) { self = .bool(value) }
        else if let value = try? container.decode(Int64.self) { self = .integer(value) }
        else if let value = try? container.decode(Double.self) { self = .number(value) }
        else if let value = try? container.decode(String.self) { self = .string(value) }
        else if let value = try? container.decode([APIJSONValue].self) { self = .array(value) }
        else { self = .object(try container.decode([String: APIJSONValue].self)) }
    }

    func encode(to encoder: any Encoder) throws {
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

    /// The JSON text (keys sorted, slashes unescaped).
    var data: Data {
        // Encoding a tree of plain values cannot fail.
        (try? APIJSON.encoder.encode(self)) ?? Data("null".utf8)
    }
}

/// The fields of a JSON object sent to the API, read one by one with the type each must have.
/// Every refusal is ``KeepsakeError/Code/invalidArgument`` naming the field.
struct APIJSONObject {
    let fields: [String: APIJSONValue]
    let what: String

    /// The object in `data`; `invalidArgument` when it is not JSON or not an object, or holds a
    /// field outside `allowed`.
    init(_ data: Data, what: String, allowed: Set<String>) throws {
        let value: APIJSONValue
        do {
            value = try JSONDecoder().decode(APIJSONValue.self, from: data)
        } catch {
            throw KeepsakeError(.invalidArgument, "The \(what) is not valid JSON; send one JSON object.")
        }
        guard case .object(let fields) = value else {
            throw KeepsakeError(.invalidArgument, "The \(what) must be a JSON object.")
        }
        if let unknown = fields.keys.sorted().first(where: { !allowed.contains($0) }) {
            throw KeepsakeError(.invalidArgument, "The \(what) has a field \(KeepsakeError.printable(unknown)) that is not one of \(allowed.sorted().joined(separator: ", ")).")
        }
        self.fields = fields
        self.what = what
    }

    /// Whether the field is present (even as `null`).
    func has(_ name: String) -> Bool { fields[name] != nil }

    /// A string field; `nil` when absent (or `null` if `nullable`).
    func string(_ name: String, nullable: Bool = false) throws -> String? {
        switch fields[name] {
        case nil: return nil
        case .null? where nullable: return nil
        case .string(let text)?: return text
        default: throw wrongType(name, "a string")
        }
    }

    /// An integer field; `nil` when absent.
    func integer(_ name: String) throws -> Int? {
        switch fields[name] {
        case nil: return nil
        case .integer(let value)? where value >= Int64(Int32.min) && value <= Int64(Int32.max): return Int(value)
        default: throw wrongType(name, "a whole number")
        }
    }

    /// A list of strings; `nil` when absent.
    func strings(_ name: String) throws -> [String]? {
        switch fields[name] {
        case nil: return nil
        case .array(let values)?:
            return try values.map { value in
                guard case .string(let text) = value else { throw wrongType(name, "a list of strings") }
                return text
            }
        default: throw wrongType(name, "a list of strings")
        }
    }

    /// A list of integers; `nil` when absent.
    func integers(_ name: String) throws -> [Int64]? {
        switch fields[name] {
        case nil: return nil
        case .array(let values)?:
            return try values.map { value in
                guard case .integer(let number) = value else { throw wrongType(name, "a list of whole numbers") }
                return number
            }
        default: throw wrongType(name, "a list of whole numbers")
        }
    }

    /// A timestamp field (``APIJSON/parseTimestamp(_:)``); `nil` when absent.
    func timestamp(_ name: String) throws -> Date? {
        guard let text = try string(name) else { return nil }
        guard let date = APIJSON.parseTimestamp(text) else {
            throw KeepsakeError(.invalidArgument, "The field \(name) of the \(what) must be an RFC 3339 date and time such as 2026-11-29T21:10:00+09:00.")
        }
        return date
    }

    /// A required field that is absent.
    func missing(_ name: String) -> KeepsakeError {
        KeepsakeError(.invalidArgument, "The \(what) needs the field \(name).")
    }

    private func wrongType(_ name: String, _ type: String) -> KeepsakeError {
        KeepsakeError(.invalidArgument, "The field \(name) of the \(what) must be \(type).")
    }
}
