import Foundation
import KeepsakeStore
import KeepsakeSupport
import Synchronization

/// Checks a JSON value against a schema of the API (the subset of JSON Schema 2020-12 that
/// ``JSONSchema`` writes: `type`, `enum`, `minimum`/`maximum`, `minLength`/`maxLength` (in code
/// points), `pattern`, `format` (`date-time`, `date`, `uuid`), `properties`/`required`/
/// `additionalProperties`/`dependentRequired`, `items`/`minItems`/`maxItems`, `oneOf`, `$ref`).
/// The server runs it on every parameter and body before the handler, so what the document
/// forbids is refused; the tests run it on the answers.
struct JSONSchemaCheck {
    /// The schemas a `$ref` names, by name (`#/components/schemas/<name>`).
    let schemas: [String: JSONValue]

    /// The first way `value` breaks `schema`, as a sentence about `name` ("the field title"), or
    /// `nil` when it conforms.
    func problem(_ value: JSONValue, _ schema: JSONValue, name: String) -> String? {
        guard case .object(let rules) = schema else { return nil }
        if case .string(let reference)? = rules["$ref"] {
            let key = String(reference.split(separator: "/").last ?? "")
            guard let target = schemas[key] else { return "\(name) refers to an unknown schema \(key)" }
            return problem(value, target, name: name)
        }
        if let alternatives = rules["oneOf"]?.arrayValue {
            let matching = alternatives.filter { problem(value, $0, name: name) == nil }.count
            if matching != 1 { return "\(name) must be one of the forms the document lists" }
        }
        if let alternatives = rules["anyOf"]?.arrayValue, !alternatives.contains(where: { problem(value, $0, name: name) == nil }) {
            return alternatives.lazy.compactMap { problem(value, $0, name: name) }.first
        }
        if let excluded = rules["not"], problem(value, excluded, name: name) == nil {
            return "\(name) has a form the document excludes"
        }
        if let type = rules["type"], !Self.has(value, type: type) {
            return "\(name) must be \(Self.describe(type))"
        }
        if let values = rules["enum"]?.arrayValue, !values.contains(value) {
            let shown = values.prefix(12).map { $0.stringValue ?? ($0.intValue.map(String.init) ?? "") }.joined(separator: ", ")
            return "\(name) must be one of \(shown)\(values.count > 12 ? ", …" : "")"
        }
        switch value {
        case .integer, .number:
            let number = value.doubleValue ?? 0
            if let low = rules["minimum"]?.doubleValue, number < low { return "\(name) must be at least \(Self.number(low))" }
            if let high = rules["maximum"]?.doubleValue, number > high { return "\(name) must be at most \(Self.number(high))" }
        case .string(let text):
            return stringProblem(text, rules, name: name)
        case .array(let items):
            if let low = rules["minItems"]?.intValue, items.count < low { return "\(name) must list at least \(low)" }
            if let high = rules["maxItems"]?.intValue, items.count > high { return "\(name) must list at most \(high)" }
            if let itemSchema = rules["items"] {
                for (index, item) in items.enumerated() {
                    if let found = problem(item, itemSchema, name: "item \(index + 1) of \(name)") { return found }
                }
            }
        case .object(let fields):
            return objectProblem(fields, rules, name: name)
        default:
            break
        }
        return nil
    }

    private func stringProblem(_ text: String, _ rules: [String: JSONValue], name: String) -> String? {
        let length = text.unicodeScalars.count
        if let low = rules["minLength"]?.intValue, length < low { return "\(name) must have at least \(low) characters" }
        if let high = rules["maxLength"]?.intValue, length > high { return "\(name) must have at most \(high) characters" }
        if let pattern = rules["pattern"]?.stringValue, !Self.matches(text, pattern) { return "\(name) is not written as the document says" }
        switch rules["format"]?.stringValue {
        case "date-time"?: if APIJSON.parseTimestamp(text) == nil { return "\(name) must be an RFC 3339 date and time such as 2026-11-29T21:10:00+09:00" }
        case "date"?: if (try? CalendarDay(parsing: text)) == nil { return "\(name) must be a day, YYYY-MM-DD" }
        case "uuid"?: if UUID(uuidString: text) == nil { return "\(name) must be a UUID" }
        default: break
        }
        return nil
    }

    private func objectProblem(_ fields: [String: JSONValue], _ rules: [String: JSONValue], name: String) -> String? {
        let properties = rules["properties"]?.objectValue ?? [:]
        for key in (rules["required"]?.arrayValue ?? []).compactMap(\.stringValue) where fields[key] == nil {
            return "\(name) needs the field \(key)"
        }
        for (key, needs) in rules["dependentRequired"]?.objectValue ?? [:] where fields[key] != nil {
            for other in (needs.arrayValue ?? []).compactMap(\.stringValue) where fields[other] == nil {
                return "\(name) has \(key) without \(other)"
            }
        }
        for key in fields.keys.sorted() {
            let value = fields[key]!
            if let schema = properties[key] {
                if let found = problem(value, schema, name: "the field \(key)") { return found }
            } else if case .bool(false)? = rules["additionalProperties"] {
                return "\(name) has a field \(KeepsakeError.printable(key)) the document does not list"
            } else if let other = rules["additionalProperties"], case .object = other {
                if let found = problem(value, other, name: "the field \(key)") { return found }
            }
        }
        return nil
    }

    private static func has(_ value: JSONValue, type: JSONValue) -> Bool {
        if let types = type.arrayValue { return types.contains { has(value, type: $0) } }
        switch (type.stringValue, value) {
        case ("null"?, .null), ("boolean"?, .bool), ("string"?, .string), ("array"?, .array), ("object"?, .object),
             ("number"?, .integer), ("number"?, .number), ("integer"?, .integer): return true
        case ("integer"?, .number(let number)): return number.rounded() == number
        default: return false
        }
    }

    private static func describe(_ type: JSONValue) -> String {
        let names = (type.arrayValue ?? [type]).compactMap(\.stringValue).map { name in
            switch name {
            case "integer": "a whole number"
            case "number": "a number"
            case "string": "a string"
            case "boolean": "true or false"
            case "array": "a list"
            case "object": "an object"
            default: name
            }
        }
        return names.joined(separator: " or ")
    }

    private static func number(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }

    private static let patterns = Mutex<[String: NSRegularExpression]>([:])

    /// Whether `pattern` (ECMA 262 syntax, as JSON Schema has it; the subset ICU shares) matches
    /// somewhere in `text`.
    static func matches(_ text: String, _ pattern: String) -> Bool {
        patterns.withLock { cache -> Bool in
            if cache[pattern] == nil, let made = try? NSRegularExpression(pattern: pattern) { cache[pattern] = made }
            guard let expression = cache[pattern] else { return false }
            return expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
        }
    }
}
