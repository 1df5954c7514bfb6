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

    /// `GET /api/v1/changes?after=N&limit=&wait=`: the change log after sequence `N`, oldest first,
    /// each change with the record as it is now (`record`), or a tombstone (`deleted: true`,
    /// `record: null`) for a record that is gone for good. Within a page a record appears once, at
    /// its last change. Resume with `after` = the page's `next`. With `wait` (seconds), an empty
    /// answer waits up to that long for a change (a long poll). The changes and the records come
    /// from one consistent read.
    func apiChanges(_ request: APIRequest) async throws -> HTTPResponse {
        let after = Int64(try request.integer("after", in: 0...Int.max, default: 0)!)
        let limit = try request.integer("limit", in: 1...1000, default: 100)!
        let wait = try request.integer("wait", in: 0...Self.maxLongPollSeconds, default: 0)!
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
            page = try await HTTPServer.park { [page] in
                var page = page
                while page.changes.isEmpty, ContinuousClock.now < deadline, !changeWaiters.isStopped {
                    await changeWaiters.wait(after: after, until: deadline)
                    page = try changePage(after: after, limit: limit)
                }
                return page
            }
        }
        let next = page.changes.last?.sequence ?? after
        let items = page.items
        return APIRepresentation.response(["changes": .array(items), "next": .integer(next),
                                           "hasMore": .bool(page.changes.count == limit), "latest": .integer(max(page.latest, next))])
    }

    /// One page of changes and the JSON of each record's latest change in it.
    private func changePage(after: Int64, limit: Int) throws -> (changes: [StoreChange], items: [APIJSONValue], latest: Int64) {
        let sizes = store.options.thumbnailSizes.map(\.maxPixels)
        return try store.metadata.read { tx in
            let changes = try tx.changes(after: after, limit: limit)
            var lastIndex: [RecordID: Int] = [:]
            for (index, change) in changes.enumerated() { lastIndex[change.recordID] = index }
            var items: [APIJSONValue] = []
            for (index, change) in changes.enumerated() where lastIndex[change.recordID] == index {
                let record = try tx.record(change.recordID)
                items.append([
                    "sequence": .integer(change.sequence),
                    "kind": .string(change.kind.rawValue),
                    "collection": .string(change.collection.name),
                    "id": .string(change.recordID.string),
                    "at": .timestamp(change.at),
                    "deleted": .bool(record == nil),
                    "record": try record.map { try Self.json(of: $0, sizes: sizes) } ?? .null,
                ])
            }
            return (changes, items, try tx.lastChangeSequence())
        }
    }

    /// A record as its app's JSON (`null` for a collection no app of the API knows).
    static func json(of record: Record, sizes: [Int]) throws -> APIJSONValue {
        switch record.collection {
        case Diary.collection: APIRepresentation.entry(try DiaryEntry(record: record), sizes: sizes)
        case Ledger.collection: APIRepresentation.transaction(try Ledger.transaction(from: record), sizes: sizes)
        case Feed.collection: APIRepresentation.post(try FeedItem(record: record), sizes: sizes)
        default: .null
        }
    }
}
