import Foundation
import KeepsakeLedger
import KeepsakeStore

/// A transaction read from a statement, before the ledger's rules: each ledger importer fills one per
/// row and ``BankPlanBuilder`` turns them into an ``ImportPlan``.
struct BankRow {
    /// Where it is (`line 12`).
    var location: String
    /// The bank's own id of the transaction (OFX `FITID`, camt `AcctSvcrRef`, Firefly's journal id).
    var sourceID: String?
    /// For a row without an id: what it says, to tell it from other rows (rows saying the same are
    /// told apart by their order).
    var identity: String = ""
    /// The day, or why it could not be read.
    var day: Result<LedgerDay, ImportIssue>
    /// The signed amount (below zero: money went out), or why it could not be read.
    var amount: Result<DecimalAmount, ImportIssue>
    /// The currency code the row gives, if any.
    var currencyCode: String?
    /// Expense or income when the source says so apart from the sign.
    var kind: TransactionKind?
    /// The category the source gives.
    var category: String?
    /// The parts of the memo (payee, description, notes), joined with ` — `.
    var memo: [String] = []
    /// Why the row is left out on purpose (a transfer, an opening balance, a pending booking).
    var skipReason: String?
    /// Why the row cannot be imported, beyond its day and amount.
    var refusal: String?
    /// Notes about the row.
    var notes: [String] = []
    /// Where the amount is, when that is not ``location`` (an OFX `TRNAMT` line).
    var amountLocation: String?
    /// The account the row belongs to, when the file says (an OFX statement's account); the
    /// builder's scope otherwise.
    var account: String?

    /// The money account the file names for the row (an OFX statement's `BANKACCTFROM`, a camt
    /// statement's IBAN, a QIF `!Account` block); the book's default account of the currency when `nil`.
    var home: BankFileAccount?
    /// For a transfer between one's own accounts, its other side.
    var transfer: BankTransferSide?
    /// Whether a transfer's money leaves ``home`` (Firefly's source account), when the sign of the
    /// amount does not say it.
    var transferLeavesHome: Bool?
    /// For a transfer between accounts of two currencies, what arrives on the other side, in the
    /// other side's currency (Firefly's `foreign_amount` and `foreign_currency_code`), or why it
    /// cannot be read.
    var transferForeignAmount: Result<(amount: DecimalAmount, currencyCode: String), ImportIssue>?

    init(location: String, day: Result<LedgerDay, ImportIssue>, amount: Result<DecimalAmount, ImportIssue>) {
        self.location = location
        self.day = day
        self.amount = amount
    }
}
