import Foundation

/// Everything the engine asks of a database: records and their ordered image rows, the intent
/// journal, the change log, list and search queries, status figures, small settings, and the
/// liveness of store instances. ``SQLiteMetadataStore`` is the embedded default.
///
/// ## What the promises need from an implementation
/// - **One commit point.** ``write(_:)`` runs its body in one transaction; when it returns, the
///   whole change is durable (the power may fail after that), and when it throws nothing of it
///   happened. The engine's commit of an operation is one such call.
/// - **Consistent reads.** ``read(_:)`` sees one committed state for its whole body.
/// - **Serialised conflicts.** Two write transactions that touch the same record or intent behave
///   as if one ran after the other. A body may be run again after a serialization failure, so it
///   must have no effect outside the transaction.
/// - **Liveness.** Each open store instance is alive until it is closed or its process dies; an
///   instance that can no longer prove it is alive must fail ``MetadataWriter/assertLive()`` so it
///   never commits as a zombie. ``claimDeadInstances()`` finds the instances that are gone and
///   holds them so no other recoverer works on the same one.
/// - **Ordering.** Keys compare as bytes (`COLLATE "C"` on PostgreSQL), the order
///   ``BlobStore/list(prefix:after:limit:)`` uses, so fsck can merge the two lists.
public protocol MetadataStore: Sendable {
    /// This instance's token, written in the journal as the owner of its intents.
    var instanceID: String { get }

    /// Runs `body` in one read transaction.
    func read<T>(_ body: (any MetadataReader) throws -> T) throws -> T

    /// Runs `body` in one write transaction and commits it: the durability point of an operation.
    func write<T>(_ body: (any MetadataWriter) throws -> T) throws -> T

    /// The instances named in the journal (or known to the liveness mechanism) that are no longer
    /// alive, each held by the returned claim until it is finished.
    func claimDeadInstances() throws -> [any InstanceClaim]

    /// Waits until the change log may have grown or `timeout` passes (a store with notifications
    /// returns early; one without just sleeps).
    func waitForChanges(timeout: Duration) async throws

    /// What this database is and how big, for `keepsake status`.
    func status() throws -> BackendStatus

    /// Releases this instance's liveness and connections; the instance is then dead to others.
    func close()
}

extension MetadataStore {
    /// Sleeps for `timeout`: the change log is polled.
    public func waitForChanges(timeout: Duration) async throws {
        try await Task.sleep(for: timeout)
    }
}

/// A dead instance held for recovery: nobody else recovers it while the claim is held.
public protocol InstanceClaim: Sendable {
    /// The dead instance's token.
    var owner: String { get }
    /// Declares the instance recovered (its intents finished, its staging removed) and lets it go.
    func finish() throws
    /// Lets it go without declaring it recovered (after a failure; another recoverer will retry).
    func abandon()
}

/// The reads of one transaction.
public protocol MetadataReader {
    /// The record with its images in order, or `nil`.
    func record(_ id: RecordID) throws -> Record?
    /// The collection of record `id`, or `nil` if there is no such record.
    func collection(of id: RecordID) throws -> CollectionName?
    /// One page of records with their images. The query has been validated by the engine.
    func list(_ query: RecordQuery) throws -> RecordPage
    /// Number of records in a collection.
    func count(_ collection: CollectionName, trash: RecordQuery.TrashFilter) throws -> Int
    /// Records whose text fields contain every word (each also as a prefix), newest first.
    func search(_ search: TextSearch) throws -> [Record]
    /// Records in the trash since at or before `cutoff` (seconds since 1970), oldest first.
    func trashed(before cutoff: Double, in collection: CollectionName?) throws -> [RecordID]
    /// Per-collection counts and sizes, for status.
    func collectionFigures() throws -> [StoreStatus.Collection]
    /// Number of records, live and trashed.
    func recordCount() throws -> Int

    /// Change log entries after `sequence`, oldest first.
    func changes(after sequence: Int64, limit: Int) throws -> [StoreChange]
    /// The newest change's sequence number, 0 for an empty log.
    func lastChangeSequence() throws -> Int64

