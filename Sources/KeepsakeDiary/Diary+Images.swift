public import KeepsakeStore

extension Diary {
    /// The entry stored in `record`.
    public func item(from record: Record) throws -> DiaryEntry {
        try DiaryEntry(record: record)
    }

    /// Throws `limitExceeded` if an entry would hold more than ``maxImages`` photos.
    public func checkImageCount(_ total: Int, adding: Int?) throws {
        guard total <= maxImages else {
            let detail = adding.map { "adding \($0) would make \(total)" } ?? "\(total) were given"
            throw KeepsakeError(.limitExceeded, "A diary entry can hold at most \(maxImages) photos; \(detail). Nothing was changed.")
        }
    }
}
