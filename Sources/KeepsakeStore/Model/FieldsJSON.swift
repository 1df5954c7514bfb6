import Foundation

/// A direct reader for the JSON object a record's fields are stored as.
///
/// Lists decode the fields of every row they return, and `JSONDecoder` spent most of a list's time
/// doing it (generic `Codable` machinery, an error built for each type tried). This reader handles
/// exactly what the store writes: one object whose values are strings, integers, booleans and arrays
/// of strings. Anything else (fractions, exponents, `null`, nested objects, duplicate keys, lone
/// surrogates) returns `nil`, and the caller decodes with `JSONDecoder` as before, so results and
/// errors are unchanged. Public so that every metadata store writes and reads fields the same way.
public enum FieldsJSON {
    /// The fields as the store writes them: one JSON object, keys sorted (so equal fields are equal text).
    public static func encode(_ fields: [String: FieldValue]) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(fields), as: UTF8.self)
    }

    /// The fields of a JSON object as the store writes it, or `nil` for anything else (decode that
    /// with `JSONDecoder`, which says what is wrong).
    public static func decode(_ text: String) -> [String: FieldValue]? {
        var copy = text
        return copy.withUTF8 { bytes in
            var reader = Reader(bytes: bytes)
            return reader.object()
        }
    }

    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        mutating func skipSpace() {
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 {
                index += 1
            }
        }

        mutating func take(_ byte: UInt8) -> Bool {
            skipSpace()
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        mutating func object() -> [String: FieldValue]? {
            guard take(0x7B) else { return nil }  // {
            var fields: [String: FieldValue] = [:]
            if take(0x7D) { return end(fields) }  // }
            while true {
                guard take(0x22), let key = string(), take(0x3A), let value = value(), fields.updateValue(value, forKey: key) == nil else {
                    return nil
                }
                if take(0x2C) { continue }  // ,
                guard take(0x7D) else { return nil }
                return end(fields)
            }
        }

        mutating func end(_ fields: [String: FieldValue]) -> [String: FieldValue]? {
            skipSpace()
            return index == bytes.count ? fields : nil
        }

        mutating func value() -> FieldValue? {
            skipSpace()
            guard index < bytes.count else { return nil }
            switch bytes[index] {
            case 0x22:
                index += 1
                return string().map(FieldValue.string)
            case 0x74: return literal("true") ? .bool(true) : nil
            case 0x66: return literal("false") ? .bool(false) : nil
            case 0x5B:
                index += 1
                var list: [String] = []
                if take(0x5D) { return .strings(list) }
                while true {
                    guard take(0x22), let item = string() else { return nil }
                    list.append(item)
                    if take(0x2C) { continue }
                    return take(0x5D) ? .strings(list) : nil
                }
            case 0x2D, 0x30...0x39: return integer().map(FieldValue.integer)
            default: return nil
            }
        }

        mutating func literal(_ word: StaticString) -> Bool {
            let count = word.utf8CodeUnitCount
            guard index + count <= bytes.count else { return false }
            for k in 0..<count where bytes[index + k] != word.utf8Start[k] { return false }
            index += count
            return true
        }

        /// A plain integer that fits in Int64; `nil` for fractions, exponents and overflow.
        mutating func integer() -> Int64? {
            let negative = bytes[index] == 0x2D
            if negative { index += 1 }
            let start = index
            var magnitude: UInt64 = 0
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
                let (times, o1) = magnitude.multipliedReportingOverflow(by: 10)
                let (sum, o2) = times.addingReportingOverflow(UInt64(bytes[index] - 0x30))
                guard !o1, !o2 else { return nil }
                magnitude = sum
                index += 1
            }
            let digits = index - start
            guard digits > 0, digits == 1 || bytes[start] != 0x30 else { return nil }
            if index < bytes.count, bytes[index] == 0x2E || bytes[index] == 0x65 || bytes[index] == 0x45 { return nil }
            if negative {
                guard magnitude <= UInt64(Int64.max) + 1 else { return nil }
                return magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude)
            }
            guard magnitude <= UInt64(Int64.max) else { return nil }
            return Int64(magnitude)
        }

        /// The rest of a string whose opening quote was read.
        mutating func string() -> String? {
            let start = index
            while index < bytes.count {
                let byte = bytes[index]
                if byte == 0x22 {
                    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                    index += 1
                    return text
                }
                if byte == 0x5C { return escapedString(from: start) }
                if byte < 0x20 { return nil }
                index += 1
            }
            return nil
        }

        mutating func escapedString(from start: Int) -> String? {
            var scalars = String.UnicodeScalarView()
            var utf8: [UInt8] = Array(UnsafeBufferPointer(rebasing: bytes[start..<index]))
            func flush() {
                if !utf8.isEmpty {
                    scalars.append(contentsOf: String(decoding: utf8, as: UTF8.self).unicodeScalars)
                    utf8.removeAll(keepingCapacity: true)
                }
            }
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                switch byte {
                case 0x22:
                    flush()
                    return String(scalars)
                case 0x5C:
                    guard index < bytes.count else { return nil }
                    let escape = bytes[index]
                    index += 1
                    switch escape {
                    case 0x22, 0x5C, 0x2F: utf8.append(escape)
                    case 0x62: utf8.append(0x08)
                    case 0x66: utf8.append(0x0C)
                    case 0x6E: utf8.append(0x0A)
                    case 0x72: utf8.append(0x0D)
                    case 0x74: utf8.append(0x09)
                    case 0x75:
                        guard let unit = hex4() else { return nil }
                        var scalar: Unicode.Scalar?
                        if (0xD800...0xDBFF).contains(unit) {
                            guard literal("\\u"), let low = hex4(), (0xDC00...0xDFFF).contains(low) else { return nil }
                            scalar = Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
                        } else {
                            scalar = Unicode.Scalar(unit)  // nil for a lone low surrogate
                        }
                        guard let scalar else { return nil }
                        flush()
                        scalars.append(scalar)
                    default: return nil
                    }
                default:
                    guard byte >= 0x20 else { return nil }
                    utf8.append(byte)
                }
            }
            return nil
        }

        mutating func hex4() -> UInt32? {
            guard index + 4 <= bytes.count else { return nil }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let byte = bytes[index]
                let digit: UInt32
                switch byte {
                case 0x30...0x39: digit = UInt32(byte - 0x30)
                case 0x41...0x46: digit = UInt32(byte - 0x41 + 10)
                case 0x61...0x66: digit = UInt32(byte - 0x61 + 10)
                default: return nil
                }
                value = value << 4 | digit
                index += 1
            }
            return value
        }
    }
}
