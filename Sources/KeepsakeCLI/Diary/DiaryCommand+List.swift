import KeepsakeDiary
import KeepsakeStore
import KeepsakeViewModels

extension DiaryCommand {
    /// `keepsake diary list`: a page of entries through ``DiaryListViewModel``, one filter at a time.
    struct List: ParsableCommand {
        /// Its name and help.
        static let configuration = CommandConfiguration(
            "list", abstract: "Newest entries first, a page at a time; filter by emotion, tag, month,\nday, date range, or show the trash.",
            discussion: "Lists entries, newest first, a page at a time (one filter at a time).",
            epilogue: """
                Each line: id, date and time, emotion/intensity, photos, title or first words.
                With --json: {"entries": [...], "nextCursor": TOKEN or null}.
                """,
            examples: ["keepsake diary list", "keepsake diary list --emotion joy --limit 5", "keepsake diary list --from 2026-11-01 --to 2026-11-15 --json"])

        /// Entries per page.
        @Option("--limit", .integer(in: 1...1000), help: "Entries per page, 1 to 1000; default 20.") var limit: Int?
        /// Where the page starts.
        @Option("--cursor", .cursor, help: "Continue after the page that printed this token.") var cursor: RecordCursor?
        /// Only this emotion.
        @Option("--emotion", .emotion, help: "Only entries with this emotion.") var emotion: Emotion?
        /// Only this tag.
        @Option("--tag", .text("TAG"), help: "Only entries with this tag.") var tag: String?
        /// One month.
        @Option("--month", .month, help: "The entries of one month, oldest first (each on its own day).") var month: CalendarMonth?
        /// One day.
        @Option("--day", .day, help: "The entries of one day, oldest first.") var day: CalendarDay?
        /// The start of a range.
        @Option("--from", .date, help: "Entries from this date on (with --to: up to it).") var from: DateInput?
        /// The end of a range.
        @Option("--to", .date, help: "Entries before this date; a bare day includes that day.") var to: DateInput?
        /// The trash instead.
        @Flag("--trash", help: "Entries in the trash.") var trash: Bool
        /// Only one book.
        @OptionGroup var book: BookOption

        /// One filter at a time.
        static var rules: [OptionRule] {
            [.atMostOne([[\Self.$emotion], [\Self.$tag], [\Self.$month], [\Self.$day], [\Self.$from, \Self.$to], [\Self.$trash]], noun: "filter")]
        }

        /// A cursor pages only the newest-first lists.
        func validate() throws(UsageError) {
            if cursor != nil, month != nil || day != nil {
                throw UsageError(description: "--cursor pages the newest-first lists; --month and --day show everything at once.")
            }
        }

        /// Loads the page and prints it.
        func run(_ call: Invocation) async throws -> Int32 {
            var filter = DiaryListViewModel.Filter.all
            if let emotion { filter = .emotion(emotion) }
            if let tag { filter = .tag(tag) }
            if let month { filter = .month(month) }
            if let day { filter = .day(day) }
            if from != nil || to != nil {
                let start = try from?.date(in: call.timeZone) ?? .distantPast
                let end = try to?.end(in: call.timeZone) ?? .distantFuture
                guard start < end else { throw UsageError(description: "--to must be after --from.") }
                filter = .range(from: start, to: end)
            }
            if trash { filter = .trash }
            var diary = Diary(store: try call.openStore())
            diary.books = try book.filter(in: diary.store, collection: Diary.collection)
            let model = DiaryListViewModel(diary: diary, pageSize: limit ?? 20)
            model.filter = filter
            await model.load(after: cursor)
            try CommandSupport.check(model.error)
            try printEntries(model.entries, nextCursor: model.nextCursor, call, empty: filter == .all ? "No diary entries yet." : "No entries match.")
            return 0
        }
    }
}
