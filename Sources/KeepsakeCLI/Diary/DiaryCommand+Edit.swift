import KeepsakeDiary
import KeepsakeStore
import KeepsakeViewModels

extension DiaryCommand {
    /// `keepsake diary edit ID`: changes what is given, through ``DiaryComposeViewModel``.
    struct Edit: ParsableCommand {
        /// Its name and help.
        static let configuration = CommandConfiguration(
            "edit", abstract: "Change an entry; only the options given change.",
            discussion: """
                Changes an entry; only the options given change. The options are those of diary add:
                --title "" removes the title; --tag replaces all tags (--tag "" removes them); --image
                replaces the whole photo set in the order given, where @N keeps the stored photo now at
                position N (it is not rewritten; a file identical to a stored photo is not stored twice).
                Words and photos change in one operation: if a photo cannot be read, nothing changes.
                """,
            examples: [
                "keepsake diary edit 3f2504e0-4f89-41d3-9a0c-0305e82c3301 --intensity 5 --tag picnic --tag family",
                "keepsake diary edit 3f2504e0-4f89-41d3-9a0c-0305e82c3301 --image @1 --image @0 --image new.jpg",
            ])

        /// The entry.
        @Argument(.recordID, hint: DiaryCommand.idHint) var id: RecordID
        /// A new emotion.
        @Option("--emotion", .emotion, help: DiaryCommand.emotionHelp) var emotion: Emotion?
        /// New intensity, title, text, tags or time.
        @OptionGroup var fields: EntryFields
        /// The whole new photo set.
        @Option("--image", .file("FILE|@N"), help: CommandSupport.newImagesHelp) var images: [String]
        /// How new photos are stored.
        @OptionGroup var encoding: EncodingFlags

        /// Something must change.
        static var rules: [OptionRule] {
            [.atLeastOne([\Self.$emotion, \Self.fields.$intensity, \Self.fields.$title, \Self.fields.$text, \Self.fields.$tags, \Self.fields.$at,
                          \Self.fields.$timeZone, \Self.$images], message: "Nothing to change")]
        }

        /// Saves the changes and prints the entry.
        func run(_ call: Invocation) async throws -> Int32 {
            let diary = Diary(store: try call.openStore(encoding))
            let page = DiaryEntryViewModel(diary: diary, id: id)
            await page.load()
            try CommandSupport.check(page.error)
            guard let current = page.entry else { throw KeepsakeError(.notFound, "No diary entry with id \(id) exists.") }
            let compose = DiaryComposeViewModel(diary: diary, editing: current)
            if let zone = fields.timeZone { compose.timeZone = zone }
            if let moment = try fields.at?.date(in: fields.timeZone ?? current.timeZone) { compose.moment = moment }
            if let emotion { compose.emotion = emotion }
            if let intensity = fields.intensity { compose.intensity = intensity }
            if let title = fields.title { compose.title = title }
            if let text = call.text(fields.text) { compose.text = text }
            if !fields.tags.isEmpty { compose.tagsText = fields.tags.joined(separator: ",") }
            if !images.isEmpty {
                compose.images = try CommandSupport.composeImages(images, current: current.images, limit: diary.maxImages)
            }
            guard let entry = await compose.save() else { throw compose.error ?? CommandFailure(message: "The entry could not be saved.") }
            try printEntry(entry, call, heading: "Updated diary entry \(entry.id).")
            return 0
        }
    }
}
