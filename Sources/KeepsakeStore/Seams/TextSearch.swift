/// A full-text search, already split into words by the engine.
public struct TextSearch: Sendable, Hashable {
    /// Words that must all occur (each also as a prefix), never query syntax.
    public var words: [String]
    /// The collection searched.
    public var collection: CollectionName
    /// Live, trashed or all records.
    public var trash: RecordQuery.TrashFilter
    /// At most this many records (1...1000).
    public var limit: Int
    /// Skip this many.
    public var offset: Int
    /// Only records in these books; `nil` for no filter (set by the engine from the caller).
    public var books: Set<BookID>?

    /// Creates a search.
    public init(words: [String], collection: CollectionName, trash: RecordQuery.TrashFilter, limit: Int, offset: Int, books: Set<BookID>? = nil) {
        self.words = words
        self.collection = collection
        self.trash = trash
        self.limit = limit
        self.offset = offset
        self.books = books
    }
}
