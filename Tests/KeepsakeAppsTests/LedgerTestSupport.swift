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

/// A fresh ledger store with three people — Mina (who makes the records), Joon (whom a test makes
/// a viewer of Mina's book) and Sora (a stranger) — and a ledger acting as each, for the access
/// rules of the ledger's budgets, recurring rules, money accounts and transfers.
struct LedgerPeople {
    let fixture: LedgerFixture
    let mina: Account, joon: Account, sora: Account
    let minaLedger: Ledger, joonLedger: Ledger, soraLedger: Ledger
    var store: Store { fixture.store }
    /// The store as Mina.
    var minaStore: Store { store.acting(as: .account(mina.id)) }

    init() throws {
        fixture = try LedgerFixture()
        let store = fixture.store
        mina = try store.createAccount(AccountDraft(login: try LoginName("mina")))
        joon = try store.createAccount(AccountDraft(login: try LoginName("joon")))
        sora = try store.createAccount(AccountDraft(login: try LoginName("sora")))
        minaLedger = Ledger(store: store.acting(as: .account(mina.id)))
        joonLedger = Ledger(store: store.acting(as: .account(joon.id)))
        soraLedger = Ledger(store: store.acting(as: .account(sora.id)))
    }
}
