import Foundation

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

/// The operations the engine journals.
public enum IntentKind: String, Sendable, Hashable, CaseIterable {
    case create
    case update
    case addImages = "add-images"
    case replaceImage = "replace-image"
    case removeImage = "remove-image"
    case moveImage = "move-image"
    case reorderImages = "reorder-images"
    case edit
    case trash
    case restore
    case purge
    case importRecord = "import"

    /// Operations that remove images, and so may use the blob store's reserve on a full disk.
    public var freesSpace: Bool { self == .purge || self == .removeImage }
}

/// Where an intent is in the atomic protocol.
public enum IntentState: String, Sendable, Hashable, CaseIterable {
    /// Journalled; its new files may be in place, but nothing refers to them. Rolled back on recovery.
    case pending
    /// Its change is committed; its obsolete files may remain. Rolled forward on recovery.
    case committed
}

/// Why a file is named in the journal.
public enum IntentFileRole: String, Sendable, Hashable, CaseIterable {
    /// Written by the operation: removed if the operation does not commit.
    case new
    /// Referred to before the commit and not after: removed once the commit is durable.
    case obsolete
}

/// A stored original named by an intent, with what is needed to find its thumbnails.
public struct IntentFile: Sendable, Hashable {
    /// The original's key (store-relative path).
    public var key: RelativePath
    /// New or obsolete.
    public var role: IntentFileRole
    /// The format of its thumbnails (part of their keys).
    public var thumbnailFormat: StoredImageFormat

    /// Creates a journal entry for one file.
    public init(key: RelativePath, role: IntentFileRole, thumbnailFormat: StoredImageFormat) {
        self.key = key
        self.role = role
        self.thumbnailFormat = thumbnailFormat
    }
}
