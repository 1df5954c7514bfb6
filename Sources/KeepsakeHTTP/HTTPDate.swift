internal import Foundation

/// The HTTP date format (RFC 9110 §5.6.7 IMF-fixdate), e.g. `Sun, 06 Nov 1994 08:49:37 GMT`.
///
/// Written by hand over `gmtime_r`/`timegm` because it is fixed English text: no locale, no
/// shared formatter to guard across threads.
enum HTTPDate {
    private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                 "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// Formats `date` (whole seconds, rounded down).
    static func format(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(weekdays[Int(parts.tm_wday)]), \(two(parts.tm_mday)) \(months[Int(parts.tm_mon)]) "
            + "\(parts.tm_year + 1900) \(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
    }

    /// Parses an IMF-fixdate; `nil` for anything else (the obsolete formats included, which
    /// browsers no longer send).
    static func parse(_ text: String) -> Date? {
        let fields = text.split(separator: " ")
        guard fields.count == 6, fields[0].hasSuffix(","), fields[5] == "GMT",
              let day = Int32(fields[1]), fields[1].count == 2, (1...31).contains(day),
              let month = months.firstIndex(where: { $0 == fields[2] }),
              let year = Int32(fields[3]), fields[3].count == 4 else { return nil }
        let clock = fields[4].split(separator: ":")
        guard clock.count == 3, clock.allSatisfy({ $0.count == 2 }),
              let hour = Int32(clock[0]), let minute = Int32(clock[1]), let second = Int32(clock[2]),
              (0..<24).contains(hour), (0..<60).contains(minute), (0...60).contains(second) else {
            return nil
        }
        var parts = tm()
        parts.tm_year = year - 1900
        parts.tm_mon = Int32(month)
        parts.tm_mday = day
        parts.tm_hour = hour
        parts.tm_min = minute
        parts.tm_sec = second
        return Date(timeIntervalSince1970: TimeInterval(timegm(&parts)))
    }
}
