import Foundation
import KeepsakeDiary
import KeepsakeStore
import KeepsakeViewModels

extension DiaryCommand {
    /// `keepsake diary images ID OPERATION ARGUMENT...`: one photo operation through
    /// ``DiaryEntryViewModel``.
    struct Images: ParsableCommand {
        /// Its name and help.
        static let configuration = CommandConfiguration(
            "images", abstract: "Photos of an entry: add, replace, remove, move, reorder.",
            discussion: """
                Changes the photos of an entry, one operation each (positions count from 0, as diary show
                lists them):
                  add FILE...        Adds photos at the end (at most 10 in all).
                  replace N FILE     Puts a new photo at position N; the old file goes only after the change is saved.
                  remove N           Removes the photo at N; the ones after it move up.
                  move FROM TO       Moves one photo; no file is touched.
                  reorder I J K...   The new order: position i gets the photo now at the i-th number given.
                Prints the entry's photos afterwards (with --json, the entry).
                """,
            examples: [
                "keepsake diary images 3f2504e0-4f89-41d3-9a0c-0305e82c3301 add beach.jpg sunset.heic",
                "keepsake diary images 3f2504e0-4f89-41d3-9a0c-0305e82c3301 replace 0 better.jpg",
                "keepsake diary images 3f2504e0-4f89-41d3-9a0c-0305e82c3301 reorder 2 0 1",
            ])

        /// The entry.
        @Argument(.recordID, hint: DiaryCommand.idHint) var id: RecordID
        /// `add`, `replace`, `remove`, `move` or `reorder`.
        @Argument(.text("OPERATION"), hint: "add, replace, remove, move or reorder") var operation: String
        /// The operation's files and positions.
        @Argument(.text("ARGUMENT")) var operands: [String]
        /// How new photos are stored.
        @OptionGroup var encoding: EncodingFlags

        /// Runs the operation and prints the entry's photos.
        func run(_ call: Invocation) async throws -> Int32 {
            let arguments = operands
            func expect(_ count: ClosedRange<Int>, _ form: String) throws {
                guard count.contains(arguments.count) else { throw UsageError(description: "Write it as: diary images ID \(form).") }
            }
            func position(_ text: String) throws -> Int { try ValueParser<Int>.photoPosition.parse(text, "N") }
            let model = DiaryEntryViewModel(diary: Diary(store: try call.openStore(encoding)), id: id)
            switch operation {
            case "add":
                try expect(1...Int.max, "add FILE...")
                await model.addImages(CommandSupport.imageSources(arguments))
            case "replace":
                try expect(2...2, "replace N FILE")
                await model.replaceImage(at: try position(arguments[0]), with: .file(URL(fileURLWithPath: arguments[1])))
            case "remove":
                try expect(1...1, "remove N")
                await model.removeImage(at: try position(arguments[0]))
            case "move":
                try expect(2...2, "move FROM TO")
                await model.moveImage(from: try position(arguments[0]), to: try position(arguments[1]))
            case "reorder":
                try expect(1...Int.max, "reorder I J K...")
                await model.reorderImages(try arguments.map(position))
            case let other:
                throw UsageError(description: "Unknown photo operation \(KeepsakeError.quoted(other)); use add, replace, remove, move or reorder.")
            }
            try CommandSupport.check(model.error)
            guard let entry = model.entry else { throw KeepsakeError(.notFound, "No diary entry with id \(id) exists.") }
            if call.json {
                try call.printJSON(entry)
            } else {
                call.print("Diary entry \(entry.id) now has \(CommandSupport.count(entry.images.count, "photo")).")
                CommandSupport.photoLines(entry.images).forEach { call.print($0) }
            }
            return 0
        }
    }
}
