import KeepsakeSupport

/// The JSON Schema (2020-12, as OpenAPI 3.1 uses it) of the API's bodies and parameters, built
/// from these few constructors so that each constraint is written once, next to the Swift type it
/// describes (``APIDescribed``).
enum JSONSchema {
    /// A string, with the limits that apply (`minLength`/`maxLength` count characters).
    static func string(minLength: Int? = nil, maxLength: Int? = nil, pattern: String? = nil, format: String? = nil,
                       values: [String]? = nil, description: String? = nil, defaultValue: String? = nil) -> JSONValue {
        var schema: [String: JSONValue] = ["type": "string"]
        if let minLength { schema["minLength"] = .integer(Int64(minLength)) }
        if let maxLength { schema["maxLength"] = .integer(Int64(maxLength)) }
        if let pattern { schema["pattern"] = .string(pattern) }
        if let format { schema["format"] = .string(format) }
        if let values { schema["enum"] = .array(values.map(JSONValue.string)) }
        if let defaultValue { schema["default"] = .string(defaultValue) }
        return described(.object(schema), description)
    }

    /// A whole number in `range` (either end open when `nil`).
    static func integer(_ range: ClosedRange<Int64>? = nil, minimum: Int64? = nil, values: [Int]? = nil, defaultValue: Int? = nil,
                        description: String? = nil) -> JSONValue {
        var schema: [String: JSONValue] = ["type": "integer"]
        if let low = range?.lowerBound ?? minimum { schema["minimum"] = .integer(low) }
        if let high = range?.upperBound { schema["maximum"] = .integer(high) }
        if let values { schema["enum"] = .array(values.map { .integer(Int64($0)) }) }
        if let defaultValue { schema["default"] = .integer(Int64(defaultValue)) }
        return described(.object(schema), description)
    }

    /// A whole number in `range` of `Int`s.
    static func integer(_ range: ClosedRange<Int>, defaultValue: Int? = nil, description: String? = nil) -> JSONValue {
        integer(Int64(range.lowerBound)...Int64(range.upperBound), defaultValue: defaultValue, description: description)
    }

    /// `true` or `false`.
    static func boolean(defaultValue: Bool? = nil, description: String? = nil) -> JSONValue {
        var schema: [String: JSONValue] = ["type": "boolean"]
        if let defaultValue { schema["default"] = .bool(defaultValue) }
        return described(.object(schema), description)
    }

    /// An RFC 3339 date and time.
    static let timestamp: JSONValue = ["type": "string", "format": "date-time"]
    /// An RFC 3339 date and time, or `null`.
    static let nullableTimestamp: JSONValue = ["type": ["string", "null"], "format": "date-time"]
    /// A day, `YYYY-MM-DD`.
    static let day: JSONValue = ["type": "string", "format": "date"]
    /// A record id.
    static let uuid: JSONValue = ["type": "string", "format": "uuid"]

    /// A list of `items`.
    static func array(_ items: JSONValue, minItems: Int? = nil, maxItems: Int? = nil, description: String? = nil) -> JSONValue {
        var schema: [String: JSONValue] = ["type": "array", "items": items]
        if let minItems { schema["minItems"] = .integer(Int64(minItems)) }
        if let maxItems { schema["maxItems"] = .integer(Int64(maxItems)) }
        return described(.object(schema), description)
    }

    /// An object with exactly these properties (no others), `required` among them.
    static func object(required: [String], _ properties: [String: JSONValue], description: String? = nil) -> JSONValue {
        described(["type": "object", "additionalProperties": false, "required": .array(required.map(JSONValue.string)),
                   "properties": .object(properties)], description)
    }

    /// An object with exactly these properties, every one required (an answer always carries each).
    static func record(_ properties: [String: JSONValue]) -> JSONValue {
        object(required: properties.keys.sorted(), properties)
    }

    /// An object whose keys are free and whose values are all `values`.
    static func map(_ values: JSONValue) -> JSONValue {
        ["type": "object", "additionalProperties": values]
    }

    /// `schema`, or `null` (a schema with a `type`: the type list gains `null`; any other: `oneOf`).
    static func nullable(_ schema: JSONValue) -> JSONValue {
        guard case .object(var fields) = schema, case .string(let type)? = fields["type"] else {
            return ["oneOf": [schema, ["type": "null"]]]
        }
        fields["type"] = [.string(type), "null"]
        return .object(fields)
    }

    /// `schema` with a description.
    static func described(_ schema: JSONValue, _ description: String?) -> JSONValue {
        guard let description, case .object(var fields) = schema else { return schema }
        fields["description"] = .string(description)
        return .object(fields)
    }
}
