public import KeepsakeStore

/// Reads every record of a collection, page after page, so a check that means "all" never stops at
/// the first page (a faster machine writes more records than one page holds).
public enum StorePages {
    /// Every record of `collection` (live and trashed by default), in the store's list order.
    /// `pageSize` is the page asked for each time (1...1000); tests make it small to cross pages.
    public static func allRecords(_ store: Store, collection: CollectionName, trash: RecordQuery.TrashFilter = .all,
                                  pageSize: Int = 1000) throws -> [Record] {
        var query = RecordQuery(collection: collection)
        query.trash = trash
        query.limit = pageSize
        return try store.allRecords(matching: query)
    }
}
