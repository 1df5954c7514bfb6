import Foundation
import KeepsakeLedger
import KeepsakeStore
import KeepsakeTestSupport

/// A fresh store in a temporary folder with a ledger over it.
struct LedgerFixture {
    let directory = TemporaryDirectory("ledger")
    let store: Store
    let ledger: Ledger

    init(clock: TestClock? = nil) throws {
        var now: @Sendable () -> Date = { Date() }
        if let clock { now = clock.closure }
        store = try TestStores.open(directory, clock: now)
        ledger = Ledger(store: store)
    }

    /// Adds a transaction from short text values.
    @discardableResult
    func add(_ day: String, _ kind: TransactionKind, _ amount: String, _ currency: Currency, _ category: String,
             memo: String = "", receipt: ImageSource? = nil) throws -> LedgerTransaction {
        try ledger.create(LedgerTransactionDraft(date: try LedgerDay(parsing: day), kind: kind,
                                              amount: try Money(parsing: amount, currency: currency),
                                              category: category, memo: memo, receipt: receipt))
    }

    /// The absolute path of an attachment's original.
    func absolutePath(_ attachment: Attachment) -> String {
        store.location.dataDirectory.appendingPathComponent(attachment.path.string).path
    }
}
