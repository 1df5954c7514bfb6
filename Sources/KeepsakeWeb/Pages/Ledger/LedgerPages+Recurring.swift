import Foundation
import KeepsakeHTTP
import KeepsakeLedger
import KeepsakeStore

extension LedgerPages {
    /// `GET /ledger/recurring`: the rules with their next day, the occurrences of the month (from
    /// today) not made yet, and the form that adds a rule. `form` and `problem`: a refused form,
    /// shown open again.
    func recurringPage(_ request: WebRequest, form: LedgerRecurringForm? = nil, problem: HTML = .empty, status: HTTPStatus = .ok) -> HTTPResponse {
        let t = request.strings
        let formats = Formats(language: request.language)
        let csrf = PageLayout.csrfField(request)
        let today = self.today
        let month = month(request)
        let rules: [LedgerRecurringRule]
        let upcoming: [LedgerRecurringOccurrence]
        do {
            rules = try ledger.recurringRules()
            let from = max(today, month.firstDay)
            upcoming = from > month.lastDay ? [] : try ledger.upcomingOccurrences(from: from, through: month.lastDay)
        } catch {
            let body: HTML = "<h1>\(t.recurring)</h1>\(PageLayout.listError(KeepsakeError.wrapping(error), request))"
            return layout.render(Page(title: t.recurring, section: .ledger, body: body), for: request)
        }
        let ruleRows: [HTML] = rules.map { rule in
            let next = rule.nextDay(onOrAfter: today).map { formats.day($0) } ?? t.ended
            let amountClass = rule.kind == .income ? "income" : "expense"
            return """
                <tr class="recurring-rule" data-id="\(rule.id.string)">
                <th scope="row">\(rule.category)\(rule.memo.isEmpty ? HTML.empty : " <small>\(rule.memo)</small>")</th>
                <td>\(Self.scheduleText(rule.schedule, t))</td>
                <td class="amount \(amountClass)">\(formats.money(rule.amount))</td>
                <td class="next">\(next)</td>
                <td class="row-actions"><form method="post" action="/ledger/recurring/\(rule.id.string)/remove" class="inline">\(csrf)\
                <button type="submit" class="danger">\(t.removeRule)</button></form></td>
                </tr>
                """
        }
        let rulesTable: HTML = ruleRows.isEmpty ? "<p class=\"empty\">\(t.noRecurringRules)</p>" : """
            <div class="scroll"><table class="data recurring"><thead><tr><th scope="col">\(t[.category])</th><th scope="col">\(t.schedule)</th>\
            <th scope="col">\(t[.amount])</th><th scope="col">\(t.nextDay)</th><th scope="col"></th></tr></thead>
            <tbody>\(ruleRows)</tbody></table></div>
            """
        let upcomingRows: [HTML] = upcoming.map { occurrence in
            let rule = occurrence.rule
            return "<li class=\"upcoming\"><span class=\"day\">\(formats.day(occurrence.day))</span> \(rule.category) <span class=\"amount \(rule.kind == .income ? "income" : "expense")\">\(formats.money(rule.amount))</span></li>"
        }
        let upcomingList: HTML = upcomingRows.isEmpty ? "<p class=\"empty\">\(t.nothingUpcoming)</p>" : "<ul class=\"upcoming\">\(upcomingRows)</ul>"
        let body: HTML = """
            <div class="page-head"><h1>\(t.recurring)</h1>
            <div class="actions"><a class="button" href="\(WebRequest.link("/ledger", [("month", month.string)]))">\(t[.ledger])</a></div></div>
            <section class="recurring-rules"><h2>\(t.recurringRules)</h2>\(rulesTable)</section>
            <section class="recurring-upcoming"><h2>\(t.upcomingIn(month.string))</h2>\(upcomingList)</section>
            \(recurringForm(request, form ?? LedgerRecurringForm(currencyCode: request.language == .korean ? "KRW" : "USD", start: today.string),
                            open: form != nil, problem: problem))
            """
        return layout.render(Page(title: t.recurring, section: .ledger, body: body, status: status), for: request)
    }

    /// A schedule in words.
    static func scheduleText(_ schedule: LedgerRecurringSchedule, _ t: Strings) -> String {
        switch schedule {
        case .monthly(let day): t.monthlyOn(day)
        case .weekly(let weekday): t.weeklyOn(weekday)
        case .yearly(let month, let day): t.yearlyOn(month: month, day: day)
        }
    }

