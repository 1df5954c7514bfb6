import Foundation
import KeepsakeStore

extension StoreMover {
    /// Which store a step works on, for the messages of its failures.
    enum Side {
        case source, target
    }

    /// What a move has done so far.
    struct Counters {
        var total: Int
        var done = 0
        var copied = 0
        var skipped = 0
        var images = 0
        var bytes: Int64 = 0
        var record: RecordID?

        init(total: Int) { self.total = total }

        func progress(_ phase: StoreMoveProgress.Phase) -> StoreMoveProgress {
            StoreMoveProgress(phase: phase, done: done, total: total, copied: copied, skipped: skipped, images: images, bytes: bytes, record: record)
        }
    }

    /// Every record of every collection of `store`, live and trashed, oldest first in each
    /// collection, a page of metadata at a time.
    func forEachRecord(of store: Store, side: Side, _ body: (Record) throws -> Void) throws {
        let collections = try on(side, "list the collections") { try store.status().collections.map(\.name) }
        for name in collections {
            try forEachRecord(of: store, in: try on(side, "list the collections") { try CollectionName(name) }, side: side, body)
        }
    }

    /// Every record of one collection of `store`, live and trashed, oldest first.
    func forEachRecord(of store: Store, in collection: CollectionName, side: Side, _ body: (Record) throws -> Void) throws {
        var query = RecordQuery(collection: collection)
        query.trash = .all
        query.sort = .created
        query.descending = false
        query.limit = pageSize
        while true {
            let page = try on(side, "list the records of \(collection)") { try store.list(query) }
            for record in page.records { try body(record) }
            guard let next = page.nextCursor else { return }
            query.after = next
        }
    }

    /// Runs a step on the source, turning its failure into a ``StoreMoveError/Kind/sourceFailed``.
    func onSource<T>(_ what: String, record: RecordID? = nil, key: String? = nil, _ body: () throws -> T) throws -> T {
        try on(.source, what, record: record, key: key, body)
    }

    /// Runs a step on the target, turning its failure into a ``StoreMoveError/Kind/targetFailed``.
    func onTarget<T>(_ what: String, record: RecordID? = nil, key: String? = nil, _ body: () throws -> T) throws -> T {
        try on(.target, what, record: record, key: key, body)
    }

    /// Runs a step on one side; a ``StoreMoveError`` passes as it is, any other failure is wrapped
    /// with the side, the step and the record.
    func on<T>(_ side: Side, _ what: String, record: RecordID? = nil, key: String? = nil, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as StoreMoveError {
            throw error
        } catch {
            let error = KeepsakeError.wrapping(error)
            let which = side == .source ? "source" : "target"
            let of = record.map { " for the record \($0)" } ?? ""
            let remedy = error.remedy.map { " \($0.sentence)" } ?? ""
            throw StoreMoveError(side == .source ? .sourceFailed : .targetFailed,
                                 "Could not \(what) in the \(which)\(of): \(error.message)\(remedy) Every record copied so far is whole; run the move again to resume.",
                                 recordID: record, key: key, underlying: error)
        }
    }
}
