import Foundation
import Testing
import KeepsakeLedger
import KeepsakeStore
import KeepsakeTestSupport

/// Budgets (issue 24): a monthly amount per category and currency, spent against it, carry-over,
/// refused input that writes nothing, and the roles of the ledger book a budget lives in.
@Suite struct LedgerBudgetTests {
    static func month(_ text: String) throws -> LedgerMonth { try LedgerMonth(parsing: text) }

    @discardableResult
    static func set(_ ledger: Ledger, _ month: String, _ amount: String, _ currency: Currency, _ category: String,
                    carryOver: Bool = false, book: BookID? = nil) throws -> LedgerBudget {
        try ledger.setBudget(LedgerBudgetDraft(typedMonth: month, amount: amount, currencyCode: currency.code, category: category,
                                               carryOver: carryOver, book: book))
    }

    /// The report's line of `category` in `currency`.
    static func line(_ lines: [LedgerBudgetLine], _ category: String, _ currency: Currency) -> LedgerBudgetLine? {
        lines.first { $0.budget.category == category && $0.budget.currency == currency }
    }

    @Test func theMonthReportShowsBudgetSpentAndLeftPerCategoryAndCurrency() throws {
        let fixture = try LedgerFixture()
        let ledger = fixture.ledger
        try Self.set(ledger, "2025-03", "300000", .krw, "식비")
        try Self.set(ledger, "2025-03", "50.00", .usd, "Coffee")
        try Self.set(ledger, "2025-03", "10000", .krw, "Coffee")
        try fixture.add("2025-03-02", .expense, "120000", .krw, "식비")
        try fixture.add("2025-03-20", .expense, "30500", .krw, "식비")
        try fixture.add("2025-03-21", .income, "100000", .krw, "식비")      // income does not reduce spending
        try fixture.add("2025-02-28", .expense, "99999", .krw, "식비")      // another month
        try fixture.add("2025-03-09", .expense, "3.50", .usd, "Coffee")
        try fixture.add("2025-03-10", .expense, "60.25", .usd, "Coffee")
        let trashed = try fixture.add("2025-03-11", .expense, "1.00", .usd, "Coffee")
        try ledger.delete(trashed.id)                                        // not counted
        try fixture.add("2025-03-12", .expense, "5.00", .usd, "Books")      // no budget: no line

        let lines = try ledger.budgetReport(for: try Self.month("2025-03"))
        #expect(lines.map { "\($0.budget.currency) \($0.budget.category)" } == ["KRW Coffee", "KRW 식비", "USD Coffee"])
        let food = try #require(Self.line(lines, "식비", .krw))
        #expect(food.budget.amount.description == "300000 KRW")
        #expect(food.spent.description == "150500 KRW")
        #expect(food.carried.description == "0 KRW")
        #expect(food.left.description == "149500 KRW")
        #expect(!food.isOver)
        let coffee = try #require(Self.line(lines, "Coffee", .usd))
        #expect(coffee.spent.description == "63.75 USD")
        #expect(coffee.left.description == "-13.75 USD")
        #expect(coffee.isOver)
        let wonCoffee = try #require(Self.line(lines, "Coffee", .krw))
        #expect(wonCoffee.spent.description == "0 KRW", "currencies are never mixed")
        #expect(wonCoffee.left.description == "10000 KRW")

        // A budget applies from its month on, until a later one replaces it; zero ends it.
        #expect(try ledger.budgetReport(for: try Self.month("2025-02")).isEmpty, "before its month: no budget")
        #expect(try Self.line(ledger.budgetReport(for: try Self.month("2025-07")), "식비", .krw)?.budget.amount.description == "300000 KRW")
        try Self.set(ledger, "2025-05", "250000", .krw, "식비")
        try Self.set(ledger, "2025-06", "0", .usd, "Coffee")
        let june = try ledger.budgetReport(for: try Self.month("2025-06"))
        #expect(Self.line(june, "식비", .krw)?.budget.amount.description == "250000 KRW")
        #expect(Self.line(june, "Coffee", .usd) == nil, "ended by a budget of zero")
        #expect(Self.line(try ledger.budgetReport(for: try Self.month("2025-04")), "식비", .krw)?.budget.amount.description == "300000 KRW")
        #expect(try ledger.budgets(in: try Self.month("2025-06")).map(\.category) == ["Coffee", "식비"])
        #expect(try ledger.budgets().count == 5)
    }

