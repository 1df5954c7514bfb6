import Foundation
import KeepsakeDiary
import KeepsakeStore

extension DiaryCommand {
    /// `keepsake diary stats`: entries per week or month, from ``Diary``.
    struct Stats: ParsableCommand {
        /// Its name and help.
        static let configuration = CommandConfiguration(
            "stats", abstract: "Entries and average intensity per week or month, per emotion.",
            discussion: """
                Entries per ISO week or per month, with the count of each emotion and the average
                intensity, for charts. Every period in the range is listed, empty ones too, in your time zone.
                """,
            examples: ["keepsake diary stats", "keepsake diary stats --per month --from 2026-01-01 --to 2026-12-31 --json"])

        /// Weeks or months.
        @Option("--per", .choice(DiaryStatisticsPeriod.allCases.map { ($0.rawValue, $0) }), help: "The period; default week.")
        var period: DiaryStatisticsPeriod?
        /// The start.
        @Option("--from", .date, help: "Start; default 8 weeks (or 6 months) before --to.") var from: DateInput?
        /// The end.
        @Option("--to", .date, help: "End; a bare day includes that day; default the end of today.") var to: DateInput?
        /// Only one book.
        @OptionGroup var book: BookOption

        /// Prints one line per period.
        func run(_ call: Invocation) async throws -> Int32 {
            let period = self.period ?? .week
            let zone = call.timeZone
            let to = try self.to?.end(in: zone) ?? CalendarDay(containing: Date(), in: zone).adding(days: 1).start(in: zone)
            var calendar = Foundation.Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            let from = try self.from?.date(in: zone)
                ?? calendar.date(byAdding: period == .week ? .weekOfYear : .month, value: period == .week ? -8 : -6, to: to)!
            guard from < to else { throw UsageError(description: "--to must be after --from.") }
            var diary = Diary(store: try call.openStore())
            diary.books = try book.filter(in: diary.store, collection: Diary.collection)
            let periods = try diary.statistics(from: from, to: to, per: period, timeZone: zone)
            if call.json {
                try call.printJSON(periods)
                return 0
            }
            call.print("Period     Entries  Avg  Emotions")
            for row in periods {
                let average = row.averageIntensity.map { String(format: "%.1f", $0) } ?? "-"
                let emotions = row.emotionCounts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
                    .map { "\($0.key.rawValue) \($0.value)" }.joined(separator: ", ")
                let line = CommandSupport.pad(row.label, to: 10) + String(format: " %7d  ", row.entryCount) + CommandSupport.pad(average, to: 3) + "  " + emotions
                call.print(line.trimmingCharacters(in: .whitespaces))
            }
            return 0
        }
    }
}
