import KeepsakeStore

extension UserCommand {
    /// `keepsake user enable LOGIN`.
    struct Enable: ParsableCommand {
        /// Its name and help.
        static let configuration = CommandConfiguration(
            "enable", abstract: "Let a disabled account in again.",
            discussion: "Enables the account LOGIN again, with the books, records and password it had.",
            examples: ["keepsake user enable ana"])

        /// The account.
        @Argument(.login, hint: UserCommand.loginHint) var login: LoginName

        /// Enables it.
        func run(_ call: Invocation) async throws -> Int32 {
            var change = AccountChange()
            change.disabled = false
            return try UserCommand.update(login, change, done: "Enabled \(login).", call)
        }
    }
}
