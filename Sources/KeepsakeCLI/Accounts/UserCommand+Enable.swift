import KeepsakeStore

extension UserCommand {
    /// `keepsake user enable LOGIN`.
    struct Enable: AccountSwitch {
        /// Its name and help.
        static let configuration = CommandConfiguration(
            "enable", abstract: "Let a disabled account in again.",
            discussion: "Enables the account LOGIN again, with the books, records and password it had.",
            examples: ["keepsake user enable ana"])
        /// It enables.
        static let disables = false

        /// The account.
        @Argument(.login, hint: UserCommand.loginHint) var login: LoginName
    }
}
