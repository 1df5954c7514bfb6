import KeepsakeStore
import Synchronization

/// The attachments the image route looked up lately, by record and attachment id, kept while the
/// store's change log stays where it was: every operation that changes or removes a record's
/// images logs a change in the same transaction, so one look at the newest change sequence tells
/// whether what is kept is still true, instead of reading the record again for each image.
///
/// A new sequence empties it (whatever changed); it keeps at most ``capacity`` attachments, and
/// starts again empty when full. Each entry is kept for the caller that read it (``Caller``): one
/// account's reading of an image never answers another's.
final class AttachmentIndex: Sendable {
    /// Most attachments kept at once.
    static let capacity = 20_000

    private struct Key: Hashable {
        let caller: Caller
        let record: RecordID
        let attachment: Int64
    }

    private struct State {
        /// The change sequence the attachments were read at or after.
        var sequence: Int64 = -1
        var attachments: [Key: Attachment] = [:]
    }

    private let state = Mutex(State())

    /// The attachment `attachment` of `record` as `caller` read it while the change log stood at
    /// `sequence`, or `nil` if it is not kept (or the log has moved since: then nothing kept is
    /// returned again).
    func attachment(_ attachment: Int64, of record: RecordID, for caller: Caller, at sequence: Int64) -> Attachment? {
        state.withLock { state in
            guard state.sequence == sequence else {
                state.sequence = sequence
                state.attachments.removeAll(keepingCapacity: true)
                return nil
            }
            return state.attachments[Key(caller: caller, record: record, attachment: attachment)]
        }
    }

    /// Keeps `attachment` (of its record) as `caller` read it, after the change log was seen at `sequence`.
    func remember(_ attachment: Attachment, for caller: Caller, at sequence: Int64) {
        state.withLock { state in
            guard state.sequence == sequence else { return }
            if state.attachments.count >= Self.capacity { state.attachments.removeAll(keepingCapacity: true) }
            state.attachments[Key(caller: caller, record: attachment.recordID, attachment: attachment.id)] = attachment
        }
    }
}
