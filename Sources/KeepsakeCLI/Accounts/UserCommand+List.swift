extension UserCommand {
    /// `keepsake user list`.
    struct List: ParsableCommand {
        /// Its name and help.
        static let configuration = CommandConfiguration(
            "list", abstract: "Every account (an account that is no admin sees itself).",
            discussion: """
                Lists the accounts, oldest first: login, display name, whether it is an admin, enabled and
                has a password, its language and time zone, its id, and the bytes of photo originals it
                stores with its quota (user quota sets it). Never a password or its hash.
                """,
            examples: ["keepsake user list", "keepsake --user ana user list --json"])

        /// Prints the accounts.
        func run(_ call: Invocation) async throws -> Int32 {
            let store = try call.openStore()
            let usage = try store.storageUsage()
            let accounts = try store.accounts().map { AccountOutput($0, usedBytes: usage[$0.id] ?? 0) }
            try call.printResult(accounts) { accounts.forEach { call.print($0.line) } }
            return 0
        }
    }
}
