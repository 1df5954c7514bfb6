public import Foundation
public import KeepsakeStore

/// One photo in a compose or edit screen: already stored, or newly picked.
public enum ComposeImage: Sendable, Identifiable {
    /// A stored image of the record being edited.
    case stored(Attachment)
    /// A photo picked in this screen, not stored yet.
    case picked(ImageSource, id: UUID)

    /// A stable identity for lists (drag to reorder).
    public var id: String {
        switch self {
        case .stored(let attachment): "stored-\(attachment.id)"
        case .picked(_, let id): "picked-\(id.uuidString)"
        }
    }

    /// A new picked photo.
    public static func pick(_ source: ImageSource) -> ComposeImage { .picked(source, id: UUID()) }

    /// The engine slot for saving.
    public var slot: ImageSlot {
        switch self {
        case .stored(let attachment): .existing(attachment.id)
        case .picked(let source, _): .new(source)
        }
    }

    /// The source to ingest, for a new record.
    public var source: ImageSource? {
        if case .picked(let source, _) = self { return source }
        return nil
    }
}
