import KeepsakeStore
import Synchronization

/// The attachments the image route looked up lately, by record and attachment id, with the book
/// of their record, kept while the store's change log stays where it was: every operation that
/// changes, moves or removes a record's images logs a change in the same transaction, so one look
/// at the newest change sequence tells whether what is kept is still true, instead of reading the
/// record again for each image.
///
/// It keeps facts about records, not rights: whether the caller of a request may read the book is
/// the engine's rule, asked every time (``KeepsakeStore/Store/accessAtLastChange(readingAccount:)``), since a
/// membership removed logs no change. An entry is only ever made from a record its reader could read.
///
/// A new sequence empties it (whatever changed); it keeps at most ``capacity`` attachments, and
/// starts again empty when full.
final class AttachmentIndex: Sendable {
    /// Most attachments kept at once.
    static let capacity = 20_000

    /// An attachment, the book of its record, and the keys of its thumbnails.
    struct Entry: Sendable {
        let attachment: Attachment
        let book: BookID?
        /// The blob key of each thumbnail size, by its pixels: made once, used by every request.
        let thumbnailKeys: [Int: RelativePath]

        /// `attachment` of a record in `book`, with the keys of the thumbnails of `sizes`.
        init(_ attachment: Attachment, book: BookID?, thumbnailSizes sizes: [ThumbnailSize]) {
            (self.attachment, self.book) = (attachment, book)
            thumbnailKeys = Dictionary(sizes.map { ($0.maxPixels, attachment.thumbnailPath($0)) }, uniquingKeysWith: { first, _ in first })
        }

        /// The blob key of the image's `variant`.
        func key(_ variant: ImageVariant) -> RelativePath {
            switch variant {
            case .original: attachment.path
            case .thumbnail(let size): thumbnailKeys[size.maxPixels] ?? attachment.thumbnailPath(size)
            }
        }
    }

    private struct Key: Hashable {
        let record: RecordID
        let attachment: Int64
    }

    private struct State {
        /// The change sequence the attachments were read at or after.
        var sequence: Int64 = -1
        var entries: [Key: Entry] = [:]
    }

    private let state = Mutex(State())

    /// The attachment `attachment` of `record` and its book, as read while the change log stood
    /// at `sequence`, or `nil` if it is not kept (or the log has moved since: then nothing kept is
    /// returned again).
    func entry(_ attachment: Int64, of record: RecordID, at sequence: Int64) -> Entry? {
        state.withLock { state in
            guard state.sequence == sequence else {
                state.sequence = sequence
                state.entries.removeAll(keepingCapacity: true)
                return nil
            }
            return state.entries[Key(record: record, attachment: attachment)]
        }
    }

    /// Keeps `entry`, read after the change log was seen at `sequence`.
    func remember(_ entry: Entry, at sequence: Int64) {
        state.withLock { state in
            guard state.sequence == sequence else { return }
            if state.entries.count >= Self.capacity { state.entries.removeAll(keepingCapacity: true) }
            state.entries[Key(record: entry.attachment.recordID, attachment: entry.attachment.id)] = entry
        }
    }
}
