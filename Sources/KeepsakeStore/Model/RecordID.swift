public import Foundation

/// A record's identity: a UUID, written in lowercase in paths and the database.
public struct RecordID: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    /// The UUID.
    public let uuid: UUID

    /// Wraps a UUID.
    public init(_ uuid: UUID = UUID()) { self.uuid = uuid }

    /// Parses a user-supplied id; only a canonical UUID is accepted, so an id can never be a path trick.
    public init(parsing text: String) throws {
        // Only the 8-4-4-4-12 hex form: `UUID(uuidString:)` also takes other spellings (a leading
        // space, say), which would make two different strings name one record.
        var contiguous = text
        contiguous.makeContiguousUTF8()
        guard text.utf8.count == 36, let uuid = Self.parseCanonical(contiguous) else {
            throw KeepsakeError(.invalidArgument, "\(KeepsakeError.quoted(text)) is not a record id: ids are UUIDs such as 3F2504E0-4F89-41D3-9A0C-0305E82C3301.")
        }
        self.uuid = uuid
    }

    /// Parses the canonical 8-4-4-4-12 hex form without `sscanf` (ids are parsed for every row a
    /// list returns); anything else is refused.
    private static func parseCanonical(_ text: String) -> UUID? {
        text.utf8.withContiguousStorageIfAvailable { bytes -> UUID? in
            guard bytes.count == 36 else { return nil }
            var raw: [UInt8] = []
            raw.reserveCapacity(16)
            var index = 0
            while index < 36 {
                if index == 8 || index == 13 || index == 18 || index == 23 {
                    guard bytes[index] == 0x2D else { return nil }
                    index += 1
                    continue
                }
                guard let high = hexValue(bytes[index]), let low = hexValue(bytes[index + 1]) else { return nil }
                raw.append(high << 4 | low)
                index += 2
            }
            return UUID(uuid: (raw[0], raw[1], raw[2], raw[3], raw[4], raw[5], raw[6], raw[7],
                               raw[8], raw[9], raw[10], raw[11], raw[12], raw[13], raw[14], raw[15]))
        } ?? nil
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        case 0x61...0x66: byte - 0x61 + 10
        default: nil
        }
    }

    /// The lowercase form used in folder names and the database.
    public var string: String {
        // Written byte by byte: `uuidString` goes through `snprintf` and `lowercased()` copies it
        // again, and every id on a page (a card's link, each thumbnail's URL) is formatted.
        let digits: StaticString = "0123456789abcdef"
        return withUnsafeBytes(of: uuid.uuid) { bytes in
            String(unsafeUninitializedCapacity: 36) { output in
                var index = 0
                for (position, byte) in bytes.enumerated() {
                    if position == 4 || position == 6 || position == 8 || position == 10 {
                        output[index] = 0x2D
                        index += 1
                    }
                    output[index] = digits.utf8Start[Int(byte >> 4)]
                    output[index + 1] = digits.utf8Start[Int(byte & 0x0F)]
                    index += 2
                }
                return index
            }
        }
    }
    public var description: String { string }
    /// The order of ``string`` (its fixed-width lowercase hex sorts as the UUID's bytes do).
    public static func < (lhs: RecordID, rhs: RecordID) -> Bool {
        withUnsafeBytes(of: lhs.uuid.uuid) { left in
            withUnsafeBytes(of: rhs.uuid.uuid) { right in left.lexicographicallyPrecedes(right) }
        }
    }

    public init(from decoder: any Decoder) throws {
        try self.init(parsing: try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(string)
    }
}
