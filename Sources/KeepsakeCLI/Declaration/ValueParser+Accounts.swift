import KeepsakeDiary
import KeepsakeFeed
import KeepsakeLedger
import KeepsakeStore

/// The values of the account and book commands: login names, roles, apps, languages.
extension ValueParser where Value == LoginName {
    /// A login name (`ana`, `Ana` is read as `ana`): 1 to 32 of a-z, 0-9, '.', '_', '-'.
    static let login = checked("LOGIN") { try LoginName($0) }
}

extension ValueParser where Value == BookRole {
    /// `owner`, `editor` or `viewer`.
    static let role = choice(BookRole.allCases.map { ($0.rawValue, $0) }, ignoringCase: true)
}

extension ValueParser where Value == CollectionName {
    /// The app a book belongs to: `diary`, `ledger` or `feed`.
    static let app = choice([("diary", Diary.collection), ("ledger", Ledger.collection), ("feed", FeedItem.collection)])
}

extension ValueParser where Value == String {
    /// The language of an account's pages: `en` or `ko`.
    static let language = choice([("en", "en"), ("ko", "ko")], ignoringCase: true)
}

extension ValueParser where Value == Int64? {
    /// A storage quota: a size such as `500MB`, `2GB` or `1.5GiB` (decimal units unless `iB`), or
    /// `none` for no quota.
    static let quota = checked("SIZE|none") { text -> Int64? in
        if text.lowercased() == "none" { return nil }
        guard let bytes = StorageSize.parse(text) else {
            throw KeepsakeError(.invalidArgument, "\(KeepsakeError.quoted(text)) is not a size: write one such as 500MB, 2GB or 1.5GiB, or none.")
        }
        return bytes
    }
}
