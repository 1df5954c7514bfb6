public import KeepsakeStore

/// When a recurring rule's transaction happens: every month on a day, every week on a weekday, or
/// every year on a month and day.
///
/// A day that does not exist in a month falls on that month's last day, the same way every month:
/// monthly on the 31st is 30 April, 28 February (29 in a leap year) and 31 May; yearly on 29
/// February is 28 February in common years.
public enum LedgerRecurringSchedule: Sendable, Hashable, Codable {
    /// Every month on `day` (1...31; the month's last day when it is shorter).
    case monthly(day: Int)
    /// Every week on `weekday` (ISO: 1 Monday ... 7 Sunday).
    case weekly(weekday: Int)
    /// Every year on `month` (1...12) and `day` (1 to the month's longest length: 29 for February;
    /// 29 February is 28 February in common years).
    case yearly(month: Int, day: Int)

    /// The frequency's name as stored and shown: `monthly`, `weekly` or `yearly`.
    public var frequency: String {
        switch self {
        case .monthly: "monthly"
        case .weekly: "weekly"
        case .yearly: "yearly"
        }
    }

    /// Parses a schedule as a person types it: `monthly` with `day`, `weekly` with `weekday`
    /// (1...7 or a name such as `mon`), or `yearly` with `month` and `day`.
    ///
    /// - Throws: ``KeepsakeError`` `.invalidArgument` naming what is missing or out of range.
    public init(frequency: String, day: Int?, weekday: Int?, month: Int?) throws {
        switch frequency.trimmingCharacters(in: .whitespaces).lowercased() {
        case "monthly":
            guard let day else { throw KeepsakeError(.invalidArgument, "A monthly rule needs its day of the month, 1 to 31.") }
            self = .monthly(day: day)
        case "weekly":
            guard let weekday else { throw KeepsakeError(.invalidArgument, "A weekly rule needs its weekday, 1 (Monday) to 7 (Sunday).") }
            self = .weekly(weekday: weekday)
        case "yearly":
            guard let month, let day else { throw KeepsakeError(.invalidArgument, "A yearly rule needs its month (1 to 12) and day.") }
            self = .yearly(month: month, day: day)
        default:
            throw KeepsakeError(.invalidArgument, "\(KeepsakeError.quoted(frequency)) is not a frequency: use monthly, weekly or yearly.")
        }
        try check()
    }

    /// Throws unless every number is in range.
    ///
    /// - Throws: ``KeepsakeError`` `.invalidArgument` with the reason.
    public func check() throws {
        switch self {
        case .monthly(let day):
            guard (1...31).contains(day) else {
                throw KeepsakeError(.invalidArgument, "Day \(day) of the month does not exist: a monthly rule is on day 1 to 31 (29 to 31 fall on the last day of shorter months).")
            }
        case .weekly(let weekday):
            guard (1...7).contains(weekday) else {
                throw KeepsakeError(.invalidArgument, "Weekday \(weekday) does not exist: use 1 (Monday) to 7 (Sunday).")
            }
        case .yearly(let month, let day):
            guard (1...12).contains(month) else {
                throw KeepsakeError(.invalidArgument, "Month \(month) does not exist: a yearly rule is in month 1 to 12.")
            }
            // The longest the month can be (a leap year's February: 29).
            let longest = try CalendarMonth(year: 2000, month: month).dayCount
            guard (1...longest).contains(day) else {
                throw KeepsakeError(.invalidArgument, "Day \(day) does not exist in month \(month), which has at most \(longest) days.")
            }
        }
    }

    /// Whether the schedule falls on `day`.
    public func matches(_ day: LedgerDay) -> Bool {
        switch self {
        case .monthly(let wanted):
            return day.day == Swift.min(wanted, day.calendarMonth.dayCount)
        case .weekly(let weekday):
            return day.weekday == weekday
        case .yearly(let month, let wanted):
            return day.month == month && day.day == Swift.min(wanted, day.calendarMonth.dayCount)
        }
    }

    /// The first day on or after `day` the schedule falls on; `nil` past the year 9999.
    public func next(onOrAfter day: LedgerDay) -> LedgerDay? {
        switch self {
        case .weekly(let weekday):
            return day.adding(days: (weekday - day.weekday + 7) % 7)
        case .monthly(let wanted):
            var month: CalendarMonth? = day.calendarMonth
            while let current = month {
                let candidate = Self.day(wanted, in: current)
                if candidate >= day { return candidate }
                month = current.next
            }
            return nil
        case .yearly(let wantedMonth, let wanted):
            for year in day.year...CalendarMonth.years.upperBound {
                guard let month = try? CalendarMonth(year: year, month: wantedMonth) else { return nil }
                let candidate = Self.day(wanted, in: month)
                if candidate >= day { return candidate }
            }
            return nil
        }
    }

    /// Day `wanted` of `month`, or its last day when the month is shorter.
    static func day(_ wanted: Int, in month: CalendarMonth) -> LedgerDay {
        month.firstDay.adding(days: Swift.min(wanted, month.dayCount) - 1)
    }
}
