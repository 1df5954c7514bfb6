import Foundation
import KeepsakeStore

extension LedgerRecurringSchedule {
    /// Parses a schedule as a person types it in a form or on a command line: `monthly` with
    /// `day`, `weekly` with `weekday` (1...7 or an English name or its first three letters, such as
    /// `mon`), or `yearly` with `month` and `day`; the numbers as text, empty when not given.
    ///
    /// - Throws: ``KeepsakeError`` `.invalidArgument` naming what cannot be read, is missing or is
    ///   out of range.
    public init(typedFrequency frequency: String, day: String = "", weekday: String = "", month: String = "") throws {
        try self.init(frequency: frequency, day: try Self.whole(day, "day"), weekday: try Self.weekday(weekday), month: try Self.whole(month, "month"))
    }

    /// A whole number typed as text; `nil` when empty.
    static func whole(_ text: String, _ name: String) throws -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return nil }
        guard let value = Int(trimmed) else {
            throw KeepsakeError(.invalidArgument, "The \(name) \(KeepsakeError.quoted(trimmed)) is not a whole number.")
        }
        return value
    }

    /// A weekday typed as 1...7 or an English name or its first three letters (`mon`); `nil` when empty.
    static func weekday(_ text: String) throws -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        guard !trimmed.isEmpty else { return nil }
        if let number = Int(trimmed) { return number }
        let names = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
        guard trimmed.count >= 3, let index = names.firstIndex(where: { $0.hasPrefix(trimmed) }) else {
            throw KeepsakeError(.invalidArgument, "\(KeepsakeError.quoted(text)) is not a weekday: use 1 (Monday) to 7 (Sunday) or a name such as mon.")
        }
        return index + 1
    }
}
