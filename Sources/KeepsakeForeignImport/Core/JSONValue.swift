import Foundation

/// Reading loosely typed JSON (what `JSONSerialization` returns) without crashing on the wrong kind.
enum JSONValue {
    static func string(_ value: Any?) -> String? { value as? String }

    /// Whether a number is JSON's `true` or `false` (Foundation gives both as `NSNumber`; a boolean's
    /// type code is `c`, while `0` and `1` would also cast to `Bool`).
    static func isBoolean(_ value: Any?) -> Bool {
        guard let number = value as? NSNumber else { return false }
        return String(cString: number.objCType) == "c"
    }

    static func double(_ value: Any?) -> Double? {
        guard !isBoolean(value), let number = value as? NSNumber else { return nil }
        return number.doubleValue
    }

    static func int(_ value: Any?) -> Int? {
        guard let double = double(value), double.isFinite, double.rounded() == double, abs(double) < 1e15 else { return nil }
        return Int(double)
    }

    static func bool(_ value: Any?) -> Bool? {
        guard isBoolean(value) else { return nil }
        return (value as? NSNumber)?.boolValue
    }

    static func object(_ value: Any?) -> [String: Any]? { value as? [String: Any] }

    static func array(_ value: Any?) -> [Any]? { value as? [Any] }

    /// The JSON kind of a value, for messages ("an object", "a number").
    static func kind(_ value: Any?) -> String {
        switch value {
        case nil, is NSNull: "null"
        case is String: "a string"
        case is [String: Any]: "an object"
        case is [Any]: "an array"
        case let number as NSNumber: isBoolean(number) ? "true or false" : "a number"
        default: "a value of another kind"
        }
    }

    /// An ISO 8601 instant such as `2019-03-18T13:04:56Z` (fractional seconds allowed).
    static func date(_ value: Any?) -> Date? {
        guard let text = value as? String else { return nil }
        let plain = ISO8601DateFormatter()
        if let date = plain.date(from: text) { return date }
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return fractional.date(from: text)
    }
}
