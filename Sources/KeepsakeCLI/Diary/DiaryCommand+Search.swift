import Foundation
import KeepsakeDiary
import KeepsakeStore
import KeepsakeViewModels

extension DiaryCommand {
    /// `keepsake diary search TEXT...`: full-text search through ``DiaryListViewModel``.
    struct Search: ParsableCommand {
        /// Its name and help.
        static let configuration = CommandConfiguration(
            "search", abstract: "Entries whose title, text or tags contain every word.",
            discussion: """
                Entries whose title, text or tags contain every word (also as the start of a longer word;
                case and accents ignored), newest first, at most 200.
                """,
            examples: ["keepsake diary search picnic", "keepsake diary search 피크닉 --json"])

        /// The words to look for.
        @Argument(.text(), atLeast: 1, hint: "the words to look for") var words: [String]

        /// Words that are only spaces look for nothing.
        func validate() throws(UsageError) {
            guard !words.joined(separator: " ").trimmingCharacters(in: .whitespaces).isEmpty else {
                throw UsageError(description: "diary search needs the words to look for; see keepsake diary search --help.")
            }
        }

        /// Searches and prints the entries found.
        func run(_ call: Invocation) async throws -> Int32 {
            let text = words.joined(separator: " ")
            let model = DiaryListViewModel(diary: Diary(store: try call.openStore()))
            model.filter = .search(text)
            await model.load()
            try CommandSupport.check(model.error)
            try printEntries(model.entries, nextCursor: nil, call, empty: "No entries match \(KeepsakeError.quoted(text)).")
            return 0
        }
    }
}
