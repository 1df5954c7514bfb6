import Foundation
import Testing
import KeepsakeLedger
import KeepsakeStore
import KeepsakeTestSupport

/// Money accounts (issue 24): made, renamed, listed and removed; balances on a day; the default
/// account of each currency of a ledger book for transactions stored without one; the roles of
/// the ledger book the accounts live in, next to the transactions.
@Suite struct LedgerAccountTests {
    static func day(_ text: String) throws -> LedgerDay { try LedgerDay(parsing: text) }

    @discardableResult
    static func make(_ ledger: Ledger, _ name: String, _ kind: LedgerAccountKind, _ opening: String, _ currency: Currency,
                     book: BookID? = nil) throws -> LedgerAccount {
        try ledger.createAccount(LedgerAccountDraft(name: name, kind: kind, openingBalance: try Money(parsing: opening, currency: currency), book: book))
    }

    @discardableResult
    static func add(_ ledger: Ledger, _ day: String, _ kind: TransactionKind, _ amount: String, _ currency: Currency,
                    account: RecordID?) throws -> LedgerTransaction {
        try ledger.create(LedgerTransactionDraft(date: try Self.day(day), kind: kind, amount: try Money(parsing: amount, currency: currency),
                                                 category: "식비", account: account))
    }

    @Test func accountsAreMadeRenamedListedAndRemoved() throws {
        let fixture = try LedgerFixture()
        let ledger = fixture.ledger
        let bank = try Self.make(ledger, "Shinhan", .bank, "1000000", .krw)
        let card = try ledger.createAccount(LedgerAccountDraft(name: "  Visa  ", kind: .card, openingBalance: Money(minorUnits: -2050, currency: .usd)))
        #expect(card.name == "Visa")
        #expect(card.openingBalance.description == "-20.50 USD")
        let ledgerBook = try fixture.store.defaultBook(of: try #require(try fixture.store.firstAdmin()).id, in: Ledger.collection)
        #expect(bank.book == ledgerBook.id, "in the default ledger book, next to the transactions")
        #expect(try fixture.store.books(in: Ledger.accountCollection).isEmpty, "no book of its own")
        let diaryBook = try fixture.store.createBook(collection: "diary", name: "Notes", owner: try #require(try fixture.store.firstAdmin()).id)
        let notLedger = #expect(throws: KeepsakeError.self) { try Self.make(ledger, "Elsewhere", .cash, "0", .krw, book: diaryBook.id) }
        #expect(notLedger?.code == .invalidArgument)
        #expect(notLedger?.message.contains("ledger book") == true, "\(notLedger?.message ?? "")")
        #expect(try ledger.accounts().map(\.name) == ["Shinhan", "Visa"])

        let renamed = try ledger.updateAccount(bank.id, name: "Shinhan salary", kind: .bank)
        #expect(renamed.name == "Shinhan salary")
        #expect(try ledger.account(bank.id).name == "Shinhan salary")
        let clash = #expect(throws: KeepsakeError.self) { try ledger.updateAccount(card.id, name: "shinhan SALARY") }
        #expect(clash?.code == .conflict)
        let duplicate = #expect(throws: KeepsakeError.self) { try Self.make(ledger, "Visa", .card, "0", .usd) }
        #expect(duplicate?.code == .conflict)
        let stale = #expect(throws: KeepsakeError.self) { try ledger.updateAccount(bank.id, name: "Old", expectedVersion: bank.version) }
        #expect(stale?.code == .conflict)

        for bad in ["", "   ", "two\nlines", String(repeating: "x", count: 51)] {
            let error = #expect(throws: KeepsakeError.self) { try Self.make(ledger, bad, .cash, "0", .krw) }
            #expect(error?.code == .invalidArgument)
        }
        #expect(try ledger.accounts().count == 2, "refused names wrote nothing")

        // In use: refused; unused: removed.
        let coffee = try Self.add(ledger, "2025-03-01", .expense, "4.50", .usd, account: card.id)
        #expect(coffee.account == card.id)
        #expect(try ledger.read(coffee.id).account == card.id)
        let inUse = #expect(throws: KeepsakeError.self) { try ledger.removeAccount(card.id) }
        #expect(inUse?.code == .conflict)
        #expect(inUse?.message.contains("1 transaction") == true)
        try ledger.removeAccount(bank.id)
        #expect(try ledger.accounts().map(\.name) == ["Visa"])
        #expect(throws: KeepsakeError.self) { try ledger.account(bank.id) }

        // A transaction in another currency than its account: refused, nothing stored.
        let before = try ledger.count()
        let wrong = #expect(throws: KeepsakeError.self) { try Self.add(ledger, "2025-03-02", .expense, "1000", .krw, account: card.id) }
        #expect(wrong?.code == .invalidArgument)
        let unknown = #expect(throws: KeepsakeError.self) { try Self.add(ledger, "2025-03-02", .expense, "1000", .krw, account: RecordID()) }
        #expect(unknown?.code == .notFound)
        #expect(try ledger.count() == before)
    }

    @Test func theBalanceOnADayCountsEverythingUpToAndIncludingThatDay() throws {
        let fixture = try LedgerFixture()
        let ledger = fixture.ledger
        let bank = try Self.make(ledger, "Bank", .bank, "100000", .krw)
        try Self.add(ledger, "2025-03-01", .income, "50000", .krw, account: bank.id)
        try Self.add(ledger, "2025-03-05", .expense, "12000", .krw, account: bank.id)
        try Self.add(ledger, "2025-03-06", .expense, "999", .krw, account: bank.id)
        let trashed = try Self.add(ledger, "2025-03-02", .expense, "7777", .krw, account: bank.id)
        try ledger.delete(trashed.id)
        #expect(try ledger.balance(of: bank.id, on: try Self.day("2025-02-28")).description == "100000 KRW")
        #expect(try ledger.balance(of: bank.id, on: try Self.day("2025-03-01")).description == "150000 KRW")
        #expect(try ledger.balance(of: bank.id, on: try Self.day("2025-03-05")).description == "138000 KRW", "the day itself counts")
        #expect(try ledger.balance(of: bank.id, on: try Self.day("2025-12-31")).description == "137001 KRW")

        // The month view filters by account.
        try Self.add(ledger, "2025-03-07", .expense, "3000", .krw, account: nil)
        let month = try LedgerMonth(parsing: "2025-03")
        #expect(try ledger.list(month: month, account: bank.id).transactions.count == 3)
        #expect(try ledger.list(month: month).transactions.count == 4)
    }

    @Test func oldTransactionsBelongToTheDefaultAccountOfTheirCurrency() throws {
        let fixture = try LedgerFixture()
        let ledger = fixture.ledger
        // Transactions stored before accounts: no account field at all.
        try fixture.add("2025-03-01", .expense, "8000", .krw, "식비")
        try fixture.add("2025-03-02", .income, "30000", .krw, "용돈")
        let coffee = try fixture.add("2025-03-02", .expense, "3.25", .usd, "Coffee")
        #expect(coffee.account == nil)
        #expect(try fixture.store.count(Ledger.accountCollection) == 0, "nothing is written by reading")

        let accounts = try ledger.accounts()
        #expect(accounts.map(\.name) == ["Cash KRW", "Cash USD"])
        #expect(accounts.allSatisfy { $0.isDefault && !$0.isStored && $0.kind == .cash })
        let won = accounts[0]
        let balances = try ledger.accountBalances(on: try Self.day("2025-03-31"))
        #expect(balances.map(\.balance.description) == ["22000 KRW", "-3.25 USD"])
        #expect(try ledger.list(month: try LedgerMonth(parsing: "2025-03"), account: won.id).transactions.count == 2)

        // Naming the default account stores it, in the same id; old transactions stay in it.
        try Self.add(ledger, "2025-03-03", .expense, "2000", .krw, account: won.id)
        let stored = try ledger.account(won.id)
        #expect(stored.isStored && stored.isDefault && stored.name == "Cash KRW")
        #expect(try fixture.store.count(Ledger.accountCollection) == 1)
        #expect(try ledger.balance(of: won.id, on: try Self.day("2025-03-31")).description == "20000 KRW")
        #expect(try ledger.accounts().count == 2, "still one per currency")
        let inUse = #expect(throws: KeepsakeError.self) { try ledger.removeAccount(won.id) }
        #expect(inUse?.message.contains("3 transactions") == true)
    }

    @Test func aViewerReadsButCannotMakeAnAccountAndAStrangerSeesNothing() throws {
        let people = try LedgerPeople()
        let store = people.store, mina = people.mina, joon = people.joon
        let minaLedger = people.minaLedger, joonLedger = people.joonLedger, soraLedger = people.soraLedger
        let bank = try Self.make(minaLedger, "Bank", .bank, "1000", .krw)
        let book = try #require(bank.book)
        try store.acting(as: .account(mina.id)).setRole(.viewer, for: joon.id, in: book)

        #expect(try joonLedger.accounts().map(\.id) == [bank.id], "a viewer reads it")
        let forbidden = #expect(throws: KeepsakeError.self) { try Self.make(joonLedger, "Mine", .cash, "0", .krw, book: book) }
        #expect(forbidden?.code == .forbidden)
        #expect(throws: KeepsakeError.self) { try joonLedger.updateAccount(bank.id, name: "Hacked") }
        #expect(throws: KeepsakeError.self) { try joonLedger.removeAccount(bank.id) }
        #expect(try minaLedger.account(bank.id).name == "Bank")

        #expect(try soraLedger.accounts().isEmpty, "a stranger sees nothing")
        let hidden = #expect(throws: KeepsakeError.self) { try soraLedger.account(bank.id) }
        #expect(hidden?.code == .notFound)
        #expect(throws: KeepsakeError.self) { try soraLedger.removeAccount(bank.id) }
        let stranger = #expect(throws: KeepsakeError.self) { try Self.make(soraLedger, "Mine", .cash, "0", .krw, book: book) }
        #expect(stranger?.code == .notFound)
        #expect(try minaLedger.accounts().count == 1)
    }

    @Test func aTransactionAndItsAccountAreInOneLedgerBook() throws {
        let fixture = try LedgerFixture()
        let ledger = fixture.ledger
        let admin = try #require(try fixture.store.firstAdmin()).id
        let travel = try fixture.store.createBook(collection: Ledger.collection, name: "Travel", owner: admin)
        let home = try Self.make(ledger, "Home bank", .bank, "0", .krw)
        let away = try Self.make(ledger, "Travel wallet", .cash, "0", .krw, book: travel.id)
        #expect(away.book == travel.id)

        // Without a book the transaction goes to its account's book.
        let spent = try Self.add(ledger, "2025-03-01", .expense, "1000", .krw, account: away.id)
        #expect(spent.book == travel.id)
        // Naming another book than its account's: refused with the reason, nothing stored.
        let before = try ledger.count()
        let other = #expect(throws: KeepsakeError.self) {
            try ledger.create(LedgerTransactionDraft(date: try Self.day("2025-03-02"), kind: .expense, amount: try Money(parsing: "500", currency: .krw),
                                                     category: "식비", book: travel.id, account: home.id))
        }
        #expect(other?.code == .invalidArgument)
        #expect(other?.message.contains("another ledger book") == true, "\(other?.message ?? "")")
        let moved = #expect(throws: KeepsakeError.self) { try ledger.update(spent.id, LedgerEdit(account: home.id), expectedVersion: nil) }
        #expect(moved?.code == .invalidArgument)
        #expect(try ledger.count() == before)
        #expect(try ledger.read(spent.id).account == away.id)
        // Moving it to another book than its account's is refused; without an account it may go.
        let move = #expect(throws: KeepsakeError.self) { try ledger.checkMove(spent.id, to: try #require(home.book)) }
        #expect(move?.code == .invalidArgument)
        try ledger.checkMove(spent.id, to: travel.id)
        let loose = try Self.add(ledger, "2025-03-03", .expense, "700", .krw, account: nil)
        try ledger.checkMove(loose.id, to: travel.id)
    }

    @Test func theDefaultAccountIsTheLedgerBooksForEveryMember() throws {
        let fixture = try LedgerFixture()
        let store = fixture.store
        let mina = try store.createAccount(AccountDraft(login: try LoginName("mina")))
        let joon = try store.createAccount(AccountDraft(login: try LoginName("joon")))
        let minaLedger = Ledger(store: store.acting(as: .account(mina.id)))
        let joonLedger = Ledger(store: store.acting(as: .account(joon.id)))
        let lunch = try Self.add(minaLedger, "2025-03-01", .expense, "9000", .krw, account: nil)
        let book = try #require(lunch.book)
        try store.acting(as: .account(mina.id)).setRole(.editor, for: joon.id, in: book)
        try Self.add(joonLedger, "2025-03-02", .expense, "1000", .krw, account: nil)   // joon's own ledger book

        // One Cash KRW of mina's book, the same id for both; joon's own book has its own.
        let expected = Ledger.defaultAccountID(for: .krw, in: book)
        let minaCash = try minaLedger.accounts()
        #expect(minaCash.map(\.id) == [expected])
        let joonCash = try joonLedger.accounts()
        #expect(joonCash.count == 2)
        #expect(joonCash.contains { $0.id == expected && $0.book == book })
        #expect(joonCash.allSatisfy { $0.name == "Cash KRW" })
        let shared = try #require(try joonLedger.accountBalances(on: try Self.day("2025-03-31")).first { $0.account.id == expected })
        #expect(shared.balance.description == "-9000 KRW", "mina's unassigned lunch is under the book's Cash, not joon's own")
        #expect(try joonLedger.list(month: try LedgerMonth(parsing: "2025-03"), account: expected).transactions.map(\.id) == [lunch.id])
    }
}
