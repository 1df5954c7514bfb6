import Foundation
import KeepsakeLedger
import KeepsakeStore
import KeepsakeViewModels

extension LedgerCommand {
    /// `keepsake ledger add`: a new transaction through ``LedgerComposeViewModel``.
    struct Add: ParsableCommand {
        /// Its name and help.
        static let configuration = CommandConfiguration(
            "add", abstract: "Record a transaction (--date, --expense/--income, --amount, --currency,\n--category, --memo, --receipt).",
            discussion: """
                Records a transaction. --split (repeated) splits it over several categories: the parts
                must sum to the amount exactly, and the category is the largest part's (--category may be
                left out).
                """,
            examples: [
                "keepsake ledger add --amount 12000 --category 식비 --memo 김밥",
                "keepsake ledger add --income --amount 2500.00 --currency USD --category Salary --date 2026-11-25",
                "keepsake ledger add --amount 4.50 --currency USD --category Coffee --receipt receipt.jpg --json",
                "keepsake --user ben ledger add --amount 30000 --category 장보기 --book Household",
                "keepsake ledger add --amount 12000 --split 식비=8000 --split 생활=4000",
            ])

        /// The amount, as written.
        @Option("--amount", .text("AMOUNT"), help: Help.amount) var amount: String
        /// The category.
        @Option("--category", .text("NAME"), help: Help.category) var category: String?
        /// The parts of a split transaction.
        @Option("--split", .text("CATEGORY=AMOUNT"), help: Help.split) var splits: [String]
        /// Expense or income.
        @OptionGroup var kinds: KindOptions
        /// The currency's code.
        @Option("--currency", .text("CODE"), help: Help.currency) var currency: String?
        /// The day.
        @Option("--date", .day, help: Help.date) var date: CalendarDay?
        /// A note.
        @Option("--memo", .text(), help: Help.memo) var memo: String?
        /// A receipt photo.
        @Option("--receipt", .file(), help: Help.receipt) var receipt: String?
        /// The money account (default: the currency's default account).
        @Option("--account", .text("ACCOUNT"), help: "The money account, its id or name; default Cash and the currency.") var account: String?
        /// The book it goes in (default: your own ledger).
        @OptionGroup var book: BookOption
        /// How the receipt is stored.
        @OptionGroup var encoding: EncodingFlags

        /// A category, or parts that have them.
        static var rules: [OptionRule] {
            [.atLeastOne([\Self.$category, \Self.$splits], message: "Give --category, or --split for each part")]
        }

        /// Saves the transaction and prints it.
        func run(_ call: Invocation) async throws -> Int32 {
            let ledger = Ledger(store: try call.openStore(encoding))
            let compose = LedgerComposeViewModel(ledger: ledger, day: date ?? CalendarDay(containing: Date(), in: call.timeZone),
                                                 currencyCode: currency ?? "KRW")
            compose.kind = kinds.kind ?? .expense
            compose.book = try book.bookID(in: ledger.store, collection: Ledger.collection)
            compose.amountText = amount
            if let account { compose.account = try LedgerCommand.findAccount(account, in: ledger).id }
            compose.category = category ?? ""
            if !splits.isEmpty { compose.splitTexts = splits }
            if let memo { compose.memo = memo }
            if let receipt { compose.newReceipt = .file(URL(fileURLWithPath: receipt)) }
            guard let saved = await compose.save() else { throw compose.error ?? CommandFailure(message: "The transaction could not be saved.") }
            try printTransaction(saved, call, heading: "Added transaction \(saved.id).")
            return 0
        }
    }
}
