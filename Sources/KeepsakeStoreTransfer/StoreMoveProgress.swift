public import KeepsakeStore

/// Where a ``StoreMover`` is, passed to its progress callback after each step.
public struct StoreMoveProgress: Sendable, Hashable {
    /// The phases of a move, in order.
    public enum Phase: String, Sendable, Hashable, Codable {
        /// Comparing the source with what the target already holds (only when it holds something).
        case checking
        /// Copying records one by one.
        case copying
        /// Comparing every record and setting of both stores.
        case verifying
        /// Running fsck on the target (every object hashed again).
        case checkingTarget
        /// Done: the target is complete and checked.
        case finished
    }

    /// The current phase.
    public var phase: Phase
    /// What this phase has handled so far: source records (compared while checking and verifying,
    /// copied or skipped while copying), or the target's image rows while checking the target.
    public var done: Int
    /// What this phase has to handle: the records the source held when the move started, or the
    /// target's image rows while checking the target.
    public var total: Int
    /// Records copied in this run.
    public var copied: Int
    /// Records found already in the target, identical, and skipped.
    public var skipped: Int
    /// Images copied in this run.
    public var images: Int
    /// Bytes of originals copied in this run.
    public var bytes: Int64
    /// The record just handled, if any.
    public var record: RecordID?

    /// Creates a progress value.
    public init(phase: Phase, done: Int, total: Int, copied: Int, skipped: Int, images: Int, bytes: Int64, record: RecordID?) {
        self.phase = phase
        self.done = done
        self.total = total
        self.copied = copied
        self.skipped = skipped
        self.images = images
        self.bytes = bytes
        self.record = record
    }
}
