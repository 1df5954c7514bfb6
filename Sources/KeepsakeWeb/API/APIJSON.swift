import Foundation
import KeepsakeStore

/// The API's JSON conventions: keys sorted, times as RFC 3339 in UTC with milliseconds.
enum APIJSON {
    /// The JSON of a body.
    static func encode(_ body: some Encodable) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(timestamp(date))
        }
        return try encoder.encode(body)
    }

    private static let utcCalendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    /// `2026-11-29T12:10:00.000Z`.
    static func timestamp(_ date: Date) -> String {
        Date.ISO8601FormatStyle(includingFractionalSeconds: true).format(date)
    }

    /// An RFC 3339 date and time, with or without fractional seconds, `Z` or an offset; `nil` for
    /// anything else (or a year outside 1...9999).
    ///
    /// Read by hand, as RFC 3339 §5.6 writes it (`T` or `t` or a space, any number of fractional
    /// digits, `Z`/`z` or an offset up to ±23:59), so that every date-time the document allows is
    /// one the server reads; the day is counted in the calendar ``timestamp(_:)`` writes (so an
    /// answer's time always reads back as the same instant).
    static func parseTimestamp(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20, bytes.count <= 40 else { return nil }
        func digits(_ start: Int, _ count: Int) -> Int? {
            guard start + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[start..<(start + count)] {
                guard byte >= 0x30 && byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            return value
        }
        guard let year = digits(0, 4), bytes[4] == 0x2D, let month = digits(5, 2), bytes[7] == 0x2D, let day = digits(8, 2),
              [0x54, 0x74, 0x20].contains(bytes[10]), let hour = digits(11, 2), bytes[13] == 0x3A, let minute = digits(14, 2),
              bytes[16] == 0x3A, let second = digits(17, 2),
              (1...9999).contains(year), (1...12).contains(month), hour < 24, minute < 60, second < 61 else { return nil }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let monthDays = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard (1...monthDays[month - 1]).contains(day) else { return nil }
        var index = 19
        var fraction = 0.0
        if index < bytes.count, bytes[index] == 0x2E {
            let start = index
            index += 1
            while index < bytes.count, bytes[index] >= 0x30 && bytes[index] <= 0x39 { index += 1 }
            guard index > start + 1, let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)) else { return nil }
            fraction = value
        }
        guard index < bytes.count else { return nil }
        var offset = 0
        if bytes[index] == 0x5A || bytes[index] == 0x7A {
            index += 1
        } else {
            guard bytes[index] == 0x2B || bytes[index] == 0x2D, let hours = digits(index + 1, 2), index + 3 < bytes.count, bytes[index + 3] == 0x3A,
                  let minutes = digits(index + 4, 2), hours < 24, minutes < 60 else { return nil }
            offset = (hours * 60 + minutes) * 60 * (bytes[index] == 0x2D ? -1 : 1)
            index += 6
        }
        guard index == bytes.count else { return nil }
        guard let start = utcCalendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)) else {
            return nil
        }
        return start.addingTimeInterval(fraction - Double(offset))
    }

    /// The timestamp in the field `field` of a body (`nil` for `nil`); `invalidArgument` naming
    /// the field when it is not RFC 3339.
    static func timestamp(_ text: String?, field: String, of noun: String) throws -> Date? {
        guard let text else { return nil }
        guard let date = parseTimestamp(text) else {
            throw KeepsakeError(.invalidArgument, "The field \(field) of the \(noun) must be an RFC 3339 date and time such as 2026-11-29T21:10:00+09:00.")
        }
        return date
    }
}
