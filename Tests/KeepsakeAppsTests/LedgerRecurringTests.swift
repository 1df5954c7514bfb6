import Foundation
import Testing
import KeepsakeLedger
import KeepsakeStore
import KeepsakeTestSupport

/// Recurring transactions (issue 24): schedules (the 31st, 29 February, end day, count), due
/// occurrences made once (also by two stores at once), skipped and edited occurrences left as the
/// person left them, upcoming ones, refused input that writes nothing, and the roles of the ledger book a rule is in.
@Suite struct LedgerRecurringTests {
    static func day(_ text: String) throws -> LedgerDay { try LedgerDay(parsing: text) }

    static func draft(_ schedule: LedgerRecurringSchedule, start: String, end: String? = nil, count: Int? = nil,
                      amount: String = "1200.00", category: String = "Rent") throws -> LedgerRecurringDraft {
        LedgerRecurringDraft(kind: .expense, amount: try Money(parsing: amount, currency: .usd), category: category, memo: "standing order",
                             schedule: schedule, start: try day(start), end: try end.map(day), count: count)
    }

    static func days(_ rule: LedgerRecurringRule, through: String) throws -> [String] {
        rule.occurrences(through: try day(through)).map(\.string)
    }

    @Test func monthlyOnThe31stFallsOnTheLastDayOfShorterMonths() throws {
        let fixture = try LedgerFixture()
        let rule = try fixture.ledger.createRecurring(try Self.draft(.monthly(day: 31), start: "2025-01-15"))
        #expect(try Self.days(rule, through: "2025-06-30")
                == ["2025-01-31", "2025-02-28", "2025-03-31", "2025-04-30", "2025-05-31", "2025-06-30"])
        let leap = try fixture.ledger.createRecurring(try Self.draft(.monthly(day: 30), start: "2024-02-01"))
        #expect(try Self.days(leap, through: "2024-03-31") == ["2024-02-29", "2024-03-30"])
        #expect(rule.nextDay(onOrAfter: try Self.day("2025-02-01"))?.string == "2025-02-28")
    }

    @Test func weeklyYearlyEndDayAndCount() throws {
        let fixture = try LedgerFixture()
        let weekly = try fixture.ledger.createRecurring(try Self.draft(.weekly(weekday: 1), start: "2025-03-05", end: "2025-03-31"))
        #expect(try Self.days(weekly, through: "2025-12-31") == ["2025-03-10", "2025-03-17", "2025-03-24", "2025-03-31"], "Mondays, through the end day")
        let yearly = try fixture.ledger.createRecurring(try Self.draft(.yearly(month: 2, day: 29), start: "2024-01-01"))
        #expect(try Self.days(yearly, through: "2028-12-31") == ["2024-02-29", "2025-02-28", "2026-02-28", "2027-02-28", "2028-02-29"])
        let counted = try fixture.ledger.createRecurring(try Self.draft(.monthly(day: 1), start: "2025-01-01", count: 3))
        #expect(try Self.days(counted, through: "2026-12-31") == ["2025-01-01", "2025-02-01", "2025-03-01"])
        #expect(counted.nextDay(onOrAfter: try Self.day("2025-03-02")) == nil, "a counted rule ends")
        #expect(counted.occurrences(from: try Self.day("2025-02-01"), through: try Self.day("2026-01-01")).map(\.string) == ["2025-02-01", "2025-03-01"],
                "the count is counted from the start, not from the range")
    }

    @Test func dueOccurrencesAreMadeOnceAndSkippedOrEditedOnesStayAsThePersonLeftThem() throws {
        let fixture = try LedgerFixture()
        let ledger = fixture.ledger
        let rule = try ledger.createRecurring(try Self.draft(.monthly(day: 31), start: "2025-01-01"))
        #expect(try ledger.count() == 0, "nothing before its day")
        let first = try ledger.createDueOccurrences(through: try Self.day("2025-03-15"))
        #expect(first.created.map(\.date.string) == ["2025-01-31", "2025-02-28"])
        #expect(first.created.allSatisfy { $0.amount.description == "1200.00 USD" && $0.category == "Rent" && $0.memo == "standing order" })
        #expect(first.created.first?.id == Ledger.occurrenceID(rule: rule.id, day: try Self.day("2025-01-31")))
        #expect(try ledger.recurringRuleID(of: first.created[0].id) == rule.id)
        #expect(try ledger.recurringRule(rule.id).createdThrough?.string == "2025-02-28")

        let again = try ledger.createDueOccurrences(through: try Self.day("2025-03-15"))
        #expect(again.created.isEmpty && again.alreadyThere == 0, "run twice: made once")
        #expect(try ledger.count() == 2)

        // The person deletes January's (skipped) and edits February's.
        try ledger.delete(first.created[0].id)
        try ledger.update(first.created[1].id, amount: try Money(parsing: "1100.00", currency: .usd), memo: "discount")
        // Even with the rule's progress lost (a server that stopped between the two steps), the
        // trashed occurrence blocks its id.
        try fixture.store.update(rule.id, remove: ["createdThrough"])
        let third = try ledger.createDueOccurrences(through: try Self.day("2025-04-01"))
        #expect(third.created.map(\.date.string) == ["2025-03-31"])
        #expect(third.alreadyThere == 2, "January (in the trash) and February (edited) were there")
        #expect(try ledger.read(first.created[0].id).isTrashed, "the skipped one stays deleted")
        let february = try ledger.read(first.created[1].id)
        #expect(february.amount.description == "1100.00 USD" && february.memo == "discount", "the edited one is kept")

        // Purged from the trash: the rule's progress keeps it from coming back.
        try ledger.purge(first.created[0].id)
        let fourth = try ledger.createDueOccurrences(through: try Self.day("2025-04-01"))
        #expect(fourth.created.isEmpty)
        #expect(try ledger.list().transactions.map(\.date.string) == ["2025-03-31", "2025-02-28"])
    }

    @Test func twoStoresOnOneFolderMakeEachOccurrenceOnce() throws {
        let fixture = try LedgerFixture()
        let rule = try fixture.ledger.createRecurring(try Self.draft(.weekly(weekday: 5), start: "2025-01-01"))
        let other = Ledger(store: try TestStores.open(fixture.directory))
        let ledgers = [fixture.ledger, other]
        let errors = concurrently(2) { index in
            _ = try ledgers[index].createDueOccurrences(through: try Self.day("2025-03-31"))
        }
        #expect(errors.isEmpty)
        let expected = rule.occurrences(through: try Self.day("2025-03-31"))
        #expect(expected.count == 13)
        #expect(try fixture.ledger.count() == expected.count, "each Friday once")
        #expect(try Set(fixture.ledger.list(limit: 100).transactions.map(\.id)) == Set(expected.map { Ledger.occurrenceID(rule: rule.id, day: $0) }))
        #expect(try fixture.ledger.recurringRule(rule.id).createdThrough?.string == "2025-03-28")
    }

    @Test(arguments: StoreBackends.all)
    func serversSharingAStoreOnEveryBackendMakeEachOccurrenceOnce(_ backend: StoreBackend) throws {
        let place = try backend.makePlace("recurring")
        let ledgers = [Ledger(store: try place.open()), Ledger(store: try place.open()), Ledger(store: try place.open())]
        let rule = try ledgers[0].createRecurring(try Self.draft(.monthly(day: 31), start: "2024-01-01"))
        let errors = concurrently(3) { index in
            _ = try ledgers[index].createDueOccurrences(through: try Self.day("2024-12-31"))
        }
        #expect(errors.isEmpty, "\(errors)")
        let days = try ledgers[1].list(limit: 100).transactions.map(\.date.string).sorted()
        #expect(days == ["2024-01-31", "2024-02-29", "2024-03-31", "2024-04-30", "2024-05-31", "2024-06-30",
                         "2024-07-31", "2024-08-31", "2024-09-30", "2024-10-31", "2024-11-30", "2024-12-31"], "each month once")
        #expect(try ledgers[2].recurringRule(rule.id).createdThrough?.string == "2024-12-31")
    }

    @Test func upcomingListsWhatIsNotMadeYet() throws {
        let fixture = try LedgerFixture()
        let ledger = fixture.ledger
        try ledger.createRecurring(try Self.draft(.monthly(day: 10), start: "2025-01-01", category: "Phone"))
        try ledger.createRecurring(try Self.draft(.weekly(weekday: 3), start: "2025-03-01", count: 2, category: "Lessons"))
        try ledger.createDueOccurrences(through: try Self.day("2025-03-10"))
        let upcoming = try ledger.upcomingOccurrences(from: try Self.day("2025-03-01"), through: try Self.day("2025-04-30"))
        #expect(upcoming.map { "\($0.day) \($0.rule.category)" } == ["2025-03-12 Lessons", "2025-04-10 Phone"],
                "made ones (Phone on 10 March, Lessons on 5 March) are not upcoming; the count ends Lessons")
        let later = try ledger.upcomingOccurrences(from: try Self.day("2025-05-01"), through: try Self.day("2025-06-30"))
        #expect(later.map(\.day.string) == ["2025-05-10", "2025-06-10"])
        #expect(throws: KeepsakeError.self) { try ledger.upcomingOccurrences(from: try Self.day("2025-05-01"), through: try Self.day("2025-04-01")) }
    }

    @Test func ruleChangesApplyToLaterOccurrencesAndRemovingStopsThem() throws {
        let fixture = try LedgerFixture()
        let ledger = fixture.ledger
        let rule = try ledger.createRecurring(try Self.draft(.monthly(day: 1), start: "2025-01-01"))
        try ledger.createDueOccurrences(through: try Self.day("2025-01-05"))
        let changed = try ledger.updateRecurring(rule.id, LedgerRecurringEdit(amount: try Money(parsing: "1300.00", currency: .usd)))
        #expect(throws: KeepsakeError.self) { try ledger.updateRecurring(rule.id, LedgerRecurringEdit(category: "x"), expectedVersion: rule.version) }
        try ledger.createDueOccurrences(through: try Self.day("2025-02-05"))
        #expect(try ledger.list().transactions.map(\.amount.description) == ["1300.00 USD", "1200.00 USD"])
        try ledger.removeRecurring(changed.id)
        #expect(try ledger.recurringRules().isEmpty)
        try ledger.createDueOccurrences(through: try Self.day("2025-06-05"))
        #expect(try ledger.count() == 2, "no more occurrences; made ones stay")
    }

    @Test func theScheduleStartEndAndCountChangeAndDaysMadeAreNeverMadeAgain() throws {
        let fixture = try LedgerFixture()
        let ledger = fixture.ledger
        let rule = try ledger.createRecurring(try Self.draft(.monthly(day: 1), start: "2025-01-01", end: "2025-12-31", count: 6))
        try ledger.createDueOccurrences(through: try Self.day("2025-02-10"))
        #expect(try ledger.count() == 2)

        // Monthly on the 1st becomes weekly on Mondays from an earlier start: nothing through
        // 1 February (the last day made) is made again, and the Mondays before it are not filled in.
        let weekly = try ledger.updateRecurring(rule.id, LedgerRecurringEdit(schedule: .weekly(weekday: 1), start: try Self.day("2024-12-01"),
                                                                           removeEnd: true, removeCount: true))
        #expect(weekly.schedule == .weekly(weekday: 1) && weekly.start.string == "2024-12-01" && weekly.end == nil && weekly.count == nil)
        #expect(weekly.createdThrough?.string == "2025-02-01", "the progress stays")
        let record = try fixture.store.record(rule.id)
        #expect(record.fields["day"] == nil && record.fields["end"] == nil && record.fields["count"] == nil, "the old schedule's fields are gone")
        let run = try ledger.createDueOccurrences(through: try Self.day("2025-02-28"))
        #expect(run.created.map(\.date.string) == ["2025-02-03", "2025-02-10", "2025-02-17", "2025-02-24"])

        // A new end and count; both given with their removal is refused.
        let limited = try ledger.updateRecurring(rule.id, LedgerRecurringEdit(end: try Self.day("2025-03-31"), count: 20))
        #expect(limited.end?.string == "2025-03-31" && limited.count == 20)
        for edit in [LedgerRecurringEdit(end: try Self.day("2025-04-30"), removeEnd: true), LedgerRecurringEdit(count: 3, removeCount: true),
                     LedgerRecurringEdit(start: try Self.day("2025-04-01")), LedgerRecurringEdit(schedule: .monthly(day: 32))] {
            #expect(throws: KeepsakeError.self) { try ledger.updateRecurring(rule.id, edit) }
        }
        #expect(try ledger.recurringRule(rule.id).version == limited.version, "refused edits write nothing")
        try ledger.createDueOccurrences(through: try Self.day("2025-12-31"))
        #expect(try ledger.list(month: try LedgerMonth(parsing: "2025-03")).transactions.count == 5, "Mondays of March, through the new end")
        #expect(try ledger.list(month: try LedgerMonth(parsing: "2025-04")).transactions.isEmpty)
    }

    @Test func badInputIsRefusedWithAReasonAndWritesNothing() throws {
        let fixture = try LedgerFixture()
        let ledger = fixture.ledger
        func refused(_ draft: LedgerRecurringDraft, _ words: String) {
            do {
                try ledger.createRecurring(draft)
                Issue.record("accepted: \(words)")
            } catch let error as KeepsakeError {
                #expect(error.code == .invalidArgument)
                #expect(error.message.contains(words), "\(error.message)")
            } catch {
                Issue.record("\(error)")
            }
        }
        refused(try Self.draft(.monthly(day: 0), start: "2025-01-01"), "Day 0")
        refused(try Self.draft(.monthly(day: 32), start: "2025-01-01"), "Day 32")
        refused(try Self.draft(.weekly(weekday: 8), start: "2025-01-01"), "Weekday 8")
        refused(try Self.draft(.yearly(month: 2, day: 30), start: "2025-01-01"), "at most 29 days")
        refused(try Self.draft(.monthly(day: 1), start: "2025-01-01", count: 0), "1 to 10000 occurrences")
        refused(try Self.draft(.monthly(day: 1), start: "2025-03-01", end: "2025-02-01"), "before it starts")
        refused(try Self.draft(.monthly(day: 1), start: "2025-03-01", amount: "0"), "nothing")
        #expect(throws: KeepsakeError.self) {
            try LedgerRecurringDraft(kind: .expense, amount: "12.345", currencyCode: "usd", category: "Rent", memo: "", frequency: "monthly",
                                     day: "1", weekday: "", month: "", start: "2025-01-01", end: "", count: "")
        }
        #expect(throws: KeepsakeError.self) {
            try LedgerRecurringDraft(kind: .expense, amount: "12", currencyCode: "usd", category: "Rent", memo: "", frequency: "daily",
                                     day: "1", weekday: "", month: "", start: "2025-01-01", end: "", count: "")
        }
        let typed = try LedgerRecurringDraft(kind: .income, amount: "3000000", currencyCode: "krw", category: "월급", memo: "", frequency: "weekly",
                                             day: "", weekday: "fri", month: "", start: "2025-01-01", end: "", count: "2")
        #expect(typed.schedule == .weekly(weekday: 5) && typed.count == 2)
        #expect(try ledger.recurringRules().isEmpty)
        #expect(try fixture.store.books(in: Ledger.recurringCollection).isEmpty, "not even a book was made")
        #expect(try fixture.store.books(in: Ledger.collection).isEmpty)
    }

    @Test func aViewerReadsRulesButCannotMakeOrChangeThemAndAStrangerSeesNothing() throws {
        let people = try LedgerPeople()
        let store = people.store, mina = people.mina, joon = people.joon
        let minaLedger = people.minaLedger, joonLedger = people.joonLedger, soraLedger = people.soraLedger
        let fixture = people.fixture
        let rule = try minaLedger.createRecurring(try Self.draft(.monthly(day: 5), start: "2025-01-01"))
        let book = try #require(rule.book)
        #expect(rule.author == mina.id)
        #expect(book == (try store.defaultBook(of: mina.id, in: Ledger.collection)).id, "in her default ledger book")
        #expect(try store.books(in: Ledger.recurringCollection).isEmpty, "no recurring book of its own")
        try store.acting(as: .account(mina.id)).setRole(.viewer, for: joon.id, in: book)

        #expect(try joonLedger.recurringRules().map(\.id) == [rule.id], "a viewer reads it")
        #expect(try joonLedger.upcomingOccurrences(from: try Self.day("2025-01-01"), through: try Self.day("2025-01-31")).count == 1)
        func forbidden(_ body: () throws -> Void) {
            #expect { try body() } throws: { ($0 as? KeepsakeError)?.code == .forbidden }
        }
        forbidden { _ = try joonLedger.updateRecurring(rule.id, LedgerRecurringEdit(category: "Mine")) }
        forbidden { try joonLedger.removeRecurring(rule.id) }
        var draft = try Self.draft(.monthly(day: 5), start: "2025-01-01")
        draft.book = book
        forbidden { _ = try joonLedger.createRecurring(draft) }
        draft.book = try store.defaultBook(of: mina.id, in: "diary").id
        let wrongApp = #expect(throws: KeepsakeError.self) { try minaLedger.createRecurring(draft) }
        #expect(wrongApp?.code == .invalidArgument && wrongApp?.message.contains("ledger") == true, "a diary book is refused")

        #expect(try soraLedger.recurringRules().isEmpty, "a stranger sees nothing")
        #expect { try soraLedger.recurringRule(rule.id) } throws: { ($0 as? KeepsakeError)?.code == .notFound }
        #expect { try soraLedger.removeRecurring(rule.id) } throws: { ($0 as? KeepsakeError)?.code == .notFound }
        #expect(try soraLedger.createDueOccurrences(through: try Self.day("2025-03-31")).created.isEmpty)

        // The operator (the server's tick) makes them in the author's name, in the rule's ledger book.
        let run = try fixture.ledger.createDueOccurrences(through: try Self.day("2025-02-10"))
        #expect(run.created.map(\.date.string) == ["2025-01-05", "2025-02-05"])
        #expect(run.created.allSatisfy { $0.author == mina.id && $0.book == book })
        #expect(try joonLedger.count() == 2, "the viewer of the ledger book reads them")

        // The author loses the ledger book: the rule is reported, not run, and the others run.
        try store.acting(as: .account(mina.id)).setRole(.editor, for: joon.id, in: book)
        var joonDraft = try Self.draft(.monthly(day: 7), start: "2025-03-01", category: "Share")
        joonDraft.book = book
        let joonRule = try joonLedger.createRecurring(joonDraft)
        try store.acting(as: .account(mina.id)).removeMember(joon.id, from: book)
        let later = try fixture.ledger.createDueOccurrences(through: try Self.day("2025-03-10"))
        #expect(later.created.map(\.date.string) == ["2025-03-05"], "mina's rule ran")
        #expect(later.failures.count == 1 && later.failures[0].contains(joonRule.id.string), "\(later.failures)")
    }

    @Test func aRuleLivesInItsLedgerBookReadableByItsViewerAndDeletedWithIt() throws {
        let people = try LedgerPeople()
        let (fixture, store, mina, joon) = (people.fixture, people.store, people.mina, people.joon)
        let (minaStore, minaLedger) = (people.minaStore, people.minaLedger)
        let joonLedger = people.joonLedger
        let household = try minaStore.createBook(collection: Ledger.collection, name: "Household")
        var draft = try Self.draft(.monthly(day: 5), start: "2025-01-01")
        draft.book = household.id
        let rule = try minaLedger.createRecurring(draft)
        let own = try minaLedger.createRecurring(try Self.draft(.monthly(day: 9), start: "2025-01-01", category: "Own"))
        #expect(rule.book == household.id)
        #expect(own.book == (try store.defaultBook(of: mina.id, in: Ledger.collection)).id)
        #expect(try joonLedger.recurringRules().isEmpty, "not shared yet")

        try minaStore.setRole(.viewer, for: joon.id, in: household.id)
        #expect(try joonLedger.recurringRules().map(\.id) == [rule.id], "a viewer of the ledger book reads its rules, not her own book's")
        let change = #expect(throws: KeepsakeError.self) { try joonLedger.updateRecurring(rule.id, LedgerRecurringEdit(category: "Mine")) }
        #expect(change?.code == .forbidden)
        let removal = #expect(throws: KeepsakeError.self) { try joonLedger.removeRecurring(rule.id) }
        #expect(removal?.code == .forbidden)
        let creation = #expect(throws: KeepsakeError.self) { try joonLedger.createRecurring(draft) }
        #expect(creation?.code == .forbidden)
        #expect(try minaLedger.recurringRule(rule.id).category == "Rent", "unchanged")

        // The operator makes the occurrences in the rule's own book, next to it.
        let run = try fixture.ledger.createDueOccurrences(through: try Self.day("2025-01-31"))
        #expect(run.created.filter { $0.category == "Rent" }.allSatisfy { $0.book == household.id } && run.created.count == 2)
        #expect(try joonLedger.count() == 1, "the viewer reads the household's transaction")

        // Deleting the ledger book deletes its rules with its transactions; her own book keeps its rule.
        try minaStore.deleteBook(household.id)
        #expect(throws: KeepsakeError.self) { try minaLedger.recurringRule(rule.id) }
        #expect(try store.count(Ledger.recurringCollection, trash: .all) == 1)
        #expect(try minaLedger.recurringRules().map(\.id) == [own.id])
        #expect(try joonLedger.recurringRules().isEmpty)
        #expect(try fixture.ledger.createDueOccurrences(through: try Self.day("2025-02-28")).failures.isEmpty, "nothing left to fail")
    }
}
