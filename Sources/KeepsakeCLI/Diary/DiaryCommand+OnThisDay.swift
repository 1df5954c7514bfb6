import Foundation
import KeepsakeDiary
import KeepsakeStore

extension DiaryCommand {
    /// `keepsake diary on-this-day [--day YYYY-MM-DD]`: the same day in earlier years, from ``Diary``.
    struct OnThisDay: ParsableCommand {
        /// Its name and help.
        static let configuration = CommandConfiguration(
            "on-this-day", abstract: "The entries of the same day in earlier years, newest year first.",
            discussion: """
                The entries written on today's date (or --day's) in each earlier year that has some,
                newest year first, oldest entry first within a day. An entry counts on its own day in the
                time zone it was written in. On 28 February of a common year the leap days of earlier
                years are shown too; on 29 February only earlier leap days.
                """,
            examples: ["keepsake diary on-this-day", "keepsake diary on-this-day --day 2026-02-28 --json"])

        /// The day to look back from; today by default.
        @Option("--day", .day, help: "The day to look back from; default today in your time zone.") var day: CalendarDay?
        /// Only one book.
        @OptionGroup var book: BookOption

        /// Prints each earlier year's entries of the day.
        func run(_ call: Invocation) async throws -> Int32 {
            let day = self.day ?? CalendarDay(containing: Date(), in: call.timeZone)
            var diary = Diary(store: try call.openStore())
            diary.books = try book.filter(in: diary.store, collection: Diary.collection)
            let groups = try diary.onThisDay(day)
            if call.json {
                try call.printJSON(groups)
                return 0
            }
            if groups.isEmpty { call.print("Nothing was written on \(day.month.zeroPadded(2))-\(day.day.zeroPadded(2)) in the years before \(day.year).") }
            for group in groups {
                call.print("\(group.day) (\(CommandSupport.count(group.yearsAgo, "year")) ago):")
                for entry in group.entries {
                    call.print("  \(entry.id)  \(DateText.format(entry.moment, timeZone: entry.timeZone))  \(entry.emotion.rawValue)/\(entry.intensity)  "
                               + CommandSupport.summary(entry.title ?? entry.text))
                }
            }
            return 0
        }
    }
}