    /// The form that adds a rule.
    func recurringForm(_ request: WebRequest, _ model: LedgerRecurringForm, open: Bool, problem: HTML) -> HTML {
        let t = request.strings
        func option(_ value: String, _ label: String, selected: Bool) -> HTML {
            "<option value=\"\(value)\"\(selected ? HTML(" selected") : HTML.empty)>\(label)</option>"
        }
        let currencies: [HTML] = Currency.known.sorted().map { option($0.code, $0.code, selected: $0.code == model.currencyCode.uppercased()) }
        let kinds: [HTML] = TransactionKind.allCases.map { option($0.rawValue, $0 == .income ? t[.income] : t[.expense], selected: $0 == model.kind) }
        let frequencies: [HTML] = [("monthly", t.monthly), ("weekly", t.weekly), ("yearly", t.yearly)].map { option($0.0, $0.1, selected: $0.0 == model.frequency) }
        let weekdays: [HTML] = t.weekdayNames.enumerated().map { option("\($0.offset + 1)", $0.element, selected: "\($0.offset + 1)" == model.weekday) }
        return """
            <details class="recurring-form"\(open ? HTML(" open") : HTML.empty)><summary>\(t.addRecurring)</summary>
            \(problem)
            <form method="post" action="/ledger/recurring" class="stack" novalidate>
            \(PageLayout.csrfField(request))
            \(BookSwitcher.composeSelect(request, collection: Ledger.collection, store: ledger.store, selected: model.book))
            <div class="row">
            <label>\(t[.kind]) <select name="kind">\(kinds)</select></label>
            <label>\(t[.amount]) <input type="text" name="amount" value="\(model.amountText)" inputmode="decimal" required autocomplete="off"></label>
            <label>\(t[.currency]) <select name="currency">\(currencies)</select></label>
            </div>
            <div class="row">
            <label>\(t[.category]) <input type="text" name="category" value="\(model.category)" maxlength="\(Ledger.maxCategoryLength)" required placeholder="\(t[.categoryPlaceholder])"></label>
            <label>\(t[.memo]) <input type="text" name="memo" value="\(model.memo)" maxlength="\(Ledger.maxMemoLength)"></label>
            </div>
            <div class="row">
            <label>\(t.frequency) <select name="frequency">\(frequencies)</select></label>
            <label>\(t.dayOfMonth) <input type="number" name="day" value="\(model.day)" min="1" max="31" inputmode="numeric"></label>
            <label>\(t.weekdayField) <select name="weekday">\(weekdays)</select></label>
            <label>\(t.monthField) <input type="number" name="month" value="\(model.month)" min="1" max="12" inputmode="numeric"></label>
            </div>
            <div class="row">
            <label>\(t.startDay) <input type="date" name="start" value="\(model.start)" required></label>
            <label>\(t.endDay) <input type="date" name="end" value="\(model.end)"></label>
            <label>\(t.occurrenceCount) <input type="number" name="count" value="\(model.count)" min="1" inputmode="numeric"></label>
            </div>
            <p class="hint">\(t.recurringHint)</p>
            <div class="form-actions"><button type="submit" class="primary">\(t.saveRecurring)</button></div>
            </form>
            </details>
            """
    }

    /// `POST /ledger/recurring`: adds the rule the form describes; back to the recurring page, or
    /// the page again with the form as sent and the problem.
    func saveRecurring(_ request: WebRequest) -> HTTPResponse {
        var model = LedgerRecurringForm(currencyCode: request.field("currency"), start: request.field("start"))
        model.kind = (try? TransactionKind(parsing: request.field("kind"))) ?? .expense
        model.amountText = request.field("amount")
        model.category = request.field("category")
        model.memo = request.field("memo")
        model.frequency = request.field("frequency")
        model.day = request.field("day")
        model.weekday = request.field("weekday")
        model.month = request.field("month")
        model.end = request.field("end")
        model.count = request.field("count")
        model.book = BookSwitcher.submitted(request)
        return layout.writing(request, { () throws(WriteRefusal) -> LedgerRecurringRule in
            try writes.perform(files: [], language: request.language) { try ledger.createRecurring(try model.draft()) }
        }, done: { _ in .redirect(to: "/ledger/recurring") }) { refusal in
            recurringPage(request, form: model, problem: FormMarkup.refusal(refusal), status: refusal.status)
        }
    }

    /// `POST /ledger/recurring/<id>/remove`: removes the rule for good, back to the recurring page.
    func removeRecurring(_ request: WebRequest, id: RecordID) -> HTTPResponse {
        layout.writing(request, { () throws(WriteRefusal) in
            try writes.perform(files: [], language: request.language) { try ledger.removeRecurring(id) }
        }, done: { .redirect(to: "/ledger/recurring") }) { refusal in
            layout.errorResponse(refusal, request)
        }
    }
}
