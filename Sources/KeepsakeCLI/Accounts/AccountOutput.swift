import Foundation
import KeepsakeStore

/// An account as the account commands print it (text or `--json`): everything but its password
/// hash, of which only whether there is one is shown; with its storage usage where it was read.
struct AccountOutput: Encodable {
    let id: String
    let login: String
    let displayName: String
    let language: String
    let timeZone: String
    let isAdmin: Bool
    let disabled: Bool
    let hasPassword: Bool
    let createdAt: Date
    /// The storage quota in bytes; `nil`: none.
    let quotaBytes: Int64?
    /// The bytes of originals it added (``Store/storageUsage(of:)``), where listed.
    let usedBytes: Int64?

    /// The output of `account`.
    init(_ account: Account, usedBytes: Int64? = nil) {
        id = account.id.string
        login = account.login.description
        displayName = account.displayName
        language = account.language
        timeZone = account.timeZone
        isAdmin = account.isAdmin
        disabled = account.isDisabled
        hasPassword = account.passwordHash != nil
        createdAt = account.createdAt
        quotaBytes = account.quota
        self.usedBytes = usedBytes
    }

    /// One line: login, display name, rights and state, language and time zone, id; then the
    /// storage used and the quota, where the usage was read.
    var line: String {
        var state = [isAdmin ? "admin" : "member", disabled ? "disabled" : "enabled"]
        if !hasPassword { state.append("no password") }
        let storage = usedBytes.map { used in
            "  \(StorageSize.describe(used)) used" + (quotaBytes.map { " of \(StorageSize.describe($0)) quota" } ?? ", no quota")
        } ?? ""
        return "\(CommandSupport.pad(login, to: 16)) \(CommandSupport.pad(displayName, to: 20)) \(CommandSupport.pad(state.joined(separator: ", "), to: 28)) \(language) \(timeZone)  \(id)\(storage)"
    }
}
