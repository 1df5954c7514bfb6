public import KeepsakeStore

/// The field names a feed post uses in its record.
enum FeedField {
    static let title = "title"
    static let contents = "contents"
}

extension FeedItem {
    /// The collection every feed post lives in.
    public static let collection: CollectionName = "feed"

    /// Reads a post from a stored record, checking that it is one.
    ///
    /// - Throws: ``KeepsakeStore/KeepsakeError`` `.notFound` if the record belongs to another
    ///   collection, `.invalidArgument` if its fields are not those of a feed post.
    public init(record: Record) throws {
        guard record.collection == Self.collection else {
            throw KeepsakeError(.notFound, "Record \(record.id) is a \(record.collection) record, not a feed post; use an id from the feed.")
        }
        guard let title = record.fields[FeedField.title]?.stringValue else {
            throw KeepsakeError(.invalidArgument, "Feed record \(record.id) has no text field \"title\", so it was not written by the Feed app.", remedy: .checkStore)
        }
        let contents: String
        switch record.fields[FeedField.contents] {
        case nil: contents = ""
        case .string(let text)?: contents = text
        case .some:
            throw KeepsakeError(.invalidArgument, "Feed record \(record.id) has a field \"contents\" that is not text, so it was not written by the Feed app.")
        }
        self.init(id: record.id, title: title, contents: contents, date: record.date, images: record.images, stamp: record.stamp)
    }

    /// The record fields of a post with this (already validated) text.
    static func fields(title: String, contents: String) -> [String: FieldValue] {
        [FeedField.title: .string(title), FeedField.contents: .string(contents)]
    }
}
