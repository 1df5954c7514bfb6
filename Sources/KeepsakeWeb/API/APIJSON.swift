import Foundation

/// The API's JSON conventions: keys sorted, times as RFC 3339 in UTC with milliseconds.
enum APIJSON {
    /// The encoder of every API body.
    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    /// `2026-11-29T12:10:00.000Z`.
    static func timestamp(_ date: Date) -> String {
        Date.ISO8601FormatStyle(includingFractionalSeconds: true).format(date)
    }

    /// An RFC 3339 date and time, with or without fractional seconds, `Z` or an offset; `nil` for
    /// anything else (or a year outside 1...9999).
    static func parseTimestamp(_ text: String) -> Date? {
        guard text.utf8.count <= 40 else { return nil }
        for style in [Date.ISO8601FormatStyle(includingFractionalSeconds: true), Date.ISO8601FormatStyle()] {
            if let date = try? style.parse(text) { return date }
        }
        return nil
    }
}
