import KeepsakeDiary
import KeepsakeStore
import KeepsakeViewModels

extension DiaryCommand {
    /// `keepsake diary show ID`: one entry, read through ``DiaryEntryViewModel``.
    struct Show: ParsableCommand {
        /// Its name and help.
        static let configuration = CommandConfiguration(
            "show", abstract: "One entry with its photos.",
            discussion: """
                Shows one entry: when (in your time zone, and the zone it was written in), emotion, title,
                tags, text, and its photos in order with their stored paths and sizes.
                """,
            examples: ["keepsake diary show 3f2504e0-4f89-41d3-9a0c-0305e82c3301", "keepsake diary show 3f2504e0-4f89-41d3-9a0c-0305e82c3301 --json"])

        /// The entry.
        @Argument(.recordID, hint: DiaryCommand.idHint) var id: RecordID

        /// Loads the entry and prints it.
        func run(_ call: Invocation) async throws -> Int32 {
            let model = DiaryEntryViewModel(diary: Diary(store: try call.openStore()), id: id)
            await model.load()
            try CommandSupport.check(model.error)
            guard let entry = model.entry else { throw KeepsakeError(.notFound, "No diary entry with id \(id) exists.") }
            try printEntry(entry, call, heading: nil)
            return 0
        }
    }
}
