/// What a metadata store shows of its newest commit without starting a transaction
/// (``MetadataStore/commitMarker()``): two markers read at two moments are equal only if no
/// transaction committed to the store in between, from any connection or process.
///
/// SQLite's is the header of its WAL index, which every commit rewrites (the frame count, the
/// checksums and the salts of the log). Equal markers say nothing changed; different ones say
/// something may have (a checkpoint that restarts the log moves the marker too).
public struct CommitMarker: Hashable, Sendable {
    private let words: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)

    /// A marker made of the 48 bytes a store shows of its newest commit, as six words.
    public init(words: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)) {
        self.words = words
    }

    public static func == (left: CommitMarker, right: CommitMarker) -> Bool {
        left.words == right.words
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(words.0)
        hasher.combine(words.1)
        hasher.combine(words.2)
        hasher.combine(words.3)
        hasher.combine(words.4)
        hasher.combine(words.5)
    }
}
