import Foundation
import KeepsakeLedger
import KeepsakeStore
import KeepsakeTestSupport
@testable import KeepsakeWeb
import Testing

/// Budgets on the ledger's month page (a budget set through the form, spent and left against it,
/// carry-over, a refused amount, removal, Korean) and through the JSON API.
@Suite struct LedgerBudgetWebTests {
    @Test func aBudgetSetThroughTheFormShowsSpentAndLeftOnTheMonthPage() async throws {
        let fixture = try WebFixture()
        for (day, amount, category) in [("2026-03-02", "120000", "식비"), ("2026-03-20", "30000", "식비"), ("2026-03-21", "8000", "교통")] {
            let added = try await fixture.post("/ledger/new", fields: ["date=\(day)", "kind=expense", "amount=\(amount)", "currency=KRW", "category=\(category)"])
            try #require(added.status == 303, "\(added.text)")
        }
        let empty = try await fixture.get("/ledger?month=2026-03")
        #expect(empty.text.contains("action=\"/ledger/budgets\""), "the form is there")
        #expect(!empty.text.contains("budget-line"), "no budgets yet")

        let set = try await fixture.post("/ledger/budgets", fields: ["month=2026-03", "category=식비", "amount=100000", "currency=KRW", "carryOver=1"])
        #expect(set.status == 303, "\(set.text)")
        #expect(set.header("Location") == "/ledger?month=2026-03#budgets")
        _ = try await fixture.post("/ledger/budgets", fields: ["month=2026-03", "category=교통", "amount=50000", "currency=KRW"])
        let march = try await fixture.get("/ledger?month=2026-03")
        let food = try #require(Self.row(march.text, category: "식비"))
        #expect(food.contains("budget-line over"), "\(food)")
        #expect(food.contains("100,000 KRW") && food.contains("150,000 KRW"), "budget and spent: \(food)")
        #expect(food.contains("over by 50,000 KRW"), "\(food)")
        let transport = try #require(Self.row(march.text, category: "교통"))
        #expect(!transport.contains("over") && transport.contains("42,000 KRW"), "left: \(transport)")

        // April: March's overspend carries over; the budget shows since when it applies.
        let april = try await fixture.get("/ledger?month=2026-04")
        let aprilFood = try #require(Self.row(april.text, category: "식비"))
        #expect(aprilFood.contains("-50,000 KRW") && aprilFood.contains("since 2026-03"), "carried: \(aprilFood)")
        #expect(aprilFood.contains("class=\"amount left\">50,000 KRW"), "\(aprilFood)")

        // More decimals than the won has: refused, the form back as typed, nothing written.
        let bad = try await fixture.post("/ledger/budgets", fields: ["month=2026-03", "category=Coffee", "amount=100.5", "currency=KRW"])
        #expect(bad.status == 400)
        #expect(bad.text.contains("role=\"alert\"") && bad.text.contains("value=\"100.5\"") && bad.text.contains("whole numbers"), "\(bad.text.prefix(3000))")
        #expect(try fixture.store.count(Ledger.budgetCollection) == 2)

        // In Korean.
        _ = try await fixture.get("/lang/ko?back=%2Fledger")
        let korean = try await fixture.get("/ledger?month=2026-03")
        #expect(korean.text.contains("예산") && korean.text.contains("50,000 KRW 초과"), "\(korean.text.prefix(200))")

        // Removing the 교통 budget.
        let id = try #require(try Ledger(store: fixture.store).budgets().first { $0.category == "교통" }?.id)
        let removed = try await fixture.post("/ledger/budgets/\(id.string)/remove", fields: ["month=2026-03"])
        #expect(removed.status == 303)
        #expect(Self.row(try await fixture.get("/ledger?month=2026-03").text, category: "교통") == nil)
        #expect(try fixture.store.count(Ledger.budgetCollection) == 1)
    }

