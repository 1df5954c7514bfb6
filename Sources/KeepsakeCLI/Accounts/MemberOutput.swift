import KeepsakeStore

/// A member of a book as `book members` prints it: login, display name, role.
struct MemberOutput: Encodable {
    let account: String
    let login: String
    let displayName: String
    let role: String

    /// The output of `member`, named from `profiles` by id.
    init(_ member: BookMember, profiles: [AccountID: AccountProfile]) {
        account = member.account.string
        login = profiles[member.account]?.login.description ?? member.account.string
        displayName = profiles[member.account]?.displayName ?? ""
        role = member.role.rawValue
    }

    /// One line: role, login, display name.
    var line: String { "\(CommandSupport.pad(role, to: 7)) \(CommandSupport.pad(login, to: 16)) \(displayName)" }
}
