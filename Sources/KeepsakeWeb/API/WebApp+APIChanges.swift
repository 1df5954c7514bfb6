import Foundation
import KeepsakeDiary
import KeepsakeFeed
import KeepsakeHTTP
import KeepsakeLedger
import KeepsakeStore

extension WebApp {
    /// Most long polls of `/api/v1/changes` one token may have waiting at once; more are `429`.
    /// (A waiting poll holds no handler thread: it is parked, ``KeepsakeHTTP/HTTPServer/park(_:)``.)
    static let maxLongPollsPerToken = 4
    /// The longest `wait` of a long poll, in seconds.
    static let maxLongPollSeconds = 30

    /// `GET /api/v1/changes?after=N&limit=&wait=`: the change log after sequence `N` as the caller
    /// sees it (``KeepsakeStore/Store/changes(after:limit:)``), oldest first, each change with the
    /// record as it is now (`record`), or a tombstone (`deleted: true`, `record: null`) for a record
    /// that is gone for good or that the caller no longer reads (kind `left`; `shared` brings a
    /// record it was just given). Within a page a record appears once, at its last change. Resume
    /// with `after` = the page's `next`. With `wait` (seconds), an empty answer waits up to that long
    /// for a change (a long poll). The changes and the records come from one consistent read.
    func apiChanges(_ request: APIRequest) async throws -> APIAnswer<APIChangePage> {
        let after = Int64(try request.count(.changesAfter))
        let limit = try request.count(.changesLimit)
        let wait = try request.count(.changesWait)
        // For a long poll, the store-wide newest sequence read before the page: every change up to
        // it is in the page or not this caller's (on PostgreSQL the page's own `latest` counts only
        // what the caller may read).
        let seen = wait > 0 ? try operatorStore.lastChangeSequence() : after
        var page = try changePage(after: after, limit: limit)
        if page.changes.isEmpty && wait > 0 {
            let token = request.token.id
            let admitted = longPolls.withLock { polls in
                guard polls[token, default: 0] < Self.maxLongPollsPerToken else { return false }
                polls[token, default: 0] += 1
                return true
            }
            guard admitted else {
                throw APIProblem(status: .tooManyRequests, code: "tooManyRequests",
                                 detail: "This token has \(Self.maxLongPollsPerToken) long polls waiting already; wait for one to answer.",
                                 remedy: .retryLater, headers: ["Retry-After": "1"])
            }
            defer { longPolls.withLock { polls in polls[token, default: 1] -= 1; if polls[token] == 0 { polls[token] = nil } } }
            let deadline = ContinuousClock.now + .seconds(wait)
            // Parked: the wait holds no handler thread, so no number of polls delays other requests.
            // One watcher wakes every poll (ChangeWaiters): the store is asked once per tick, not
            // once per poll.
            page = try await HTTPServer.park { [page, seen] in
                var page = page, seen = seen
                while page.changes.isEmpty, ContinuousClock.now < deadline, !changeWaiters.isStopped {
                    // Wait for a change newer than those read (not just one after `after`, which
                    // would wake at once, again and again, for other people's changes).
                    await changeWaiters.wait(after: max(after, seen), until: deadline)
                    seen = try operatorStore.lastChangeSequence()
                    page = try changePage(after: after, limit: limit)
                }
                return page
            }
        }
        let next = page.changes.last?.sequence ?? after
        return try APIAnswer(APIChangePage(changes: page.items, next: next, hasMore: page.changes.count == limit, latest: max(page.latest, next)))
    }

    /// One page of changes and the JSON of each record's latest change in it.
    private func changePage(after: Int64, limit: Int) throws -> (changes: [StoreChange], items: [APIChangePage.Change], latest: Int64) {
        let sizes = store.options.thumbnailSizes.map(\.maxPixels)
        let page = try store.changePage(after: after, limit: limit)
        var lastIndex: [RecordID: Int] = [:]
        for (index, change) in page.changes.enumerated() { lastIndex[change.recordID] = index }
        var items: [APIChangePage.Change] = []
        for (index, change) in page.changes.enumerated() where lastIndex[change.recordID] == index {
            // A record gone, or moved to a book the caller does not read, is deleted for this caller.
            let record = page.records[change.recordID]
            items.append(APIChangePage.Change(sequence: change.sequence, kind: change.kind.rawValue, collection: change.collection.name,
                                              id: change.recordID.string, at: change.at, deleted: record == nil,
                                              record: try record.flatMap { try apiChangeBody($0, sizes: sizes, today: today) }))
        }
        return (page.changes, items, page.latest)
    }

    /// A record as its app's body (`nil` for a collection no app of the API knows); a recurring
    /// rule's next day counted from `today`.
    static func body(of record: Record, sizes: [Int], today: LedgerDay) throws -> APIRecordBody? {
        switch record.collection {
        case Diary.collection: .entry(APIDiaryEntry(try DiaryEntry(record: record), sizes: sizes))
        case Ledger.collection: .transaction(APITransaction(try Ledger.transaction(from: record), sizes: sizes))
        case Feed.collection: .post(APIPost(try FeedItem(record: record), sizes: sizes))
        case Ledger.recurringCollection: .recurringRule(APIRecurringRule(try Ledger.recurringRule(from: record), today: today))
        case Ledger.budgetCollection: .budget(APIBudget(try Ledger.budget(from: record)))
        default: nil
        }
    }
}
