import Foundation
import KeepsakeLedger
import KeepsakeStore

extension LedgerCommand {
    /// `keepsake ledger account add|list|rename|remove`: money accounts (cash, bank, card).
    static let account = Command(
        group: "account", abstract: "Money accounts (cash, bank, card) with balances: add, list, rename, remove.",
        discussion: """
            A money account (not a login account) holds transactions of one currency from an opening
            balance on; its balance on a day adds the income, subtracts the expenses and counts the
            transfers up to and including that day. A transaction stored without an account belongs to
            its ledger book's default account of its currency (Cash KRW), stored on first need.
            """,
        subcommands: [Command(AddAccount.self), Command(ListAccounts.self), Command(RenameAccount.self), Command(RemoveAccount.self)],
        examples: [
            "keepsake ledger account add --name Shinhan --kind bank --currency KRW --opening 1500000",
            "keepsake ledger account list --on 2026-11-30",
        ])

    /// `keepsake ledger account add`.
    struct AddAccount: ParsableCommand {
        /// Its name and help.
        static let configuration = CommandConfiguration(
            "add", abstract: "Make a money account.",
            discussion: "Makes a cash, bank or card account in your own ledger book. A name another account of the\nbook has, or an opening balance with more decimals than the currency has, is refused.",
            examples: ["keepsake ledger account add --name Wallet", "keepsake ledger account add --name Visa --kind card --currency USD --opening 120.50"])

        /// The name.
        @Option("--name", .text("NAME"), help: "The account's name, such as Wallet or Shinhan.") var name: String
        /// The kind.
        @Option("--kind", .text("KIND"), help: "cash, bank or card; default cash.") var kind: String?
        /// The currency's code.
        @Option("--currency", .text("CODE"), help: Help.currency) var currency: String?
        /// The opening balance.
        @Option("--opening", .text("AMOUNT"), help: "The opening balance, a plain decimal (may be negative); default 0.") var opening: String?

        /// Makes the account and prints it.
        func run(_ call: Invocation) async throws -> Int32 {
            let ledger = Ledger(store: try call.openStore())
            let currency = try Currency(code: (currency ?? "KRW").uppercased())
            let account = try ledger.createAccount(LedgerAccountDraft(name: name, kind: try LedgerCommand.accountKind(kind ?? "cash"),
                                                                      openingBalance: try LedgerCommand.signedMoney(opening ?? "0", currency)))
            try call.printResult(account) { call.print("Added account \(account.id)  \(account.name)  \(account.kind.rawValue)  \(account.openingBalance)") }
            return 0
        }
    }

    /// `keepsake ledger account list`.
    struct ListAccounts: ParsableCommand {
        /// Its name and help.
        static let configuration = CommandConfiguration(
            "list", abstract: "Every money account with its balance.",
            discussion: "Every money account you read, by currency and name, with its balance at the end of a day.",
            examples: ["keepsake ledger account list", "keepsake ledger account list --on 2026-11-30 --json"])

        /// The day.
        @Option("--on", .day, help: "The day whose end the balances are for; default today.") var on: CalendarDay?

        /// Prints the accounts.
        func run(_ call: Invocation) async throws -> Int32 {
            let ledger = Ledger(store: try call.openStore())
            let lines = try ledger.accountBalances(on: on ?? CalendarDay(containing: Date(), in: call.timeZone))
            try call.printResult(lines) {
                if lines.isEmpty { call.print("No accounts.") }
                for line in lines {
                    let mark = line.account.isDefault ? "  (default)" : ""
                    call.print("\(line.account.id)  \(CommandSupport.pad(line.account.name, to: 16)) \(CommandSupport.pad(line.account.kind.rawValue, to: 5)) \(line.balance)\(mark)")
                }
            }
            return 0
        }
    }

    /// `keepsake ledger account rename ACCOUNT NAME`.
    struct RenameAccount: ParsableCommand {
        /// Its name and help.
        static let configuration = CommandConfiguration(
            "rename", abstract: "Rename a money account.",
            discussion: "Gives the account (its id or its name) a new name.",
            examples: ["keepsake ledger account rename Wallet \"Cash in hand\""])

        /// The account.
        @Argument(.text("ACCOUNT"), hint: "its id or name") var account: String
        /// The new name.
        @Argument(.text("NAME"), hint: "the new name") var name: String

        /// Renames it.
        func run(_ call: Invocation) async throws -> Int32 {
            let ledger = Ledger(store: try call.openStore())
            let current = try LedgerCommand.findAccount(account, in: ledger)
            let renamed = try ledger.updateAccount(current.id, name: name, expectedVersion: current.isStored ? current.version : nil)
            try call.printResult(renamed) { call.print("Renamed account \(renamed.id) to \(renamed.name).") }
            return 0
        }
    }

    /// `keepsake ledger account remove ACCOUNT`.
    struct RemoveAccount: ParsableCommand {
        /// Its name and help.
        static let configuration = CommandConfiguration(
            "remove", abstract: "Remove a money account for good.",
            discussion: "Removes the account (its id or its name); refused while a transaction or transfer uses it.",
            examples: ["keepsake ledger account remove Wallet"])

        /// The account.
        @Argument(.text("ACCOUNT"), hint: "its id or name") var account: String

        /// Removes it.
        func run(_ call: Invocation) async throws -> Int32 {
            let ledger = Ledger(store: try call.openStore())
            let current = try LedgerCommand.findAccount(account, in: ledger)
            try ledger.removeAccount(current.id, expectedVersion: current.isStored ? current.version : nil)
            try call.printResult(current) { call.print("Removed account \(current.name).") }
            return 0
        }
    }

    /// The account named by `text`: its id, or its name (any case) when one account has it.
    static func findAccount(_ text: String, in ledger: Ledger) throws -> LedgerAccount {
        if let id = try? RecordID(parsing: text) { return try ledger.account(id) }
        let matches = try ledger.accounts().filter { $0.name.lowercased() == text.trimmingCharacters(in: .whitespaces).lowercased() }
        guard matches.count == 1, let account = matches.first else {
            throw CommandFailure(message: matches.isEmpty
                ? "No money account is named \(text); keepsake ledger account list shows them."
                : "\(matches.count) money accounts are named \(text); give the id (keepsake ledger account list).")
        }
        return account
    }

    /// `cash`, `bank` or `card`.
    static func accountKind(_ text: String) throws -> LedgerAccountKind {
        guard let kind = LedgerAccountKind(rawValue: text.lowercased()) else {
            throw CommandFailure(message: "The kind \(text) is none of cash, bank or card.")
        }
        return kind
    }

    /// A decimal that may be negative, exactly, in `currency`.
    static func signedMoney(_ text: String, _ currency: Currency) throws -> Money {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("-") else { return try Money(parsing: trimmed, currency: currency) }
        return Money(minorUnits: -(try Money(parsing: String(trimmed.dropFirst()), currency: currency)).minorUnits, currency: currency)
    }
}
