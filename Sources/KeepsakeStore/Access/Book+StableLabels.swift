extension Book {
    /// A label for each of `books` that does not depend on its random id: `collection/name#rank`,
    /// the rank among the books of that collection and name, oldest first (`diary/Diary#0`). Two
    /// stores that did the same things give their books the same labels, so the keys and records
    /// that name books (`attachments/<book>/…`) can be compared across them, as the before- and
    /// after-state snapshots of the test suite and `keepsake-torture` do.
    public static func stableLabels(_ books: [Book]) -> [BookID: String] {
        var labels: [BookID: String] = [:]
        for (name, alike) in Dictionary(grouping: books, by: { "\($0.collection)/\($0.name)" }) {
            for (rank, book) in alike.sorted(by: { ($0.createdAt, $0.id.string) < ($1.createdAt, $1.id.string) }).enumerated() {
                labels[book.id] = "\(name)#\(rank)"
            }
        }
        return labels
    }

    /// `text` with every `/`-separated part that is the id of one of `labels`' books replaced by
    /// its label (see ``stableLabels(_:)``).
    public static func replacingIDs(in text: String, with labels: [BookID: String]) -> String {
        let byID = Dictionary(uniqueKeysWithValues: labels.map { ($0.key.string, $0.value) })
        return text.split(separator: "/", omittingEmptySubsequences: false).map { byID[String($0)] ?? String($0) }.joined(separator: "/")
    }
}
