public import KeepsakeStore

/// What an ``Importer`` found: the records to create, in the source's order, and the items it refused
/// or skipped while reading.
public struct ImportPlan: Sendable {
    /// What was read.
    public var source: ImportSource
    /// The file or folder, as the user named it.
    public var file: String
    /// The records to create.
    public var items: [ImportItem]
    /// Items left out on purpose while reading (transfers, opening balances, pending bookings).
    public var skipped: [ImportIssue]
    /// Items that cannot be imported.
    public var refused: [ImportIssue]
    /// Notes about the export as a whole.
    public var notes: [ImportIssue]
    /// Money accounts the items need (a bank account the file names, the other side of a
    /// transfer): written before the items, in the same first batch, and only those not stored yet
    /// (their ids are deterministic), so a refused import makes none of them.
    public var accounts: [ImportItem] = []
    /// Keeps an unpacked export alive until the plan has been written (photos are read from it then).
    public var resources: [any Sendable]

    /// Creates a plan.
    public init(source: ImportSource, file: String, items: [ImportItem] = [], skipped: [ImportIssue] = [],
                refused: [ImportIssue] = [], notes: [ImportIssue] = [], resources: [any Sendable] = []) {
        self.source = source
        self.file = file
        self.items = items
        self.skipped = skipped
        self.refused = refused
        self.notes = notes
        self.resources = resources
    }

    /// Items found in the source: those to import plus those skipped and refused.
    public var found: Int { items.count + skipped.count + refused.count }
}

/// One record to create, with its photos and what to tell the user about it.
public struct ImportItem: Sendable {
    /// The record's id (from ``SourceRecordID``).
    public var id: RecordID
    /// The source's id of the item (kept on the record as the `importID` field).
    public var sourceID: String
    /// Where it is in the source (`line 12`, `entry 3 (F4CF…)`).
    public var location: String
    /// A one-line summary for reports.
    public var summary: String
    /// The record, checked by the app's rules, without its photos.
    public var record: RecordDraft
    /// The photos, in order (a missing one has no file).
    public var photos: [ImportPhoto]
    /// A diary text that names photos by position: written once the photos that could be stored are
    /// known (a photo that turns out to be damaged is named as such).
    public var text: DiaryText?
    /// Notes about this item (a missing photo, a video left out).
    public var notes: [String]

    /// Creates an item.
    public init(id: RecordID, sourceID: String, location: String, summary: String, record: RecordDraft,
                photos: [ImportPhoto] = [], text: DiaryText? = nil, notes: [String] = []) {
        self.id = id
        self.sourceID = sourceID
        self.location = location
        self.summary = summary
        self.record = record
        self.photos = photos
        self.text = text
        self.notes = notes
    }
}
