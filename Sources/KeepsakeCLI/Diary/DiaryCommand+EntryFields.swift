import KeepsakeStore
import Foundation

extension DiaryCommand {
    /// The options `diary add` and `diary edit` share, between `--emotion` and `--image`: the
    /// intensity, the words and when it happened.
    struct EntryFields: ParsableArguments {
        /// How strong, 1 to 5.
        @Option("--intensity", .integer, help: "How strong, 1 (faint) to 5 (overwhelming); default 3.") var intensity: Int?
        /// The title.
        @Option("--title", .text(), help: "A title (optional).") var title: String?
        /// The text; `-` reads standard input.
        @Option("--text", .text(), help: "The entry's text; - reads it from standard input.") var text: String?
        /// The tags, in order.
        @Option("--tag", .text("TAG"), help: "A tag; repeat for several (#travel and Travel are the same tag).") var tags: [String]
        /// When it happened.
        @Option("--at", .date, help: "When it happened: YYYY-MM-DD, YYYY-MM-DDTHH:MM or full ISO 8601; default now.") var at: DateInput?
        /// The time zone it was written in.
        @Option("--time-zone", .timeZone, help: "The time zone it was written in (decides its day); default yours.") var timeZone: TimeZone?
    }
}