    @Test func theRestCarriesOverToTheNextMonthAndAnOverspendReducesIt() throws {
        let fixture = try LedgerFixture()
        let ledger = fixture.ledger
        try Self.set(ledger, "2025-01", "100.00", .usd, "Food", carryOver: true)
        try Self.set(ledger, "2025-01", "100.00", .usd, "Fun")              // no carry-over
        try fixture.add("2025-01-10", .expense, "70.00", .usd, "Food")
        try fixture.add("2025-01-11", .expense, "70.00", .usd, "Fun")
        try fixture.add("2025-02-10", .expense, "150.00", .usd, "Food")
        try fixture.add("2025-03-01", .expense, "10.00", .usd, "Food")

        let february = try ledger.budgetReport(for: try Self.month("2025-02"))
        let food = try #require(Self.line(february, "Food", .usd))
        #expect(food.carried.description == "30.00 USD", "January's rest")
        #expect(food.left.description == "-20.00 USD")
        #expect(Self.line(february, "Fun", .usd)?.carried.description == "0.00 USD")
        let march = try #require(Self.line(ledger.budgetReport(for: try Self.month("2025-03")), "Food", .usd))
        #expect(march.carried.description == "-20.00 USD", "February's overspend")
        #expect(march.left.description == "70.00 USD")

        // A month whose budget does not carry over breaks the chain: its rest stays there.
        try Self.set(ledger, "2025-02", "100.00", .usd, "Food", carryOver: false)
        let after = try #require(Self.line(ledger.budgetReport(for: try Self.month("2025-03")), "Food", .usd))
        #expect(after.carried.description == "0.00 USD")
        #expect(after.budget.carryOver == false)
        #expect(try #require(Self.line(ledger.budgetReport(for: try Self.month("2025-02")), "Food", .usd)).carried.description == "30.00 USD",
                "January still carries into February")
    }

    @Test func settingTheSameBudgetAgainChangesItAndRemovingItBringsBackTheEarlierOne() throws {
        let fixture = try LedgerFixture()
        let ledger = fixture.ledger
        let first = try Self.set(ledger, "2025-01", "100", .krw, "식비")
        let again = try Self.set(ledger, "2025-01", " 200 ", .krw, " 식비 ", carryOver: true)
        #expect(again.id == first.id, "one budget per book, category, currency and month")
        #expect(again.amount.description == "200 KRW" && again.carryOver && again.version == first.version + 1)
        #expect(try fixture.store.count(Ledger.budgetCollection) == 1)
        let later = try Self.set(ledger, "2025-04", "300", .krw, "식비")
        #expect(try ledger.budgets(in: try Self.month("2025-05")).map(\.amount.description) == ["300 KRW"])
        try ledger.removeBudget(later.id)
        #expect(try ledger.budgets(in: try Self.month("2025-05")).map(\.amount.description) == ["200 KRW"])
        #expect(throws: KeepsakeError.self) { try ledger.budget(later.id) }
        #expect(throws: KeepsakeError.self) { try ledger.removeBudget(later.id) }
    }

    @Test func aBudgetThatCameUnderAnotherIdIsChangedNotDoubled() throws {
        let fixture = try LedgerFixture()
        let first = try Self.set(fixture.ledger, "2025-01", "100", .krw, "식비")
        // As an archive from another store brings it: the same fields, another id, in this book.
        let imported = try fixture.store.create(RecordDraft(collection: Ledger.budgetCollection, date: try Self.month("2025-02").firstDay.startDate,
                                                            fields: ["category": .string("식비"), "amount": .integer(500), "currency": .string("KRW"),
                                                                     "month": .string("2025-02"), "carryOver": .bool(false)], book: first.book))
        let set = try Self.set(fixture.ledger, "2025-02", "700", .krw, "식비")
        #expect(set.id == imported.id && set.amount.description == "700 KRW")
        #expect(try fixture.store.count(Ledger.budgetCollection) == 2)
        #expect(try fixture.ledger.budgets(in: try Self.month("2025-03")).map(\.amount.description) == ["700 KRW"])
    }

    @Test func aBudgetWithMoreDecimalsThanItsCurrencyIsRefusedAndNothingIsWritten() throws {
        let fixture = try LedgerFixture()
        let ledger = fixture.ledger
        let booksBefore = try fixture.store.books().count
        for (amount, currency, reason) in [("12.345", Currency.usd, "at most 2 decimal places"), ("100.5", .krw, "whole numbers"),
                                           ("1.0005", .bhd, "at most 3 decimal places"), ("-5", .usd, "never negative"),
                                           ("1,000", .krw, "grouping separators")] {
            let error = #expect(throws: KeepsakeError.self) { try Self.set(ledger, "2025-03", amount, currency, "Food") }
            #expect(error?.code == .invalidArgument)
            #expect(error?.message.contains(reason) == true, "\(amount) \(currency): \(error?.message ?? "")")
        }
        let negative = #expect(throws: KeepsakeError.self) {
            try ledger.setBudget(LedgerBudgetDraft(category: "Food", amount: Money(minorUnits: -1, currency: .usd), month: try Self.month("2025-03")))
        }
        #expect(negative?.code == .invalidArgument)
        let emptyCategory = #expect(throws: KeepsakeError.self) { try Self.set(ledger, "2025-03", "1", .usd, "  ") }
        #expect(emptyCategory?.code == .invalidArgument)
        #expect(try fixture.store.count(Ledger.budgetCollection, trash: .all) == 0, "nothing written")
        #expect(try fixture.store.books().count == booksBefore, "not even the ledger book")
        let diaryBook = try fixture.store.defaultBook(of: try #require(try fixture.store.firstAdmin()).id, in: "diary")
        let wrongBook = #expect(throws: KeepsakeError.self) { try Self.set(ledger, "2025-03", "1", .usd, "Food", book: diaryBook.id) }
        #expect(wrongBook?.code == .invalidArgument)
        #expect(wrongBook?.message.contains("ledger book") == true, "\(wrongBook?.message ?? "")")
        #expect(try fixture.store.count(Ledger.budgetCollection, trash: .all) == 0)
    }

    @Test func aViewerReadsButCannotSetAndAStrangerSeesNothing() throws {
        let people = try LedgerPeople()
        let store = people.store, mina = people.mina, joon = people.joon
        let minaLedger = people.minaLedger, joonLedger = people.joonLedger, soraLedger = people.soraLedger
        let budget = try Self.set(minaLedger, "2025-03", "300000", .krw, "식비")
        let book = try #require(budget.book)
        #expect(try store.book(book).collection == Ledger.collection, "in Mina's own ledger book")
        #expect(try store.books(in: Ledger.budgetCollection).isEmpty, "no budget book of its own")
        try store.acting(as: .account(mina.id)).setRole(.viewer, for: joon.id, in: book)
        try Ledger(store: store.acting(as: .account(mina.id))).create(LedgerTransactionDraft(
            date: try LedgerDay(parsing: "2025-03-03"), kind: .expense, amount: try Money(parsing: "1000", currency: .krw), category: "식비"))

        #expect(try joonLedger.budgets().map(\.id) == [budget.id], "a viewer reads it")
        #expect(try joonLedger.budgetReport(for: try Self.month("2025-03")).map(\.budget.id) == [budget.id])
        let forbidden = #expect(throws: KeepsakeError.self) { try Self.set(joonLedger, "2025-03", "1", .krw, "식비", book: book) }
        #expect(forbidden?.code == .forbidden)
        let newMonth = #expect(throws: KeepsakeError.self) { try Self.set(joonLedger, "2025-04", "1", .krw, "식비", book: book) }
        #expect(newMonth?.code == .forbidden)
        #expect(throws: KeepsakeError.self) { try joonLedger.removeBudget(budget.id) }
        #expect(try minaLedger.budget(budget.id).amount.description == "300000 KRW", "unchanged")

        #expect(try soraLedger.budgets().isEmpty, "a stranger sees nothing")
        #expect(try soraLedger.budgetReport(for: try Self.month("2025-03")).isEmpty)
        #expect(throws: KeepsakeError.self) { try soraLedger.budget(budget.id) }
        let hidden = #expect(throws: KeepsakeError.self) { try Self.set(soraLedger, "2025-03", "1", .krw, "식비", book: book) }
        #expect(hidden?.code == .notFound)
        let removal = #expect(throws: KeepsakeError.self) { try soraLedger.removeBudget(budget.id) }
        #expect(removal?.code == .notFound)

        // As an editor Joon changes it.
        try store.acting(as: .account(mina.id)).setRole(.editor, for: joon.id, in: book)
        #expect(try Self.set(joonLedger, "2025-03", "250000", .krw, "식비", book: book).id == budget.id)
        #expect(try minaLedger.budget(budget.id).amount.description == "250000 KRW")
    }

    @Test func aBudgetLivesInTheLedgerBookOfItsTransactionsSharedAndDeletedWithIt() throws {
        let people = try LedgerPeople()
        let (store, joon) = (people.store, people.joon)
        let (minaStore, minaLedger) = (people.minaStore, people.minaLedger)
        var joonLedger = people.joonLedger
        // Her first transaction and her first budget go to the same book: her default ledger book.
        let coffee = try minaLedger.create(LedgerTransactionDraft(date: try LedgerDay(parsing: "2025-03-03"), kind: .expense,
                                                                  amount: try Money(parsing: "4.00", currency: .usd), category: "Coffee"))
        let own = try #require(coffee.book)
        let budget = try Self.set(minaLedger, "2025-03", "20.00", .usd, "Coffee")
        #expect(budget.book == own)
        // A shared household book: the budget set there budgets that book's expenses only.
        let household = try minaStore.createBook(collection: Ledger.collection, name: "Household")
        try minaLedger.create(LedgerTransactionDraft(date: try LedgerDay(parsing: "2025-03-04"), kind: .expense,
                                                     amount: try Money(parsing: "9.00", currency: .usd), category: "Coffee", book: household.id))
        let shared = try Self.set(minaLedger, "2025-03", "30.00", .usd, "Coffee", book: household.id)
        #expect(shared.book == household.id && shared.id != budget.id, "one budget per book")
        let lines = try minaLedger.budgetReport(for: try Self.month("2025-03"))
        #expect(lines.first { $0.budget.book == own }?.spent.description == "4.00 USD", "only her own book's expenses")
        #expect(lines.first { $0.budget.book == household.id }?.spent.description == "9.00 USD", "only the household's expenses")

        #expect(try joonLedger.budgets().isEmpty, "not shared yet")
        try minaStore.setRole(.viewer, for: joon.id, in: household.id)
        #expect(try joonLedger.budgets().map(\.id) == [shared.id], "a viewer of the ledger book reads its budgets, not her own book's")
        #expect(try joonLedger.budgetReport(for: try Self.month("2025-03")).map(\.left.description) == ["21.00 USD"])
        joonLedger.books = [household.id]
        #expect(try joonLedger.budgets(in: try Self.month("2025-04")).map(\.id) == [shared.id], "the ledger's book filter narrows budgets too")
        let change = #expect(throws: KeepsakeError.self) { try Self.set(joonLedger, "2025-03", "1.00", .usd, "Coffee", book: household.id) }
        #expect(change?.code == .forbidden)
        let removal = #expect(throws: KeepsakeError.self) { try joonLedger.removeBudget(shared.id) }
        #expect(removal?.code == .forbidden)
        #expect(try minaLedger.budget(shared.id).amount.description == "30.00 USD", "unchanged")

        // Deleting the ledger book deletes its budgets with its transactions; her own book keeps its budget.
        try minaStore.deleteBook(household.id)
        #expect(throws: KeepsakeError.self) { try minaLedger.budget(shared.id) }
        #expect(try store.count(Ledger.budgetCollection, trash: .all) == 1)
        #expect(try minaLedger.budgets().map(\.id) == [budget.id])
        #expect(try Ledger(store: store.acting(as: .account(joon.id))).budgets().isEmpty)
    }
}
