import Foundation

/// A date as written on the command line (`2026-11-29`, `2026-11-29T14:03` or full ISO 8601), checked
/// when it is read and turned into an instant in a time zone when the command knows which (`diary
/// add --at` is read in its `--time-zone`).
struct DateInput: Sendable {
    /// The text as given.
    let text: String

    /// The instant it names in `timeZone` (a bare day: its first instant).
    func date(in timeZone: TimeZone) throws -> Date { try DateText.parse(text, timeZone: timeZone) }

    /// The end of a range it names, excluded: a bare day includes that whole day.
    func end(in timeZone: TimeZone) throws -> Date { try DateText.parseEnd(text, timeZone: timeZone) }
}
