/// One operation recorded in the intent journal while it is in flight.
///
/// The engine journals an intent before any byte of a new image is stored, marks it committed in
/// the same transaction as the change itself, and deletes it once the files the commit stopped
/// referring to are gone. Recovery finishes the intents of dead instances from these rows alone.
public struct Intent: Sendable, Hashable {
    /// A fresh lowercase UUID.
    public var id: String
    /// The instance that runs it (``MetadataStore/instanceID``), or the one that claimed it.
    public var owner: String
    /// What the operation does.
    public var kind: IntentKind
    /// The record it changes.
    public var recordID: RecordID?
    /// Before or after its commit.
    public var state: IntentState
    /// When it was journalled (seconds since 1970).
    public var createdAt: Double

    /// Creates an intent row.
    public init(id: String, owner: String, kind: IntentKind, recordID: RecordID?, state: IntentState, createdAt: Double) {
        self.id = id
        self.owner = owner
        self.kind = kind
        self.recordID = recordID
        self.state = state
        self.createdAt = createdAt
    }
}
