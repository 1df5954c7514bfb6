import Synchronization

/// Answers read from a store, kept while nothing commits to it: the store's
/// ``MetadataStore/commitMarker()`` is read before an answer is read and again after, and the
/// answer is kept only when the two are equal (no commit in between, so the answer is what the
/// store held at that marker); a kept answer is given again only while the marker is still that
/// one. A store without a marker (PostgreSQL) reads every time.
///
/// For answers that depend on nothing but the store's contents and the key: what a caller may do,
/// whether a session was logged out. Whatever changes an answer (a membership, a disabled account,
/// a revoked token) is a commit, so it takes effect on the next request, on every process of the
/// store. It keeps at most `capacity` answers and starts again empty when full.
public final class UnchangedStoreCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private struct State {
        /// The marker every kept answer was read at.
        var marker: CommitMarker?
        var values: [Key: Value] = [:]
    }

    private let state = Mutex(State())
    private let capacity: Int

    /// An empty cache of at most `capacity` answers.
    public init(capacity: Int) {
        self.capacity = max(capacity, 1)
    }

    /// The answer for `key` in `store`: kept from an earlier call while no commit has happened
    /// since it was read, else what `read` answers now (kept if no commit happened while it ran).
    /// What `read` throws is thrown and nothing is kept. Only the commit marker of `store` is read
    /// (any value over the same opened store, whoever its caller): the key says whose answer it is.
    public func value(for key: Key, in store: Store, read: () throws -> Value) rethrows -> Value {
        let metadata = store.metadata
        guard let before = metadata.commitMarker() else { return try read() }
        if let kept = state.withLock({ $0.marker == before ? $0.values[key] : nil }) { return kept }
        let value = try read()
        guard metadata.commitMarker() == before else { return value }
        state.withLock { state in
            if state.marker != before || state.values.count >= capacity {
                state.marker = before
                state.values.removeAll(keepingCapacity: true)
            }
            state.values[key] = value
        }
        return value
    }

    /// How many answers are kept now.
    public var count: Int { state.withLock { $0.values.count } }
}
