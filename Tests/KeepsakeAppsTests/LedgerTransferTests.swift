import Foundation
import Testing
import KeepsakeLedger
import KeepsakeStore
import KeepsakeTestSupport

/// Transfers between one's own money accounts (issue 24): one record, both sides or none, kept out
/// of income and expense totals, bad input refused with a reason and nothing written.
@Suite struct LedgerTransferTests {
    static func day(_ text: String) throws -> LedgerDay { try LedgerDay(parsing: text) }

    @discardableResult
    static func transfer(_ ledger: Ledger, _ day: String, _ from: LedgerAccount, _ to: LedgerAccount, _ amount: String,
                         _ toAmount: String? = nil) throws -> LedgerTransfer {
        try ledger.createTransfer(LedgerTransferDraft(date: try Self.day(day), from: from.id, to: to.id,
                                                      amount: try Money(parsing: amount, currency: from.currency),
                                                      toAmount: try toAmount.map { try Money(parsing: $0, currency: to.currency) }))
    }

    @Test func aTransferMovesMoneyAndStaysOutOfTotals() throws {
        let fixture = try LedgerFixture()
        let ledger = fixture.ledger
        let bank = try LedgerAccountTests.make(ledger, "Bank", .bank, "500000", .krw)
        let cash = try LedgerAccountTests.make(ledger, "Wallet", .cash, "0", .krw)
        let dollars = try LedgerAccountTests.make(ledger, "Dollars", .bank, "0.00", .usd)
        try LedgerAccountTests.add(ledger, "2025-03-02", .expense, "10000", .krw, account: cash.id)
        let withdrawal = try Self.transfer(ledger, "2025-03-01", bank, cash, "50000")
        #expect(withdrawal.toAmount.description == "50000 KRW")
        let exchange = try Self.transfer(ledger, "2025-03-10", bank, dollars, "135000", "100.00")
        #expect(exchange.toAmount.description == "100.00 USD")

        let balances = try ledger.accountBalances(on: try Self.day("2025-03-31"))
        #expect(balances.map { "\($0.account.name) \($0.balance)" } == ["Bank 315000 KRW", "Wallet 40000 KRW", "Dollars 100.00 USD"])
        #expect(try ledger.balance(of: dollars.id, on: try Self.day("2025-03-09")).description == "0.00 USD", "not before its day")

        let month = try LedgerMonth(parsing: "2025-03")
        #expect(try ledger.transfers(in: month).map(\.id) == [exchange.id, withdrawal.id], "listed, newest first")
        #expect(try ledger.transfers(in: month, account: cash.id).map(\.id) == [withdrawal.id])
        #expect(try ledger.transfers(in: try LedgerMonth(parsing: "2025-04")).isEmpty)
        let totals = try ledger.totals(year: 2025, month: 3)
        #expect(totals.values.map { "\($0.currency) \($0.expense) \($0.income)" } == ["KRW 10000 KRW 0 KRW"], "a transfer is neither expense nor income")
        #expect(try ledger.categoryTotals(year: 2025, month: 3)[.krw]?.keys.sorted() == ["식비"])
        #expect(try ledger.list(month: month).transactions.count == 1)

        // Removing a transfer removes both sides; an account it used may then go.
        try ledger.removeTransfer(withdrawal.id)
        #expect(try ledger.balance(of: bank.id, on: try Self.day("2025-03-31")).description == "365000 KRW")
        #expect(try ledger.balance(of: cash.id, on: try Self.day("2025-03-31")).description == "-10000 KRW")
        let inUse = #expect(throws: KeepsakeError.self) { try ledger.removeAccount(dollars.id) }
        #expect(inUse?.code == .conflict)
    }

