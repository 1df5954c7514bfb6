/// A value whose `Codable` form is its text: encoded as ``string``, decoded with
/// ``init(parsing:)``, so a text that does not parse is a `DecodingError` carrying the parser's
/// message. ``CalendarDay`` (`2026-11-29`) and ``CalendarMonth`` (`2026-11`) are such values.
public protocol TextCodable: Codable {
    /// Reads the text form; throws a ``KeepsakeError`` saying what is wrong with it.
    init(parsing text: String) throws
    /// The text form.
    var string: String { get }
}

extension TextCodable {
    /// Decodes the text form; a text that does not parse is a `DecodingError`.
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        do {
            try self.init(parsing: text)
        } catch let error as KeepsakeError {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: error.message))
        }
    }

    /// Encodes the text form.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(string)
    }
}
