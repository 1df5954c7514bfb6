public import KeepsakeStore

/// What a writer that logs nothing itself (the `keepsake` CLI) was told: the acknowledged state of
/// each diary entry it wrote, and the command in flight when it was killed. ``check(_:include:)``
/// compares that with every diary record in the store, page after page.
public struct AcknowledgedEntries: Sendable {
    /// What one check found.
    public struct Check: Sendable, Equatable {
        /// Records compared with what was acknowledged.
        public var checked = 0
        /// Acknowledged entries missing, or with fewer photos than acknowledged.
        public var lost = 0
        /// A killed `diary add` whose entry committed (allowed: it was in flight).
        public var committedAdds = 0
        /// One line per broken promise.
        public var failures: [String] = []
    }

    /// Entry id → its last acknowledged (or, after a check, observed) state.
    public private(set) var entries: [String: DiaryEntryState] = [:]
    /// The command in flight when the writer was killed: its entry (`nil` for an add) and predicted state.
    public var pending: (id: String?, prediction: DiaryEntryState)?
    /// The page size the check lists with (1...1000).
    public var pageSize: Int

    /// Nothing acknowledged yet.
    public init(pageSize: Int = 1000) {
        self.pageSize = pageSize
    }

    /// Records that the command writing `id` exited 0, leaving the entry in `state`.
    public mutating func acknowledge(_ id: String, _ state: DiaryEntryState) {
        entries[id] = state
    }

    /// After a kill (or at the end): every diary record `include` accepts must be an acknowledged
    /// entry in its acknowledged state, or the killed command's entry in its predicted state; no
    /// acknowledged entry may be missing. The observed states become the acknowledged ones and the
    /// pending command is cleared, so the writer can go on.
    public mutating func check(_ store: Store, include: (Record) -> Bool = { _ in true }) throws -> Check {
        var result = Check()
        let records = try StorePages.allRecords(store, collection: "diary", pageSize: pageSize).filter(include)
        var seen = Set<String>()
        for record in records {
            let id = record.id.string
            seen.insert(id)
            let observed = DiaryEntryState(record)
            result.checked += 1
            if let known = entries[id] {
                let allowed = [known] + (pending?.id == id ? [pending!.prediction] : [])
                if !allowed.contains(observed) {
                    result.failures.append("CLI entry \(id): state \(observed.text), allowed \(allowed.map(\.text))")
                    if observed.hashes.count < known.hashes.count { result.lost += 1 }
                }
            } else if let pending, pending.id == nil, pending.prediction == observed {
                result.committedAdds += 1
            } else {
                result.failures.append("diary record \(id) (\(observed.text)) was never acknowledged nor in flight")
            }
            entries[id] = observed
        }
        for (id, entry) in entries.sorted(by: { $0.key < $1.key }) where !seen.contains(id) {
            result.failures.append("acknowledged CLI entry \(id) (\(entry.text)) is missing")
            result.lost += 1
            entries[id] = nil
        }
        pending = nil
        return result
    }
}
