import Foundation
import KeepsakeDiary
import KeepsakeStore

extension DiaryCommand {
    /// `keepsake diary insights`: often together, streaks and emotions by weekday, from ``Diary``.
    struct Insights: ParsableCommand {
        /// Its name and help.
        static let configuration = CommandConfiguration(
            "insights", abstract: "Which emotions come with which tags, streaks of days written, emotions by weekday.",
            discussion: """
                How many of each tag's entries felt each emotion ("often together"), the longest streak
                of days written and the current one, and each emotion's count and the average intensity
                per weekday. An entry counts on its own day in the time zone it was written in. The current
                streak ends today, or yesterday when today has no entry yet (today in --time-zone).
                """,
            examples: ["keepsake diary insights", "keepsake diary insights --from 2026-01-01 --until 2027-01-01 --json"])

        /// A day, `YYYY-MM-DD`, shown as `DAY`.
        static let dayValue = ValueParser<CalendarDay>.checked("DAY") { try CalendarDay(parsing: $0) }

        /// The first day.
        @Option("--from", Self.dayValue, help: "The first day counted; default the first entry's.") var from: CalendarDay?
        /// The day after the last.
        @Option("--until", Self.dayValue, help: "The first day not counted; default none.") var until: CalendarDay?
        /// Where today is.
        @Option("--time-zone", .timeZone, help: "The time zone whose date is today; default yours.") var timeZone: TimeZone?
        /// Only one book.
        @OptionGroup var book: BookOption

        /// Prints the insights.
        func run(_ call: Invocation) async throws -> Int32 {
            if let from, let until, until < from { throw UsageError(description: "--until must not be before --from.") }
            let zone = timeZone ?? call.timeZone
            var diary = Diary(store: try call.openStore())
            diary.books = try book.filter(in: diary.store, collection: Diary.collection)
            let insights = try diary.insights(from: from, until: until, today: CalendarDay(containing: Date(), in: zone))
            if call.json {
                try call.printJSON(insights)
                return 0
            }
            func streak(_ streak: DiaryStreak?) -> String {
                streak.map { "\(CommandSupport.count($0.length, "day")), \($0.firstDay) to \($0.lastDay)" } ?? "none"
            }
            func emotions(_ counts: [Emotion: Int], of total: Int? = nil) -> String {
                counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map { pair in
                    let share = total.map { " (\(Int((Double(pair.value) * 100 / Double($0)).rounded()))%)" } ?? ""
                    return "\(pair.key.rawValue) \(pair.value)\(share)"
                }.joined(separator: ", ")
            }
            func trimmed(_ line: String) -> String { String(line.reversed().drop { $0 == " " }.reversed()) }
            call.print("Entries:        \(insights.entryCount) on \(CommandSupport.count(insights.dayCount, "day"))")
            call.print("Longest streak: \(streak(insights.longestStreak))")
            call.print("Current streak: \(streak(insights.currentStreak)) (today is \(insights.today) in \(zone.identifier))")
            call.print("")
            call.print("Often together:")
            if insights.tags.isEmpty { call.print("  no entries with tags") }
            for tag in insights.tags {
                call.print(trimmed("  " + CommandSupport.pad(tag.tag, to: 16) + String(format: " %5d  ", tag.entryCount) + emotions(tag.emotionCounts, of: tag.entryCount)))
            }
            call.print("")
            call.print("By weekday:      Entries  Avg  Emotions")
            let names = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
            for day in insights.weekdays {
                let average = day.averageIntensity.map { String(format: "%.1f", $0) } ?? "-"
                let line = "  " + CommandSupport.pad(names[day.weekday - 1], to: 14) + String(format: " %7d  ", day.entryCount)
                    + CommandSupport.pad(average, to: 3) + "  " + emotions(day.emotionCounts)
                call.print(trimmed(line))
            }
            return 0
        }
    }
}
