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
    /// A record's images copied into another book's folder (a move between books, or a record whose
    /// images were stored before books had folders).
    case moveRecord = "move-record"

    /// Operations that remove images, and so may use the blob store's reserve on a full disk.
    public var freesSpace: Bool { self == .purge || self == .removeImage }
}
