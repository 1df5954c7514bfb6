import KeepsakeDiary
import KeepsakeStore
import Synchronization

/// The timeline's "on this day" band as last read, by day, caller and book choice, kept while the
/// store's change log has not moved: the band is on every first page of the timeline, and reading
/// it costs a range query per earlier year. Any change of a record (by this or another server), a
/// sharing or an end of sharing adds to the log, so a kept band is never stale.
final class OnThisDayCache: Sendable {
    private struct Key: Hashable {
        let day: DiaryDay
        let caller: Caller
        let books: Set<BookID>?
    }

    private let kept = Mutex<[Key: (sequence: Int64, groups: [DiaryOnThisDay])]>([:])
    /// The most bands kept; the cache is emptied when it is full.
    let limit: Int

    /// An empty cache of at most `limit` bands.
    init(limit: Int = 1024) {
        self.limit = limit
    }

    /// The earlier years of `day` in `diary` (as its caller and book filter see it): the kept ones
    /// when the change log is where it was when they were read, read again otherwise.
    func groups(on day: DiaryDay, in diary: Diary) throws -> [DiaryOnThisDay] {
        let key = Key(day: day, caller: diary.store.caller, books: diary.books)
        let sequence = try diary.store.lastChangeSequence()
        if let entry = kept.withLock({ $0[key] }), entry.sequence == sequence { return entry.groups }
        let groups = try diary.onThisDay(day)
        kept.withLock { kept in
            if kept.count >= limit { kept.removeAll(keepingCapacity: true) }
            kept[key] = (sequence, groups)
        }
        return groups
    }
}
