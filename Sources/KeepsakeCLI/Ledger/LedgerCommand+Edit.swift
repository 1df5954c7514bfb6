import Foundation
import KeepsakeLedger
import KeepsakeStore
import KeepsakeViewModels

extension LedgerCommand {
    /// `keepsake ledger edit ID`: changes what is given, through ``LedgerComposeViewModel``.
    struct Edit: ParsableCommand {
        /// Its name and help.
        static let configuration = CommandConfiguration(
            "edit", abstract: "Change a transaction; only the options given change.",
            discussion: """
                Changes a transaction; only the options given change (a new --currency reads --amount, or
                the current amount, in that currency). --receipt attaches or replaces the receipt photo;
                --remove-receipt removes it. --split (repeated) gives new parts, which must sum to the
                amount; a new --amount of a split transaction needs new parts too. --no-split makes it unsplit.
                """,
            examples: [
                #"keepsake ledger edit 3f2504e0-4f89-41d3-9a0c-0305e82c3301 --amount 13000 --memo "김밥, 라면""#,
                "keepsake ledger edit 3f2504e0-4f89-41d3-9a0c-0305e82c3301 --income --category Refund",
            ])

        /// The transaction.
        @Argument(.recordID, hint: Help.id) var id: RecordID
        /// A new day.
        @Option("--date", .day, help: Help.date) var date: CalendarDay?
        /// A new kind.
        @OptionGroup var kinds: KindOptions
        /// A new amount.
        @Option("--amount", .text("AMOUNT"), help: Help.amount) var amount: String?
        /// A new currency.
        @Option("--currency", .text("CODE"), help: Help.currency) var currency: String?
        /// A new category.
        @Option("--category", .text("NAME"), help: Help.category) var category: String?
        /// New parts of a split transaction.
        @Option("--split", .text("CATEGORY=AMOUNT"), help: Help.split) var splits: [String]
        /// No parts.
        @Flag("--no-split", help: "Make a split transaction unsplit again (its category stays, or --category).") var noSplit: Bool
        /// Another money account.
        @Option("--account", .text("ACCOUNT"), help: "Another money account of the currency, its id or name.") var account: String?
        /// A new note.
        @Option("--memo", .text(), help: Help.memo) var memo: String?
        /// A new receipt photo.
        @Option("--receipt", .file(), help: Help.receipt) var receipt: String?
        /// No receipt.
        @Flag("--remove-receipt", help: "Remove the receipt photo.") var removeReceipt: Bool
        /// How a new receipt is stored.
        @OptionGroup var encoding: EncodingFlags

        /// A receipt is attached or removed, and something must change.
        static var rules: [OptionRule] {
            [.atMostOne([[\Self.$receipt], [\Self.$removeReceipt]]),
             .atMostOne([[\Self.$splits], [\Self.$noSplit]]),
             .atLeastOne([\Self.$date, \Self.kinds.$expense, \Self.kinds.$income, \Self.kinds.$named, \Self.$amount, \Self.$currency, \Self.$category,
                          \Self.$memo, \Self.$receipt, \Self.$removeReceipt, \Self.$splits, \Self.$noSplit, \Self.$account], message: "Nothing to change")]
        }

        /// Saves the changes and prints the transaction.
        func run(_ call: Invocation) async throws -> Int32 {
            let ledger = Ledger(store: try call.openStore(encoding))
            let compose = LedgerComposeViewModel(ledger: ledger, editing: try ledger.read(id))
            if let date { compose.dateText = date.string }
            if let kind = kinds.kind { compose.kind = kind }
            if let amount { compose.amountText = amount }
            if let currency { compose.currencyCode = currency }
            if let category { compose.category = category }
            if let memo { compose.memo = memo }
            if !splits.isEmpty { compose.splitTexts = splits } else if noSplit { compose.splitTexts = [] }
            if let account { compose.account = try LedgerCommand.findAccount(account, in: ledger).id }
            if let receipt { compose.newReceipt = .file(URL(fileURLWithPath: receipt)) }
            compose.removesReceipt = removeReceipt
            guard let saved = await compose.save() else { throw compose.error ?? CommandFailure(message: "The transaction could not be saved.") }
            try printTransaction(saved, call, heading: "Updated transaction \(saved.id).")
            return 0
        }
    }
}
