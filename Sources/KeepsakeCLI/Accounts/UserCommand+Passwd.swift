import KeepsakeStore

extension UserCommand {
    /// `keepsake user passwd LOGIN`: a new password.
    struct Passwd: ParsableCommand {
        /// Its name and help.
        static let configuration = CommandConfiguration(
            "passwd", abstract: "Set an account's password (asks for it, or --password-stdin).",
            discussion: """
                Sets the password of the account LOGIN: asked twice at the terminal, or read from standard
                input with --password-stdin (one trailing line break is dropped); at least 10 characters.
                Every session of the account ends at once, on every server; its API tokens keep working.
                An account may change its own password; an admin, anyone's.
                """,
            examples: ["keepsake user passwd ana", "printf '%s' \"$PASSWORD\" | keepsake --user ana user passwd ana --password-stdin"])

        /// The account.
        @Argument(.login, hint: UserCommand.loginHint) var login: LoginName
        /// Where the password comes from.
        @Flag("--password-stdin", help: "Read the password from standard input instead of asking.") var passwordStdin: Bool

        /// Hashes and stores the new password.
        func run(_ call: Invocation) async throws -> Int32 {
            let hash = try PasswordInput.newPasswordHash(for: login, fromStandardInput: passwordStdin, call)
            return try UserCommand.update(login, AccountChange(passwordHash: .some(hash)), done: "Set the password of \(login); its sessions have ended.", call)
        }
    }
}
