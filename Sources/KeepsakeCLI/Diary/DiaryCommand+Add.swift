import Foundation
import KeepsakeDiary
import KeepsakeViewModels

extension DiaryCommand {
    /// `keepsake diary add`: a new entry, written through ``DiaryComposeViewModel``.
    struct Add: ParsableCommand {
        /// Its name and help.
        static let configuration = CommandConfiguration(
            "add", abstract: "Write a new entry (--emotion, --intensity, --title, --text, --tag, --at, --image).",
            discussion: "Writes a new entry. It needs an emotion and a title or some text.",
            epilogue: """
                The photos are stored with the entry in one operation: if one cannot be read, nothing is stored.
                Prints the new entry (with --json, the entry as JSON).
                """,
            examples: [
                #"keepsake diary add --emotion joy --title "First snow" --text "첫눈이 왔다" --tag winter"#,
                #"keepsake diary add --emotion calm --intensity 2 --text "Tea" --at 2026-11-29T21:30 --image tea.jpg --image cup.heic"#,
                #"echo "A long day." | keepsake diary add --emotion tiredness --text - --json"#,
                #"keepsake --user ana diary add --emotion joy --text "Moving day" --book "Family diary""#,
            ])

        /// How it felt.
        @Option("--emotion", .emotion, help: DiaryCommand.emotionHelp) var emotion: Emotion
        /// Intensity, title, text, tags and when.
        @OptionGroup var fields: EntryFields
        /// Its photos, in order.
        @Option("--image", .file(), help: "A photo; repeat for up to 10, in order. JPEG, PNG, WebP, HEIC, GIF.") var images: [String]
        /// The book it goes in (default: your own diary).
        @OptionGroup var book: BookOption
        /// How the photos are stored.
        @OptionGroup var encoding: EncodingFlags

        /// Saves the entry and prints it.
        func run(_ call: Invocation) async throws -> Int32 {
            let zone = fields.timeZone ?? call.timeZone
            let moment = try fields.at?.date(in: zone) ?? Date()
            let diary = Diary(store: try call.openStore(encoding))
            let compose = DiaryComposeViewModel(diary: diary, emotion: emotion, now: moment, timeZone: zone)
            compose.book = try book.bookID(in: diary.store, collection: Diary.collection)
            if let intensity = fields.intensity { compose.intensity = intensity }
            if let title = fields.title { compose.title = title }
            if let text = call.text(fields.text) { compose.text = text }
            compose.tagsText = fields.tags.joined(separator: ",")
            if !images.isEmpty {
                compose.addImages(CommandSupport.imageSources(images))
                try CommandSupport.check(compose.error)
            }
            guard let entry = await compose.save() else { throw compose.error ?? CommandFailure(message: "The entry could not be saved.") }
            try printEntry(entry, call, heading: "Added diary entry \(entry.id).")
            return 0
        }
    }
}