    @Test func badTransfersAreRefusedWithAReasonAndWriteNothing() throws {
        let fixture = try LedgerFixture()
        let ledger = fixture.ledger
        let bank = try LedgerAccountTests.make(ledger, "Bank", .bank, "0", .krw)
        let cash = try LedgerAccountTests.make(ledger, "Wallet", .cash, "0", .krw)
        let dollars = try LedgerAccountTests.make(ledger, "Dollars", .bank, "0", .usd)
        let written = try fixture.store.count(Ledger.accountCollection)

        func refused(_ expected: String, _ body: () throws -> LedgerTransfer) {
            let error = #expect(throws: KeepsakeError.self) { _ = try body() }
            #expect(error?.code == .invalidArgument)
            #expect(error?.message.contains(expected) == true, "\(error?.message ?? "")")
        }
        refused("same account") { try Self.transfer(ledger, "2025-03-01", bank, bank, "1000") }
        refused("give the amount that arrives") { try Self.transfer(ledger, "2025-03-01", bank, dollars, "1000") }
        refused("greater than zero") { try Self.transfer(ledger, "2025-03-01", bank, cash, "0") }
        refused("leave out the second amount") { try Self.transfer(ledger, "2025-03-01", bank, cash, "1000", "999") }
        refused("not in the currency") {
            try ledger.createTransfer(LedgerTransferDraft(date: try Self.day("2025-03-01"), from: bank.id, to: cash.id,
                                                          amount: try Money(parsing: "1", currency: .usd)))
        }
        let decimals = #expect(throws: KeepsakeError.self) { try Money(parsing: "1.005", currency: .usd) }
        #expect(decimals?.code == .invalidArgument, "too many decimals never becomes an amount")

        // An account in another book.
        let otherBook = try fixture.store.createBook(collection: Ledger.collection, name: "Travel",
                                                        owner: try #require(try fixture.store.firstAdmin()).id)
        let travel = try LedgerAccountTests.make(ledger, "Travel wallet", .cash, "0", .krw, book: otherBook.id)
        refused("different ledger books") { try Self.transfer(ledger, "2025-03-01", bank, travel, "1000") }
        #expect(try fixture.store.count(Ledger.accountCollection) == written + 1, "only the travel account was written")
        #expect(try ledger.transfers().isEmpty, "no half transfer anywhere")
    }

    @Test func fsckReportsATransferWhoseAccountIsMissing() throws {
        let fixture = try LedgerFixture()
        let ledger = fixture.ledger
        let bank = try LedgerAccountTests.make(ledger, "Bank", .bank, "0", .krw)
        let cash = try LedgerAccountTests.make(ledger, "Wallet", .cash, "0", .krw)
        let moved = try Self.transfer(ledger, "2025-03-01", bank, cash, "1000")
        #expect(try ledger.transferProblems().isEmpty)
        try fixture.store.purge(cash.id)   // outside the ledger, which refuses it
        let problems = try ledger.transferProblems()
        #expect(problems.count == 1)
        #expect(problems.first?.kind == .transferMissingAccount && problems.first?.recordID == moved.id)
        #expect(problems.first?.message.contains("\(moved.id)") == true && problems.first?.message.contains("missing to account \(cash.id)") == true)
        #expect(try ledger.check() == problems)
    }

    @Test func aViewerCannotTransferAndAStrangerSeesNoTransfer() throws {
        let people = try LedgerPeople()
        let store = people.store, mina = people.mina, joon = people.joon
        let minaLedger = people.minaLedger, joonLedger = people.joonLedger, soraLedger = people.soraLedger
        let bank = try LedgerAccountTests.make(minaLedger, "Bank", .bank, "0", .krw)
        let cash = try LedgerAccountTests.make(minaLedger, "Wallet", .cash, "0", .krw)
        let moved = try Self.transfer(minaLedger, "2025-03-01", bank, cash, "1000")
        try store.acting(as: .account(mina.id)).setRole(.viewer, for: joon.id, in: try #require(bank.book))

        #expect(try joonLedger.transfers().map(\.id) == [moved.id], "a viewer reads it")
        let forbidden = #expect(throws: KeepsakeError.self) { try Self.transfer(joonLedger, "2025-03-02", bank, cash, "5") }
        #expect(forbidden?.code == .forbidden)
        #expect(throws: KeepsakeError.self) { try joonLedger.removeTransfer(moved.id) }
        #expect(try minaLedger.transfers().count == 1)

        #expect(try soraLedger.transfers().isEmpty, "a stranger sees nothing")
        let hidden = #expect(throws: KeepsakeError.self) { try soraLedger.transfer(moved.id) }
        #expect(hidden?.code == .notFound)
        let stranger = #expect(throws: KeepsakeError.self) { try Self.transfer(soraLedger, "2025-03-02", bank, cash, "5") }
        #expect(stranger?.code == .notFound)
    }

    @Test func aViewerOfTheLedgerBookReadsAccountsAndTransfersAndDeletingTheBookRemovesThem() throws {
        let people = try LedgerPeople()
        let (store, joon) = (people.store, people.joon)
        let (minaStore, minaLedger) = (people.minaStore, people.minaLedger)
        let joonLedger = people.joonLedger
        let groceries = try LedgerAccountTests.add(minaLedger, "2025-03-01", .expense, "3000", .krw, account: nil)
        let book = try #require(groceries.book)
        #expect(try store.book(book).collection == Ledger.collection)
        let bank = try LedgerAccountTests.make(minaLedger, "Bank", .bank, "10000", .krw)
        let cash = try LedgerAccountTests.make(minaLedger, "Wallet", .cash, "0", .krw)
        #expect(bank.book == book && cash.book == book, "the accounts are in the ledger book of the transactions")
        let moved = try Self.transfer(minaLedger, "2025-03-02", bank, cash, "2500")
        #expect(moved.book == book)
        #expect(try joonLedger.accounts().isEmpty && joonLedger.transfers().isEmpty, "nothing before the book is shared")

        // Sharing the ledger book as viewer: its accounts and transfers are readable, not writable.
        try minaStore.setRole(.viewer, for: joon.id, in: book)
        let defaultCash = Ledger.defaultAccountID(for: .krw, in: book)
        #expect(Set(try joonLedger.accounts().map(\.id)) == [bank.id, cash.id, defaultCash])
        #expect(try joonLedger.transfers().map(\.id) == [moved.id])
        let balances = try joonLedger.accountBalances(on: try Self.day("2025-03-31"))
        #expect(balances.first { $0.account.id == bank.id }?.balance.description == "7500 KRW")
        #expect(balances.first { $0.account.id == defaultCash }?.balance.description == "-3000 KRW")
        let noAccount = #expect(throws: KeepsakeError.self) { try LedgerAccountTests.make(joonLedger, "Mine", .cash, "0", .krw, book: book) }
        #expect(noAccount?.code == .forbidden)
        let noTransfer = #expect(throws: KeepsakeError.self) { try Self.transfer(joonLedger, "2025-03-03", bank, cash, "1") }
        #expect(noTransfer?.code == .forbidden)
        #expect(throws: KeepsakeError.self) { try joonLedger.updateAccount(bank.id, name: "Hacked") }
        #expect(throws: KeepsakeError.self) { try joonLedger.removeTransfer(moved.id) }
        #expect(try minaLedger.account(bank.id).name == "Bank" && minaLedger.transfers().count == 1)

        // Deleting the ledger book removes its accounts and transfers with its transactions.
        try minaStore.deleteBook(book)
        #expect(try minaLedger.accounts().isEmpty && joonLedger.accounts().isEmpty)
        #expect(try minaLedger.transfers().isEmpty)
        #expect(try store.count(Ledger.accountCollection) == 0)
        #expect(try store.recordIfPresent(moved.id) == nil && store.recordIfPresent(bank.id) == nil)
    }
}
