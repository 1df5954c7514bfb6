import KeepsakeStore

/// `keepsake diary|ledger|feed move ID --book BOOK`: a record of `App` into another book of the
/// same app, in one operation (journalled as a change, so mirrors follow); prints the record as
/// saved, as `show` does.
struct MoveRecordCommand<App: MovableRecords>: ParsableCommand {
    /// Its name and help.
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            "move", abstract: "Move a \(App.noun) (and its photos) to another \(App.app) book.",
            discussion: """
                Moves the \(App.noun) ID, with its photos, into BOOK, another \(App.app) book, in one
                operation: the photos are copied into the book's folder (attachments/BOOK-ID/), checked
                against their hashes, and removed from the old one once the move is saved; if anything
                fails, nothing is changed. You need to be owner or editor of both books.
                """,
            examples: ["keepsake --user ana \(App.app) move 3f2504e0-4f89-41d3-9a0c-0305e82c3301 --book Family"])
    }

    /// The record.
    @Argument(.recordID, hint: App.idHint) var id: RecordID
    /// Where it goes.
    @Option("--book", .text("BOOK"), help: "The book it goes to: its id, or its name when that is unique.") var book: String

    /// Moves it.
    func run(_ call: Invocation) async throws -> Int32 {
        let store = try call.openStore()
        try App.checkRecord(id, in: store)
        let target = try AccountLookup.book(book, in: store, collection: App.collection)
        try App.checkMove(id, to: target.id, in: store)
        _ = try store.moveRecord(id, to: target.id)
        try App.printRecord(id, in: store, heading: "Moved \(App.noun) \(id) to the book \(KeepsakeError.quoted(target.name)) (id \(target.id)).", call)
        return 0
    }
}
