import Foundation
import KeepsakeDiary
import KeepsakeStore

extension DiaryCommand {
    /// `keepsake diary year [YYYY]`: a year in pixels, from ``Diary``.
    struct Year: ParsableCommand {
        /// Its name and help.
        static let configuration = CommandConfiguration(
            "year", abstract: "A year in pixels: each day's dominant emotion, twelve lines of days.",
            discussion: """
                A year (this year by default) as twelve lines, one per month, one character per day: a
                letter for the day's dominant emotion (the most frequent; ties go to the stronger, then
                to the one listed first; the letters are listed below the lines), upper case when its
                average intensity is 4 or more, "." for a day without entries. An entry counts on its own day in the time zone it was written
                in. --json gives every day with entries, its counts and average intensity.
                """,
            examples: ["keepsake diary year", "keepsake diary year 2025 --json"])

        /// The year; this year by default.
        @Argument(.integer(in: 1...9999, "YYYY")) var year: Int?
        /// Only one book.
        @OptionGroup var book: BookOption

        /// Prints the year.
        func run(_ call: Invocation) async throws -> Int32 {
            let year = self.year ?? CalendarDay(containing: Date(), in: call.timeZone).year
            var diary = Diary(store: try call.openStore())
            diary.books = try book.filter(in: diary.store, collection: Diary.collection)
            let pixels = try diary.yearInPixels(year)
            if call.json {
                try call.printJSON(pixels)
                return 0
            }
            let byDay = Dictionary(uniqueKeysWithValues: pixels.days.map { ($0.day, $0) })
            call.print("\(year): \(CommandSupport.count(pixels.days.count, "day")) with entries")
            for month in 1...12 {
                let days = try CalendarMonth(year: year, month: month).days
                let line = days.map { day -> String in
                    guard let pixel = byDay[day] else { return "." }
                    let letter = Self.letter(pixel.dominantEmotion)
                    return pixel.averageIntensity >= 4 ? letter.uppercased() : letter
                }.joined()
                call.print("  \(year)-\(month.zeroPadded(2))  \(line)")
            }
            call.print("  " + Emotion.allCases.map { "\(Self.letter($0)) \($0.rawValue)" }.joined(separator: ", "))
            return 0
        }

        /// The one letter of an emotion in the year's lines (unique among the ten).
        static func letter(_ emotion: Emotion) -> String {
            switch emotion {
            case .joy: "j"
            case .calm: "c"
            case .gratitude: "g"
            case .love: "l"
            case .excitement: "e"
            case .sadness: "s"
            case .anger: "a"
            case .anxiety: "x"
            case .fear: "f"
            case .tiredness: "t"
            }
        }
    }
}
