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
    /// The intent, its row locked until this transaction ends: an owner whose transaction still
    /// holds it (a COMMIT whose answer was lost, still on its way) is waited for, so whoever
    /// finishes an intent decides from its settled state. `nil` if it is not in the journal.
    func lockIntent(_ id: String) throws -> Intent?
    /// Removes an intent and its files from the journal.
    func deleteIntent(_ intent: String) throws

    /// Appends to the change log with the record's book, for every reader of it (`audience` `nil`)
    /// or for one account only.
    func appendChange(record: RecordID, collection: CollectionName, book: BookID?, kind: ChangeKind, at: Double, audience: AccountID?) throws

    /// Stores a setting (`nil` removes it).
    func setSetting(_ key: String, in namespace: String, to value: String?) throws
    /// Stores a setting only if there is none under this key; `false` (and nothing written) when
    /// there is one. Several instances racing to make the same setting (a secret they must share)
    /// end up with the first one's value.
    func insertSetting(_ key: String, in namespace: String, value: String) throws -> Bool

    /// Inserts an idempotency row; `false` (and nothing written) when one with its scope and key
    /// exists already.
    func insertIdempotencyRecord(_ record: IdempotencyRecord) throws -> Bool
    /// Replaces the idempotency row with this scope and key (no effect when there is none).
    func updateIdempotencyRecord(_ record: IdempotencyRecord) throws
    /// Removes up to `limit` idempotency rows that expired before `cutoff` (seconds since 1970);
    /// returns how many.
    @discardableResult func deleteIdempotencyRecords(expiredBefore cutoff: Double, limit: Int) throws -> Int

    /// Inserts an account; ``KeepsakeError/Code/conflict`` if its login name is taken.
    func insertAccount(_ account: Account) throws
    /// Writes the whole account row (found by id); ``KeepsakeError/Code/conflict`` if the login is taken.
    func updateAccount(_ account: Account) throws
    /// Removes an account with its memberships; its default books stay, with no `defaultOf`.
    func deleteAccount(_ id: AccountID) throws
    /// Inserts a book; ``KeepsakeError/Code/conflict`` if the account has a default book of that
    /// collection already.
    func insertBook(_ book: Book) throws
    /// Writes the whole book row (found by id).
    func updateBook(_ book: Book) throws
    /// Removes a book and its memberships; its records must be gone already.
    func deleteBook(_ id: BookID) throws
    /// Gives `account` this role in `book`, or removes it from the book when `role` is `nil`.
    func setMember(_ role: BookRole?, account: AccountID, book: BookID) throws
    /// Moves a record to another book and increments its version; `false` if it does not exist.
    @discardableResult func setRecordBook(_ id: RecordID, book: BookID) throws -> Bool
    /// Gives image `id` of record `record` a new key (its file copied there); `false` if the record
    /// has no such image.
    @discardableResult func relocateAttachment(_ id: Int64, of record: RecordID, to key: RelativePath) throws -> Bool
    /// Gives every record without a book the book of its collection in `books` and `author` as its
    /// author, and every change row without a book its record's book (or its collection's from
    /// `books` when the record is gone). Returns how many records it changed.
    @discardableResult func adoptUnattributedRecords(into books: [CollectionName: BookID], author: AccountID) throws -> Int
    /// Inserts an invitation with the SHA-256 (lowercase hex) of its secret;
    /// ``KeepsakeError/Code/conflict`` if its id or secret is taken.
    func insertInvitation(_ invitation: Invitation, secretSHA256: String) throws
    /// Writes when and by whom the invitation (found by id) was used.
    func updateInvitation(_ invitation: Invitation) throws
    /// Removes an invitation (no effect when there is none).
    func deleteInvitation(_ id: InvitationID) throws
    /// Reads the account `id` and locks its row until the transaction ends, so that commits adding
    /// originals for the same account (on any server) check its quota one after the other; `nil`
    /// if there is no such account.
    func lockAccount(_ id: AccountID) throws -> Account?
}

extension MetadataWriter {
    /// Appends to the change log with the record's book, for every reader of it.
    public func appendChange(record: RecordID, collection: CollectionName, book: BookID?, kind: ChangeKind, at: Double) throws {
        try appendChange(record: record, collection: collection, book: book, kind: kind, at: at, audience: nil)
    }
}
