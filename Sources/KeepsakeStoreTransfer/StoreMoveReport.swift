public import KeepsakeStore

/// What a finished ``StoreMover/move(progress:)`` did and checked.
public struct StoreMoveReport: Sendable, Hashable, Codable {
    /// Records copied in this run.
    public var records: Int
    /// Images copied in this run.
    public var images: Int
    /// Bytes of originals copied in this run (read from the source, SHA-256 checked, stored).
    public var bytes: Int64
    /// Records already in the target with identical content (copied by an earlier, interrupted
    /// run), left as they were.
    public var skipped: Int
    /// Settings written to the target (the ones it already held with the same value are not counted).
    public var settings: Int
    /// Whether this run continued an unfinished move into the target.
    public var resumed: Bool
    /// Source records found identical in the target by the final comparison.
    public var verifiedRecords: Int
    /// Target records the source does not hold (only into a target that was not empty).
    public var otherTargetRecords: Int
    /// Whether the source's accounts, books and memberships were copied (ids, password hashes and
    /// credential versions kept), so that every record kept its book and author. `false` only in a
    /// move into a target that need not be empty whose own accounts clash with the source's: its
    /// records then joined the target's first admin's books, as an archive without accounts imports.
    public var accessCopied: Bool = false
    /// Accounts the source holds, copied to the target (0 when ``accessCopied`` is `false`).
    public var accounts: Int = 0
    /// Books the source holds, copied to the target.
    public var books: Int = 0
    /// Memberships the source holds, copied to the target.
    public var memberships: Int = 0
    /// The target's fsck at the end (clean, or the move would have thrown).
    public var targetCheck: FsckReport
    /// Wall-clock seconds of the whole move, checks included.
    public var seconds: Double

    /// Creates a report.
    public init(records: Int, images: Int, bytes: Int64, skipped: Int, settings: Int, resumed: Bool, verifiedRecords: Int,
                otherTargetRecords: Int, targetCheck: FsckReport, seconds: Double) {
        self.records = records
        self.images = images
        self.bytes = bytes
        self.skipped = skipped
        self.settings = settings
        self.resumed = resumed
        self.verifiedRecords = verifiedRecords
        self.otherTargetRecords = otherTargetRecords
        self.targetCheck = targetCheck
        self.seconds = seconds
    }

    /// Megabytes (10⁶ bytes) of originals copied per second of the whole move.
    public var megabytesPerSecond: Double { seconds > 0 ? Double(bytes) / 1_000_000 / seconds : 0 }
}
