/// What `fsck` found and, with repair, what it did.
public struct FsckReport: Sendable, Hashable, Codable {
    /// A problem tied to one stored image.
    public struct Finding: Sendable, Hashable, Codable {
        /// The record it belongs to.
        public var recordID: String
        /// The attachment id.
        public var attachmentID: Int64
        /// The store-relative path.
        public var path: String
    }

    /// Records in the database.
    public var recordsChecked = 0
    /// Attachment rows checked.
    public var attachmentsChecked = 0
    /// Files found under `attachments/`.
    public var filesScanned = 0
    /// Interrupted operations of dead processes completed before checking.
    public var intentsRecovered = 0
    /// Attachment rows whose file is missing.
    public var danglingReferences: [Finding] = []
    /// Files under `attachments/` that no record refers to (and no running operation is writing).
    public var orphanFiles: [String] = []
    /// Stored files whose SHA-256 differs from the database.
    public var hashMismatches: [Finding] = []
    /// Thumbnails that should exist in the cache and do not.
    public var missingThumbnails: [String] = []
    /// Files in the thumbnail cache that belong to no stored image.
    public var orphanThumbnails: [String] = []
    /// Symbolic links, devices or misplaced entries inside the store.
    public var unexpectedEntries: [String] = []
    /// Records without a book, or whose book does not exist (every record belongs to a book since
    /// the store's upgrade to accounts): their ids.
    public var recordsWithoutBook: [String] = []
    /// Images stored outside their book's folder (`attachments/<book>/<record>/`): written before
    /// books had folders. Not a problem (they are read where they are, and ``isClean`` ignores them);
    /// repair moves them, record by record, as a move to the book they are in.
    public var imagesOutsideTheirBook: [Finding] = []
    /// With `--repair`: one line per action taken.
    public var repairs: [String] = []
    /// Problems that repair cannot fix (a damaged original can only come back from a backup).
    public var unrepairable: [String] = []

    /// True when nothing is wrong (after repair, if repair ran and fixed everything).
    public var isClean: Bool {
        danglingReferences.isEmpty && orphanFiles.isEmpty && hashMismatches.isEmpty && missingThumbnails.isEmpty
            && orphanThumbnails.isEmpty && unexpectedEntries.isEmpty && recordsWithoutBook.isEmpty
    }

    /// Total number of problems found.
    public var problemCount: Int {
        danglingReferences.count + orphanFiles.count + hashMismatches.count + missingThumbnails.count + orphanThumbnails.count + unexpectedEntries.count
            + recordsWithoutBook.count
    }
}
