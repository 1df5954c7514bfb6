import Foundation

/// `keepsake-export.json`: what an export archive claims to hold.
struct ExportManifest: Codable {
    var format: String
    var version: Int
    var exportedAt: Date
    var records: Int
    var images: Int
    /// The entry holding the accounts, books and memberships (`access.json`), from version 2; `nil`
    /// in an archive without them (every archive made before accounts, or one exported by an account).
    var access: String?
    /// The accounts in that entry.
    var accounts: Int?
    /// The books in that entry.
    var books: Int?
    /// The memberships in that entry.
    var memberships: Int?
}
