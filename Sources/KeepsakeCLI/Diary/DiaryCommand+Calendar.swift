import Foundation
import KeepsakeDiary
import KeepsakeStore

extension DiaryCommand {
    /// `keepsake diary calendar [YYYY-MM]`: the days of a month with entries, from ``Diary``.
    struct MonthCalendar: ParsableCommand {
        /// Its name and help.
        static let configuration = CommandConfiguration(
            "calendar", abstract: "Which days of a month have entries, and each day's dominant emotion.",
            discussion: """
                The days of a month (this month by default) that have entries, each with its number of
                entries and its dominant emotion (the most frequent; ties go to the stronger, then to the
                one listed first). An entry counts on its own day in the time zone it was written in.
                """,
            examples: ["keepsake diary calendar", "keepsake diary calendar 2026-11 --json"])

        /// The month; this month by default.
        @Argument(.month) var month: CalendarMonth?
        /// Only one book.
        @OptionGroup var book: BookOption

        /// Prints the month's days.
        func run(_ call: Invocation) async throws -> Int32 {
            let month = self.month ?? CalendarMonth(containing: Date(), in: call.timeZone)
            var diary = Diary(store: try call.openStore())
            diary.books = try book.filter(in: diary.store, collection: Diary.collection)
            let days = try diary.calendar(of: month)
            if call.json {
                try call.printJSON(days)
                return 0
            }
            call.print("\(month): \(CommandSupport.count(days.count, "day")) with entries")
            let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
            for day in days {
                call.print("  \(day.day)  \(weekdays[day.day.weekday - 1])  \(CommandSupport.count(day.count, "entry", plural: "entries"))  "
                           + "\(day.dominantEmotion.rawValue) (\(day.dominantEmotion.koreanName))")
            }
            return 0
        }
    }
}
