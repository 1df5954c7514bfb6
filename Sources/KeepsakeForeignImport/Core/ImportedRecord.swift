public import KeepsakeStore

/// One record an import created (or, on a dry run, would create).
public struct ImportedRecord: Sendable, Hashable, Codable {
    /// The record's id (derived from the source, see ``SourceRecordID``).
    public var id: RecordID
    /// The source's id of the item.
    public var sourceID: String
    /// Where it is in the source.
    public var location: String
    /// A one-line summary: the day and the title, or the day, the amount and the memo.
    public var summary: String
    /// Photos stored with it.
    public var photos: Int

    /// Creates a value.
    public init(id: RecordID, sourceID: String, location: String, summary: String, photos: Int) {
        self.id = id
        self.sourceID = sourceID
        self.location = location
        self.summary = summary
        self.photos = photos
    }
}
