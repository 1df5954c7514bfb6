import KeepsakeLedger
import KeepsakeStore

extension LedgerCommand {
    /// `--monthly`, `--weekly` or `--yearly`, of which `ledger recurring add` and `ledger recurring
    /// edit` take at most one.
    struct ScheduleOptions: ParsableArguments {
        /// Monthly on a day.
        @Option("--monthly", .text("DAY"), help: "Every month on day 1 to 31 (the last day of shorter months).") var monthly: String?
        /// Weekly on a weekday.
        @Option("--weekly", .text("WEEKDAY"), help: "Every week on a weekday: 1 (Monday) to 7, or mon to sun.") var weekly: String?
        /// Yearly on a day.
        @Option("--yearly", .text("MM-DD"), help: "Every year on a month and day (02-29: 28 Feb in common years).") var yearly: String?

        /// At most one of the three.
        static var rules: [OptionRule] { [.atMostOne([[\Self.$monthly], [\Self.$weekly], [\Self.$yearly]])] }

        /// The schedule the one given says, checked; `nil` when none is.
        ///
        /// - Throws: ``KeepsakeError`` `.invalidArgument` for a day, weekday or month that cannot
        ///   be read or does not exist.
        func schedule() throws -> LedgerRecurringSchedule? {
            if let monthly { return try LedgerRecurringSchedule(typedFrequency: "monthly", day: monthly) }
            if let weekly { return try LedgerRecurringSchedule(typedFrequency: "weekly", weekday: weekly) }
            guard let yearly else { return nil }
            let parts = yearly.split(separator: "-", omittingEmptySubsequences: false)
            guard parts.count == 2 else {
                throw KeepsakeError(.invalidArgument, "\(KeepsakeError.quoted(yearly)) is not a month and day: write MM-DD, for example 02-29.")
            }
            return try LedgerRecurringSchedule(typedFrequency: "yearly", day: String(parts[1]), month: String(parts[0]))
        }
    }
}
