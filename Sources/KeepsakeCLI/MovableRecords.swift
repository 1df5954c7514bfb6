import KeepsakeStore

/// An app whose records `move ID --book BOOK` carries to another of its books (the diary, the
/// ledger, the feed): what ``MoveRecordCommand`` needs of it.
protocol MovableRecords: TrashableRecords {
    /// Its records' collection.
    static var collection: CollectionName { get }
    /// Its word on the command line (`diary`).
    static var app: String { get }
    /// One record in a sentence (`diary entry`).
    static var noun: String { get }
    /// Throws `notFound` unless `id` is a record of this app that `store`'s caller may read.
    static func checkRecord(_ id: RecordID, in store: Store) throws
    /// Throws when the app's rules refuse moving the record `id` to `book` (nothing is moved).
    static func checkMove(_ id: RecordID, to book: BookID, in store: Store) throws
    /// Prints the record `id` as it is now (as `show` prints it, or as JSON) after `heading`.
    @MainActor static func printRecord(_ id: RecordID, in store: Store, heading: String, _ call: Invocation) throws
}

extension MovableRecords {
    /// No rule of its own beyond the engine's: any record may move to another book of its app.
    static func checkMove(_ id: RecordID, to book: BookID, in store: Store) throws {}
}
