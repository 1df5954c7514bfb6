import Foundation
import KeepsakeStore

/// An account as the account commands print it (text or `--json`): everything but its password
/// hash, of which only whether there is one is shown.
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

    /// The output of `account`.
    init(_ account: Account) {
        id = account.id.string
        login = account.login.description
        displayName = account.displayName
        language = account.language
        timeZone = account.timeZone
        isAdmin = account.isAdmin
        disabled = account.isDisabled
        hasPassword = account.passwordHash != nil
        createdAt = account.createdAt
    }

    /// One line: login, display name, rights and state, language and time zone, id.
    var line: String {
        var state = [isAdmin ? "admin" : "member", disabled ? "disabled" : "enabled"]
        if !hasPassword { state.append("no password") }
        return "\(CommandSupport.pad(login, to: 16)) \(CommandSupport.pad(displayName, to: 20)) \(CommandSupport.pad(state.joined(separator: ", "), to: 28)) \(language) \(timeZone)  \(id)"
    }
}
