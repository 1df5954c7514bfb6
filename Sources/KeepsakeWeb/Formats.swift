import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Synchronization
import KeepsakeDiary
import KeepsakeLedger
import KeepsakeStore

/// Dates, months, money and sizes written for one language.
struct Formats: Sendable {
    /// The language.
    let language: Language

    private var locale: Locale { Locale(identifier: language.localeIdentifier) }

    /// Formatters by language, template and zone. Making a DateFormatter costs far more than using
    /// one (it was most of a timeline page's time), so each is made once; they are used only while
    /// the lock is held, as swift-corelibs-foundation does not promise they are thread-safe.
    private static let formatters = Mutex<[String: DateFormatter]>([:])

    /// Texts already formatted, by formatter and instant: a list shows the same entries' dates on
    /// every request, and ICU's formatting (under the lock above, so one request at a time) was the
    /// largest cost left in a timeline page. Bounded: emptied when it holds `formattedLimit` texts.
    private static let formatted = Mutex<[FormattedKey: String]>([:])
    private static let formattedLimit = 4096

    /// A formatter's key and an instant.
    private struct FormattedKey: Hashable {
        let formatter: String
        let instant: Double
    }

    private func format(_ date: Date, template: String, zone: TimeZone) -> String {
        let key = language.localeIdentifier + "|" + template + "|" + zone.identifier
        let formattedKey = FormattedKey(formatter: key, instant: date.timeIntervalSinceReferenceDate)
        if let text = Self.formatted.withLock({ $0[formattedKey] }) { return text }
        let locale = locale
        let text = Self.formatters.withLock { cache in
            if let formatter = cache[key] { return formatter.string(from: date) }
            let formatter = DateFormatter()
            formatter.locale = locale
            formatter.calendar = Calendar(identifier: .gregorian)
            formatter.timeZone = zone
            formatter.setLocalizedDateFormatFromTemplate(template)
            cache[key] = formatter
            return formatter.string(from: date)
        }
        Self.formatted.withLock { cache in
            if cache.count >= Self.formattedLimit { cache.removeAll(keepingCapacity: true) }
            cache[formattedKey] = text
        }
        return text
    }

    /// A machine-readable timestamp for `<time datetime>`, e.g. `2026-11-29T05:30:00Z`.
    static func timestamp(_ date: Date) -> String {
        // What `Date.ISO8601FormatStyle()` writes (whole seconds, UTC), from the calendar fields
        // `gmtime_r` gives: every card of a list has one, and the format style was 2% of a page.
        // Only from 1600 on: before the Gregorian reform Foundation counts Julian days, gmtime_r not.
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var fields = tm()
        guard gmtime_r(&seconds, &fields) != nil, (1600...9999).contains(Int(fields.tm_year) + 1900) else {
            return date.formatted(Date.ISO8601FormatStyle())
        }
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : String(value) }
        let year = String(Int(fields.tm_year) + 1900)
        return year + "-" + two(fields.tm_mon + 1) + "-" + two(fields.tm_mday)
            + "T" + two(fields.tm_hour) + ":" + two(fields.tm_min) + ":" + two(fields.tm_sec) + "Z"
    }

    /// Day and time as seen in `zone`, e.g. `Sun, Nov 29, 2026, 2:30 PM` / `2026년 11월 29일 (일) 오후 2:30`.
    func dateTime(_ date: Date, in zone: TimeZone) -> String {
        format(date, template: "yMMMdEEEjmm", zone: zone)
    }

    /// A calendar day, e.g. `Nov 29, 2026`, or `Sun, Nov 29, 2026` with its weekday.
    func day(_ day: CalendarDay, withWeekday: Bool = false) -> String {
        format(day.start(in: Self.utc), template: withWeekday ? "yMMMdEEE" : "yMMMd", zone: Self.utc)
    }

    /// A date's day as seen in `zone`, e.g. `Nov 29, 2026`.
    func day(of date: Date, in zone: TimeZone = .current) -> String {
        format(date, template: "yMMMd", zone: zone)
    }

    /// A month, e.g. `November 2026` / `2026년 11월`.
    func month(_ month: CalendarMonth) -> String {
        format(month.start(in: Self.utc), template: "yMMMM", zone: Self.utc)
    }

    /// A short month name, e.g. `Nov` / `11월`.
    func shortMonth(_ month: Int) -> String {
        guard let sample = try? CalendarMonth(year: 2001, month: month) else { return String(month) }
        return format(sample.start(in: Self.utc), template: "MMM", zone: Self.utc)
    }

    /// Short weekday names, Monday first.
    var weekdays: [String] {
        // 2001-01-01 was a Monday.
        (0..<7).map { format(Date(timeIntervalSince1970: 978_307_200 + Double($0) * 86_400), template: "EEE", zone: Self.utc) }
    }

    /// An amount with its currency, digits grouped by thousands, e.g. `12,000 KRW`, `-4.50 USD`.
    func money(_ money: Money) -> String {
        Self.grouped(money.amountString) + " " + money.currency.code
    }

    /// `1234567.50` → `1,234,567.50` (the sign and decimals kept).
    static func grouped(_ amount: String) -> String {
        var sign = "", digits = Substring(amount)
        if digits.hasPrefix("-") { sign = "-"; digits = digits.dropFirst() }
        let parts = digits.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let whole = Array(parts[0])
        var result = ""
        for (index, character) in whole.enumerated() {
            if index > 0 && (whole.count - index) % 3 == 0 { result.append(",") }
            result.append(character)
        }
        return sign + result + (parts.count > 1 ? "." + parts[1] : "")
    }

    /// Bytes in a human unit, e.g. `3.8 MB`.
    func bytes(_ count: Int64) -> String {
        let units = ["B", "KB", "MB", "GB", "TB"]
        var value = Double(count), unit = 0
        while value >= 1000, unit < units.count - 1 { value /= 1000; unit += 1 }
        return unit == 0 ? "\(count) B" : String(format: "%.1f %@", value, units[unit])
    }

    /// A `datetime-local` input value (`2026-11-29T14:30`) for `date` in `zone`.
    static func dateTimeInput(_ date: Date, in zone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return CalendarDay(containing: date, in: zone).string + "T" + (parts.hour ?? 0).zeroPadded(2) + ":" + (parts.minute ?? 0).zeroPadded(2)
    }

    /// Reads a `datetime-local` value (`2026-11-29T14:30`, seconds optional) as a moment in `zone`.
    static func parseDateTimeInput(_ text: String, in zone: TimeZone) -> Date? {
        let pieces = text.trimmingCharacters(in: .whitespaces).split(separator: "T")
        guard pieces.count == 2 else { return nil }
        let day = pieces[0].split(separator: "-").map { Int($0) }
        let time = pieces[1].split(separator: ":").map { Int($0.split(separator: ".").first ?? "") }
        guard day.count == 3, (2...3).contains(time.count), !day.contains(nil), !time.contains(nil) else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let components = DateComponents(year: day[0], month: day[1], day: day[2], hour: time[0],
                                        minute: time[1], second: time.count == 3 ? time[2] : 0)
        guard calendar.dateComponents(in: zone, from: calendar.date(from: components) ?? .distantPast).day == day[2],
              (0...23).contains(time[0]!), (0...59).contains(time[1]!) else { return nil }
        return calendar.date(from: components)
    }

    /// UTC, for plain calendar days.
    static let utc = TimeZone(identifier: "UTC")!
}
