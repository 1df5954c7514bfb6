import KeepsakeStore

extension UserCommand {
    /// `keepsake user disable LOGIN`.
    struct Disable: AccountSwitch {
        /// Its name and help.
        static let configuration = CommandConfiguration(
            "disable", abstract: "Stop an account at once (its books and records are kept).",
            discussion: """
                Disables the account LOGIN: from now on it can do nothing, on every server (its sessions,
                tokens and --user end at once); its books and records are kept, and enable brings it back.
                The last enabled admin cannot be disabled.
                """,
            examples: ["keepsake user disable ana"])
        /// It disables.
        static let disables = true

        /// The account.
        @Argument(.login, hint: UserCommand.loginHint) var login: LoginName
    }
}
