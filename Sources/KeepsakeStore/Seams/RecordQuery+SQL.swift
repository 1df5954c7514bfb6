extension RecordQuery {
    /// The `record` table's column this query sorts by (both SQL backends name it alike).
    package var sortColumn: String {
        switch sort {
        case .date: "date"
        case .created: "created_at"
        case .updated: "updated_at"
        }
    }

    /// The comparison of a keyset page's `(sort column, id)` with the cursor: `<` newest first, `>` oldest first.
    package var keysetComparison: String { descending ? "<" : ">" }

    /// The `ORDER BY` clause: the sort column, then the id, both in the query's direction.
    package var orderClause: String {
        let direction = descending ? "DESC" : "ASC"
        return " ORDER BY \(sortColumn) \(direction), id \(direction)"
    }

    /// How many rows a backend fetches for one page: one more than the page holds, so the extra
    /// row says whether another page follows (see ``RecordPage/init(fetched:limit:attachImages:)``).
    package var fetchLimit: Int { limit + 1 }
}

extension RecordQuery.TrashFilter {
    /// The SQL condition (with a leading ` AND `, empty for ``all``) on `trashed_at` of the table
    /// whose column names start with `prefix` (`""`, or an alias with its dot).
    package func sqlCondition(prefix: String) -> String {
        switch self {
        case .live: " AND \(prefix)trashed_at IS NULL"
        case .trashed: " AND \(prefix)trashed_at IS NOT NULL"
        case .all: ""
        }
    }
}
