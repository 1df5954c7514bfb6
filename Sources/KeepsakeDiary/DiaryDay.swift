public import KeepsakeStore

/// The day a diary entry belongs to: the calendar day of its moment in the time zone it was written
/// in. It is the engine's ``CalendarDay`` (one day type for every app); its string form `yyyy-MM-dd`
/// is also how it is stored and encoded.
public typealias DiaryDay = CalendarDay

extension CalendarDay {
    /// Parses `yyyy-MM-dd` ("2026-11-29"); nothing else is accepted. The diary's spelling of
    /// ``CalendarDay/init(parsing:)``.
    public init(_ text: String) throws {
        try self.init(parsing: text)
    }
}
