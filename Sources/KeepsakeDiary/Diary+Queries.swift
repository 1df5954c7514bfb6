public import Foundation
public import KeepsakeStore

extension Diary {
    /// The newest live entries (by moment), `limit` (1...1000) at a time; pass the page's
    /// ``DiaryPage/nextCursor`` as `after` to continue. Paging is by key, so entries added meanwhile
    /// never make a page repeat or skip one.
    public func newest(limit: Int = 50, after cursor: RecordCursor? = nil) throws -> DiaryPage {
        var query = RecordQuery(collection: Self.collection)
        query.limit = limit
        query.after = cursor
        return try page(query)
    }

    /// The live entries of one day, oldest first. An entry belongs to the day of its moment in its own
    /// time zone: 23:30 in Seoul on the 29th is on the 29th, wherever the reader is.
    public func entries(on day: DiaryDay) throws -> [DiaryEntry] {
        var query = RecordQuery(collection: Self.collection)
        query.descending = false
        query.fieldEquals = [DiaryField.day: .string(day.string)]
        return try allRecords(query).map(DiaryEntry.init(record:))
    }

    /// The live entries of one month (by each entry's own day), oldest first.
    public func entries(in month: CalendarMonth) throws -> [DiaryEntry] {
        var query = RecordQuery(collection: Self.collection)
        query.descending = false
        query.fieldEquals = [DiaryField.month: .string(month.string)]
        return try allRecords(query).map(DiaryEntry.init(record:))
    }

    /// The live entries of the month `year`-`month`, oldest first; throws
    /// ``KeepsakeError/Code/invalidArgument`` for a month that does not exist.
    public func entries(inMonth year: Int, month: Int) throws -> [DiaryEntry] {
        try entries(in: try CalendarMonth(year: year, month: month))
    }

    /// The live entries whose moment is in `from ..< to` (the end is excluded), newest first, a page at a time.
    public func entries(from: Date, to: Date, limit: Int = 50, after cursor: RecordCursor? = nil) throws -> DiaryPage {
        guard from < to else {
            throw KeepsakeError(.invalidArgument, "The range must end after it starts; \(from) is not before \(to).")
        }
        var query = RecordQuery(collection: Self.collection)
        query.dateFrom = from
        query.dateUntil = to
        query.limit = limit
        query.after = cursor
        return try page(query)
    }

    /// The live entries that feel `emotion`, newest first, a page at a time.
    public func entries(emotion: Emotion, limit: Int = 50, after cursor: RecordCursor? = nil) throws -> DiaryPage {
        var query = RecordQuery(collection: Self.collection)
        query.fieldEquals = [DiaryField.emotion: .string(emotion.rawValue)]
        query.limit = limit
        query.after = cursor
        return try page(query)
    }

    /// The live entries carrying `tag` (normalised first, so "Travel " finds "travel"), newest first,
    /// a page at a time.
    public func entries(tag: String, limit: Int = 50, after cursor: RecordCursor? = nil) throws -> DiaryPage {
        let normalized = try DiaryDraft.normalizedTag(tag)
        guard !normalized.isEmpty else {
            throw KeepsakeError(.invalidArgument, "The tag to look for is empty; give a tag such as \"travel\".")
        }
        var query = RecordQuery(collection: Self.collection)
        query.fieldEquals = [DiaryField.tags: .string(normalized)]
        query.limit = limit
        query.after = cursor
        return try page(query)
    }

    /// The live entries whose title, text or tags contain every word of `text` (each word also as the
    /// start of a longer word: "picnic" finds "picnics", "피크닉" finds "피크닉을"), newest first.
    /// Case and accents are ignored; the text is never read as query syntax. `limit` is 1...1000 and
    /// `offset` skips that many matches.
    public func search(_ text: String, limit: Int = 50, offset: Int = 0) throws -> [DiaryEntry] {
        guard (1...1000).contains(limit), offset >= 0 else {
            throw KeepsakeError(.invalidArgument, "A search page holds 1 to 1000 entries and the offset must not be negative.")
        }
        let words = Self.searchWords(text)
        guard !words.isEmpty else { return [] }
        // The store indexes every text field, including the day, month, time zone and emotion; a hit
        // that only those explain ("seoul", "2026") is not a match in the title, text or tags.
        var matches: [DiaryEntry] = []
        var skipped = 0
        var engineOffset = 0
        let batch = 200
        while matches.count < limit {
            let records = try store.search(text, in: Self.collection, limit: batch, offset: engineOffset, books: books)
            for record in records where Self.contentContains(record, words: words) {
                if skipped < offset { skipped += 1; continue }
                matches.append(try DiaryEntry(record: record))
                if matches.count == limit { break }
            }
            guard records.count == batch else { break }
            engineOffset += batch
        }
        return matches
    }

    /// The words of a search, split as the store splits them.
    static func searchWords(_ text: String) -> [String] {
        Store.searchWords(text)
    }

    /// Whether every word occurs (ignoring case and accents) in the record's title, text or tags.
    /// Looser than the index's word-prefix match, so it never drops a real hit.
    static func contentContains(_ record: Record, words: [String]) -> Bool {
        let content = DiaryField.searchable.compactMap { key -> String? in
            switch record.fields[key] {
            case .string(let value)?: value
            case .strings(let values)?: values.joined(separator: "\n")
            default: nil
            }
        }.joined(separator: "\n")
        return words.allSatisfy { content.range(of: $0, options: [.caseInsensitive, .diacriticInsensitive]) != nil }
    }

    // MARK: - Paging helpers

    /// One page of a store query, as entries.
    func page(_ query: RecordQuery) throws -> DiaryPage {
        var query = query
        query.books = books
        let page = try store.list(query)
        return DiaryPage(entries: try page.records.map(DiaryEntry.init(record:)), nextCursor: page.nextCursor)
    }

    /// Every record a query matches, read 1000 at a time by key.
    func allRecords(_ query: RecordQuery) throws -> [Record] {
        var query = query
        query.limit = 1000
        query.books = books
        return try store.allRecords(matching: query)
    }
}
