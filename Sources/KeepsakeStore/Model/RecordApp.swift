/// One value an app keeps (a diary entry, a transaction, a post), as its facade hands it out.
public protocol RecordAppItem: Sendable {
    /// The record's id.
    var id: RecordID { get }
    /// The record's version: incremented by every change (an ETag, an `expectedVersion`).
    var version: Int64 { get }
    /// Whether it is in the trash.
    var isTrashed: Bool { get }
    /// Its stored images in order (a ledger transaction: its receipt, if any).
    var attachments: [Attachment] { get }
}

/// The one shape of the apps' facades (``Diary``-like types in KeepsakeDiary, KeepsakeLedger,
/// KeepsakeFeed): create, read, update, delete (to the trash), restore and purge, named alike.
///
/// Every change takes an `expectedVersion`: when given, the change applies only if the record is
/// still at that version, checked inside the commit; otherwise ``KeepsakeError/Code/conflict``
/// with the remedy ``KeepsakeError/Remedy/reloadAndRetry``, and nothing changed. Without it, the
/// change still never writes over a concurrent one: an edit is checked against the version it was
/// computed from.
public protocol RecordApp: Sendable {
    /// The value handed out.
    associatedtype Item: RecordAppItem
    /// What a new value is made of.
    associatedtype Draft
    /// The changes of an update; `nil` fields stay as they are.
    associatedtype Edit

    /// The store collection the app's records live in.
    static var collection: CollectionName { get }

    /// Stores a new value, all or nothing.
    func create(_ draft: Draft) throws -> Item
    /// The value with `id`, live or in the trash; `notFound` if there is none in this app.
    func read(_ id: RecordID) throws -> Item
    /// Changes a live value.
    func update(_ id: RecordID, _ edit: Edit, expectedVersion: Int64?) throws -> Item
    /// Moves a value to the trash.
    func delete(_ id: RecordID, expectedVersion: Int64?) throws -> Item
    /// Takes a value out of the trash.
    func restore(_ id: RecordID, expectedVersion: Int64?) throws -> Item
    /// Removes a value for good, with its images (the diary and the feed: only from the trash,
    /// `conflict` otherwise; the ledger: also a live one).
    func purge(_ id: RecordID) throws
}

extension KeepsakeError {
    /// The record is no longer at the version a caller expected.
    public static func versionMismatch(_ id: RecordID, current: Int64, expected: Int64) -> KeepsakeError {
        KeepsakeError(.conflict, "Record \(id) was changed by someone else meanwhile (version \(current), expected \(expected)); nothing was changed.",
                      remedy: .reloadAndRetry)
    }

    /// Throws ``versionMismatch(_:current:expected:)`` unless `expected` is `nil` or `current`.
    public static func checkVersion(_ id: RecordID, current: Int64, expected: Int64?) throws {
        if let expected, expected != current { throw versionMismatch(id, current: current, expected: expected) }
    }
}
