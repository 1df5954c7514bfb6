/// The reads of one transaction.
public protocol MetadataReader {
    /// The record with its images in order, or `nil`.
    func record(_ id: RecordID) throws -> Record?
    /// The collection of record `id`, or `nil` if there is no such record.
    func collection(of id: RecordID) throws -> CollectionName?
    /// One page of records with their images. The query has been validated by the engine.
    func list(_ query: RecordQuery) throws -> RecordPage
    /// Number of records in a collection in these books (`nil`: every book).
    func count(_ collection: CollectionName, trash: RecordQuery.TrashFilter, books: Set<BookID>?) throws -> Int
    /// The groups of a tally (the engine has checked the field names), in no particular order.
    func tally(_ request: FieldTallyRequest) throws -> [FieldTally]
    /// Records whose text fields contain every word (each also as a prefix), newest first.
    func search(_ search: TextSearch) throws -> [Record]
    /// ``trashed(before:in:)`` of these books only (`nil`: every book).
    func trashed(before cutoff: Double, in collection: CollectionName?, books: Set<BookID>?) throws -> [RecordID]
    /// Per-collection counts of records and of their images and bytes, for status, of the records in
    /// these books (`nil`: every book); a collection with no such record is left out.
    func collectionFigures(books: Set<BookID>?) throws -> [StoreStatus.Collection]
    /// Number of records, live and trashed.
    func recordCount() throws -> Int

    /// Change log entries after `sequence`, oldest first: those for every reader (no audience) of
    /// records in these books (`nil`: every book), and those addressed to `audience` (`nil`: none).
    func changes(after sequence: Int64, limit: Int, books: Set<BookID>?, audience: ChangeAudience?) throws -> [StoreChange]
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

    /// The idempotency row of `key` in `scope`, expired or not, or `nil`.
    func idempotencyRecord(scope: String, key: String) throws -> IdempotencyRecord?

    /// The account with this id, or `nil`.
    func account(_ id: AccountID) throws -> Account?
    /// The account with this login name, or `nil`.
    func account(login: LoginName) throws -> Account?
    /// Every account, by creation time, then id.
    func accounts() throws -> [Account]
    /// The oldest enabled admin (by creation time, then id), or `nil`: one row, not a list.
    func firstAdmin() throws -> Account?
    /// The book with this id, or `nil`.
    func book(_ id: BookID) throws -> Book?
    /// These books (`nil`: all), by collection, name, then id.
    func books(_ ids: Set<BookID>?) throws -> [Book]
    /// The default book of `account` in `collection`, or `nil` if it has not been made.
    func defaultBook(of account: AccountID, in collection: CollectionName) throws -> Book?
    /// The members of a book: owners first, then by login name.
    func members(of book: BookID) throws -> [BookMember]
    /// The books `account` is a member of with its role; empty for a disabled or missing account.
    func memberships(of account: AccountID) throws -> [BookID: BookRole]
    /// The book of record `id`, or `nil` if there is no such record (or it has no book).
    func book(ofRecord id: RecordID) throws -> BookID?
    /// The books `account` owns that also have other members.
    func booksOwnedWithOthers(by account: AccountID) throws -> [BookID]
    /// The invitation with this id, or `nil`.
    func invitation(_ id: InvitationID) throws -> Invitation?
    /// The invitation whose secret has this SHA-256 (lowercase hex), or `nil`. In a write
    /// transaction its row stays locked until the transaction ends, so two acceptances of one
    /// invitation run one after the other and the second sees it used.
    func invitation(secretSHA256: String) throws -> Invitation?
    /// Every invitation, by creation time, then id.
    func invitations() throws -> [Invitation]
    /// The bytes of the originals `account` added that are still stored (trash included): its
    /// storage usage. Readers that may not see the account's usage (another non-admin) get 0.
    func storageUsage(of account: AccountID) throws -> Int64
    /// The storage usage of every account that has added originals, as ``storageUsage(of:)``.
    func storageUsage() throws -> [AccountID: Int64]
    /// The ids of every record in `book`, live and trashed, in id order.
    func recordIDs(in book: BookID) throws -> [RecordID]
    /// The ids of the records that no longer exist but have entries for every reader of `book` in
    /// the change log (what its members' mirrors may still hold), each with its collection, in id
    /// order.
    func goneRecordIDs(loggedIn book: BookID) throws -> [(id: RecordID, collection: CollectionName)]
}
