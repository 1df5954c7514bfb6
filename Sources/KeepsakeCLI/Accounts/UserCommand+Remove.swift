import KeepsakeStore

extension UserCommand {
    /// `keepsake user remove LOGIN [--heir LOGIN]`.
    struct Remove: ParsableCommand {
        /// Its name and help.
        static let configuration = CommandConfiguration(
            "remove", abstract: "Remove an account; its shared books go to --heir.",
            discussion: """
                Removes the account LOGIN for good. Books it owns that others are members of go to the
                --heir, who becomes their owner; without --heir they are refused (nothing changes). Books
                only it was in are deleted with every record and photo in them. It asks first at a
                terminal; --yes does not ask. The last enabled admin cannot be removed.
                """,
            examples: ["keepsake user remove ana --heir ben", "keepsake user remove ana --yes"])

        /// The account.
        @Argument(.login, hint: UserCommand.loginHint) var login: LoginName
        /// Who takes its shared books.
        @Option("--heir", .login, "LOGIN", help: "The account that becomes owner of its shared books.") var heir: LoginName?
        /// No question.
        @Flag("--yes", help: "Do not ask first.") var yes: Bool

        /// Removes it.
        func run(_ call: Invocation) async throws -> Int32 {
            let store = try call.openStore()
            let account = try AccountLookup.account(login, in: store)
            let heirAccount = try heir.map { try AccountLookup.account($0, in: store) }
            if heir == nil, try Self.managesAccounts(store) { try Self.refuseSharedBooks(of: account, in: store) }
            try Confirmation.ask("Remove the account \(login), and delete the books only it is in with their records?", unless: yes, call)
            try store.removeAccount(account.id, heir: heirAccount?.id)
            let output = AccountOutput(account)
            let given = heir.map { "; its shared books now belong to \($0)" } ?? ""
            try call.printResult(output) { call.print("Removed the account \(login)\(given).") }
            return 0
        }

        /// Whether `store`'s caller may remove accounts (the operator, an admin); for anyone else the
        /// engine's refusal comes first.
        private static func managesAccounts(_ store: Store) throws -> Bool {
            guard let me = store.caller.accountID else { return true }
            return try AccountLookup.accounts(in: store)[me]?.isAdmin ?? false
        }

        /// Throws, naming them and `--heir`, when `account` owns books that others are members of
        /// (the engine refuses the removal then too; this says how to go on in the tool's words).
        private static func refuseSharedBooks(of account: Account, in store: Store) throws {
            let operatorStore = store.acting(as: .localOperator)
            let shared = try operatorStore.books().filter { book in
                let members = try operatorStore.members(of: book.id)
                return members.count > 1 && members.contains { $0.account == account.id && $0.role == .owner }
            }
            guard !shared.isEmpty else { return }
            let names = shared.map { KeepsakeError.quoted($0.name) }.joined(separator: ", ")
            throw KeepsakeError(.conflict, "\(account.login) owns \(CommandSupport.count(shared.count, "book")) that others are members of (\(names)); give --heir LOGIN to make another account their owner. Nothing was removed.")
        }
    }
}