    /// One journalled intent.
    func intent(_ id: String) throws -> Intent?
    /// The ids of the intents owned by `owner`, oldest first.
    func intents(ownedBy owner: String) throws -> [String]
    /// Number of journalled intents of every owner.
    func intentCount() throws -> Int
    /// The files of `intent` with `role` that nothing else needs: no image row refers to them and
    /// no other intent journals them as new. Only these may be removed when finishing it.
    func removableFiles(of intent: String, role: IntentFileRole) throws -> [IntentFile]
    /// Keys that running or interrupted operations journal as new (fsck must not call them orphans).
    func journalledNewKeys() throws -> Set<RelativePath>

    /// Whether an image row with this id and key exists.
    func attachmentExists(id: Int64, key: RelativePath) throws -> Bool
    /// Whether an image row or a journal entry names `key`.
    func isReferenced(_ key: RelativePath) throws -> Bool
    /// Whether an image row or a journal entry names a key that starts with `prefix`.
    func isReferenced(prefix: String) throws -> Bool
    /// Image rows with their collections in key order, starting after `key` (fsck pages through them).
    func attachments(after key: RelativePath?, limit: Int) throws -> [StoredAttachment]

    /// A setting stored with the records (`namespace` and `key` are short ASCII names).
    func setting(_ key: String, in namespace: String) throws -> String?
    /// Every setting of a namespace, by key.
    func settings(in namespace: String) throws -> [String: String]
}

/// The writes of one transaction (which can also read).
public protocol MetadataWriter: MetadataReader {
    /// Throws unless this instance is still alive (on a store with remote liveness, a lost liveness
    /// session makes this fail, so a frozen or cut-off instance never commits).
    func assertLive() throws

    /// Inserts a record row; ``KeepsakeError/Code/conflict`` if the id exists.
    func insertRecord(_ record: NewRecord) throws
    /// Writes a record's changeable part and increments its version; `false` if it does not exist.
    @discardableResult func updateRecord(_ id: RecordID, _ change: RecordChange) throws -> Bool
    /// Removes a record and its image rows.
    func deleteRecord(_ id: RecordID) throws
    /// Reserves `count` image numbers on an existing record; returns the first, or `nil` if the
    /// record does not exist. Numbers are never handed out twice for one record.
    func reserveImageNumbers(of id: RecordID, count: Int) throws -> Int64?
    /// Removes one image row.
    func deleteAttachment(_ id: Int64) throws
    /// Gives the record exactly these images at positions 0, 1, …: existing rows move, new rows are
    /// inserted; rows of the record not listed must have been deleted first. Returns the ids in order.
    @discardableResult func setImages(of id: RecordID, to slots: [AttachmentSlot]) throws -> [Int64]
    /// Whether the image row exists, holding it against change or deletion until the transaction
    /// ends (fsck's repairs and the remaking of thumbnails rely on this).
    func lockAttachment(id: Int64, key: RelativePath) throws -> Bool

    /// Journals an intent.
    func insertIntent(_ intent: Intent) throws
    /// Journals files of an intent; a file journalled twice with one role is kept once.
    func addIntentFiles(_ files: [IntentFile], to intent: String) throws
    /// Marks a pending intent of `owner` committed; `false` if it is not there, not pending, or
    /// owned by someone else (a recoverer claimed it): then the operation must not commit.
    func markCommitted(_ intent: String, owner: String) throws -> Bool
    /// Gives an intent of the dead `owner` to `newOwner`; `false` if it is no longer theirs.
    func claimIntent(_ intent: String, from owner: String, to newOwner: String) throws -> Bool
    /// Removes an intent and its files from the journal.
    func deleteIntent(_ intent: String) throws

    /// Appends to the change log.
    func appendChange(record: RecordID, collection: CollectionName, kind: ChangeKind, at: Double) throws

    /// Stores a setting (`nil` removes it).
    func setSetting(_ key: String, in namespace: String, to value: String?) throws
}