    @Test func theAPISetsListsReportsAndRemovesBudgets() async throws {
        let api = try APIFixture()
        let json = ["-H", "Content-Type: application/json", "--data-binary"]
        _ = try await api.call("/ledger/transactions", ["-H", "Idempotency-Key: \(UUID().uuidString)"] + json
                               + [#"{"date":"2026-05-03","kind":"expense","amount":"12.25","currency":"USD","category":"Coffee"}"#])
        let put = try await api.call("/ledger/budgets", ["-X", "PUT"] + json + [#"{"month":"2026-05","category":"Coffee","amount":"20.00","currency":"USD","carryOver":true}"#])
        #expect(put.status == 200, "\(put.text)")
        let budget = try APIFixture.object(put)
        #expect(budget["amount"] as? String == "20.00" && budget["minorUnits"] as? Int == 2000 && budget["carryOver"] as? Bool == true)
        let id = try #require(budget["id"] as? String)
        let again = try await api.call("/ledger/budgets", ["-X", "PUT"] + json + [#"{"month":"2026-05","category":"Coffee","amount":"25","currency":"USD"}"#])
        #expect(try APIFixture.object(again)["id"] as? String == id, "the same budget, changed")

        let changes = try APIFixture.object(try await api.call("/changes"))
        let change = try #require((changes["changes"] as? [[String: Any]])?.first { $0["collection"] as? String == Ledger.budgetCollection.name })
        #expect((change["record"] as? [String: Any])?["amount"] as? String == "25.00", "the change feed carries the budget: \(change)")
        let report = try APIFixture.object(try await api.call("/ledger/budgets/report?month=2026-05"))
        let line = try #require((report["lines"] as? [[String: Any]])?.first)
        #expect(line["spent"] as? String == "12.25" && line["left"] as? String == "12.75" && line["carried"] as? String == "0.00" && line["over"] as? Bool == false)
        let list = try APIFixture.object(try await api.call("/ledger/budgets?month=2026-07"))
        #expect((list["items"] as? [[String: Any]])?.map { $0["id"] as? String } == [id], "in effect from its month on")

        let bad = try await api.call("/ledger/budgets", ["-X", "PUT"] + json + [#"{"month":"2026-05","category":"Tea","amount":"1.005","currency":"USD"}"#])
        #expect(bad.status == 400 && bad.text.contains("decimal place"), "\(bad.text)")
        let noMonth = try await api.call("/ledger/budgets/report")
        #expect(noMonth.status == 400)
        let read = try await api.call("/ledger/budgets/\(id)")
        #expect(read.status == 200 && read.header("ETag") == "\"v2\"", "\(read.text)")
        let stale = try await api.call("/ledger/budgets/\(id)", ["-X", "DELETE", "-H", #"If-Match: "v1""#])
        #expect(stale.status == 412, "\(stale.text)")
        let gone = try await api.call("/ledger/budgets/\(id)", ["-X", "DELETE", "-H", #"If-Match: "v2""#])
        #expect(gone.status == 204, "\(gone.text)")
        #expect(try await api.call("/ledger/budgets/\(id)").status == 404)
        #expect(try api.web.store.count(Ledger.budgetCollection) == 0)
    }

    @Test func theBudgetsOfASharedLedgerBookFollowItsMembersRoles() async throws {
        let people = try AccountsWebTests.TwoPeople()
        let mina = people.web.store.acting(as: .account(people.mina.id))
        let book = try mina.createBook(collection: Ledger.collection, name: "Household")
        try mina.setRole(.viewer, for: people.joon.id, in: book.id)
        let json = ["-H", "Content-Type: application/json", "--data-binary"]
        let set = try await people.call("/ledger/budgets", ["-X", "PUT"] + json
                                        + [#"{"month":"2026-05","category":"Food","amount":"300000","currency":"KRW","book":"\#(book.id)"}"#], token: people.minaToken)
        #expect(set.status == 200, "\(set.text)")
        let id = try #require(try APIFixture.object(set)["id"] as? String)
        #expect(try APIFixture.object(set)["book"] as? String == book.id.string)

        // Joon, a viewer, reads it but may not change or remove it.
        #expect(try await people.call("/ledger/budgets", token: people.joonToken).text.contains(id))
        let change = try await people.call("/ledger/budgets", ["-X", "PUT"] + json
                                           + [#"{"month":"2026-05","category":"Food","amount":"1","currency":"KRW","book":"\#(book.id)"}"#], token: people.joonToken)
        #expect(change.status == 403, "\(change.text)")
        #expect(try await people.call("/ledger/budgets/\(id)", ["-X", "DELETE"], token: people.joonToken).status == 403)
        let jar = people.web.directory.appending("joon.txt").path
        let login = try await AccountsWebTests.logIn(people.web, "joon", "joon's long password", jar: jar)
        try #require(login.status == 303, "\(login.text)")
        let page = try await curl(["-b", jar, "-c", jar, people.web.url("/ledger?month=2026-06")])
        let row = try #require(Self.row(page.text, category: "Food"), "Joon's month page shows the shared budget")
        #expect(row.contains("300,000 KRW") && row.contains("since 2026-05"), "\(row)")
        let token = try #require(page.csrfToken)
        let remove = try await curl(["-b", jar, "-c", jar, "-F", "_csrf=\(token)", "-F", "month=2026-06", people.web.url("/ledger/budgets/\(id)/remove")])
        #expect(remove.status == 403, "\(remove.text.prefix(300))")
        #expect(try Ledger(store: people.web.store).budget(try RecordID(parsing: id)).amount.description == "300000 KRW", "unchanged")

        // Mina's own ledger book has a budget of its own; the month page's book switcher narrows the
        // budgets to the book chosen, and the form offers her ledger books, the chosen one first.
        let own = try Ledger(store: mina).setBudget(LedgerBudgetDraft(typedMonth: "2026-05", amount: "5000", currencyCode: "KRW", category: "Fun"))
        #expect(try mina.book(try #require(own.book)).collection == Ledger.collection)
        let minaJar = people.web.directory.appending("mina.txt").path
        _ = try await AccountsWebTests.logIn(people.web, "mina", "mina's long password", jar: minaJar)
        let every = try await curl(["-b", minaJar, "-c", minaJar, people.web.url("/ledger?month=2026-06&book=all")])
        #expect(Self.row(every.text, category: "Food") != nil && Self.row(every.text, category: "Fun") != nil, "every book: both budgets")
        let household = try await curl(["-b", minaJar, "-c", minaJar, people.web.url("/ledger?month=2026-06&book=\(book.id)")])
        #expect(Self.row(household.text, category: "Food") != nil && Self.row(household.text, category: "Fun") == nil, "one book: its budgets only")
        let form = try #require(household.text.range(of: "action=\"/ledger/budgets\"").map { String(household.text[$0.lowerBound...]) })
        #expect(form.contains("<option value=\"\(book.id)\" selected>Household</option>"), "the budget form writes to the book shown")
        // Joon reads only the shared book's budget, and the Books page has no budget books.
        #expect(!(try await people.call("/ledger/budgets", token: people.joonToken).text.contains(own.id.string)))
        #expect(!(try await people.call("/me", token: people.joonToken).text.contains("ledger-budget")), "no budget books")
        let books = try await curl(["-b", minaJar, "-c", minaJar, people.web.url("/books")])
        #expect(books.status == 200 && !books.text.contains("Ledger budgets") && !books.text.contains("ledger-budget"), "\(books.text.prefix(300))")
    }

    /// The budget row of `category` on a month page.
    static func row(_ html: String, category: String) -> String? {
        guard let start = html.range(of: "data-category=\"\(category)\"") else { return nil }
        let open = html.range(of: "<tr", options: .backwards, range: html.startIndex..<start.lowerBound)?.lowerBound ?? start.lowerBound
        let rest = html[open...]
        guard let end = rest.range(of: "</tr>") else { return nil }
        return String(rest[..<end.lowerBound])
    }
}
