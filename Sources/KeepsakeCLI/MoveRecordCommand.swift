import KeepsakeStore

/// `keepsake diary|ledger|feed move ID --book BOOK`: a record of `App` into another book of the
/// same app, in one operation (journalled as a change, so mirrors follow).
struct MoveRecordCommand<App: MovableRecords>: ParsableCommand {
    /// Its name and help.
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            "move", abstract: "Move a \(App.noun) (and its photos) to another \(App.app) book.",
            discussion: """
                Moves the \(App.noun) ID, with its photos, into BOOK, another \(App.app) book, in one
                operation. You need to be owner or editor of both books.
                """,
            examples: ["keepsake --user ana \(App.app) move 3f2504e0-4f89-41d3-9a0c-0305e82c3301 --book Family"])
    }

    /// What `--json` prints: the record, the book it is in now and its new version.
    struct Output: Encodable {
        let id: String
        let book: String
        let version: Int64
    }

    /// The record.
    @Argument(.recordID, hint: App.idHint) var id: RecordID
    /// Where it goes.
    @Option("--book", .text("BOOK"), help: "The book it goes to: its id, or its name when that is unique.") var book: String

    /// Moves it.
    func run(_ call: Invocation) async throws -> Int32 {
        let store = try call.openStore()
        guard try store.record(id).collection == App.collection else {
            throw KeepsakeError(.notFound, "No \(App.noun) has the id \(id); keepsake \(App.app) list shows them.")
        }
        let target = try AccountLookup.book(book, in: store, collection: App.collection)
        let moved = try store.moveRecord(id, to: target.id)
        try call.printResult(Output(id: moved.id.description, book: target.id.string, version: moved.version)) {
            call.print("Moved \(App.noun) \(id) to the book \(KeepsakeError.quoted(target.name)) (id \(target.id)).")
        }
        return 0
    }
}
