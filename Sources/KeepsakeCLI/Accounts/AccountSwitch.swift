import KeepsakeStore

/// `user disable LOGIN` and `user enable LOGIN`: one body for both, which only differ in the state
/// they set (and their help).
protocol AccountSwitch: ParsableCommand {
    /// The account.
    var login: LoginName { get }
    /// Whether the account ends disabled.
    static var disables: Bool { get }
}

extension AccountSwitch {
    /// Sets the state and says so (how to undo a disable, too).
    @MainActor func run(_ call: Invocation) async throws -> Int32 {
        let done = Self.disables ? "Disabled \(login); keepsake user enable \(login) brings it back." : "Enabled \(login)."
        return try UserCommand.update(login, AccountChange(disabled: Self.disables), done: done, call)
    }
}
