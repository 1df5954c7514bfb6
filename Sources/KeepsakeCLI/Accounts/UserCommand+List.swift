extension UserCommand {
    /// `keepsake user list`.
    struct List: ParsableCommand {
        /// Its name and help.
        static let configuration = CommandConfiguration(
            "list", abstract: "Every account (an account that is no admin sees itself).",
            discussion: """
                Lists the accounts, oldest first: login, display name, whether it is an admin, enabled and
                has a password, its language and time zone, and its id. Never a password or its hash.
                """,
            examples: ["keepsake user list", "keepsake --user ana user list --json"])

        /// Prints the accounts.
        func run(_ call: Invocation) async throws -> Int32 {
            let accounts = try call.openStore().accounts().map(AccountOutput.init)
            try call.printResult(accounts) { accounts.forEach { call.print($0.line) } }
            return 0
        }
    }
}
