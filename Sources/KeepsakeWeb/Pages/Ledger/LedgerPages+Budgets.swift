import Foundation
import KeepsakeHTTP
import KeepsakeLedger
import KeepsakeStore

extension LedgerPages {
    /// The month page's budgets: per budget in effect, the budget, what carried over, what was
    /// spent and what is left (a negative rest shown as over budget), and the form that sets a
    /// category's budget from this month on, with carry-over. `form` and `problem` are a refused
    /// form's, shown open again.
    func budgetSection(_ request: WebRequest, month: LedgerMonth, ledger shown: Ledger, form: LedgerBudgetForm?, problem: HTML) -> HTML {
        let t = request.strings
        let formats = Formats(language: request.language)
        let csrf = PageLayout.csrfField(request)
        let lines: [LedgerBudgetLine]
        do {
            lines = try shown.budgetReport(for: month)
        } catch {
            return PageLayout.listError(KeepsakeError.wrapping(error), request)
        }
        let rows: [HTML] = lines.map { line in
            let budget = line.budget
            let left: String = line.isOver
                ? t.overBy(formats.money(Money(minorUnits: -line.left.minorUnits, currency: line.left.currency)))
                : formats.money(line.left)
            let since: HTML = budget.month == month ? .empty : " <small class=\"since\">\(t.budgetSince(budget.month.string))</small>"
            let carry: HTML = budget.carryOver ? " <small class=\"carry\">↻</small>" : .empty
            return """
                <tr class="budget-line\(line.isOver ? " over" : "")" data-category="\(budget.category)" data-currency="\(budget.currency.code)">
                <th scope="row">\(budget.category)\(carry)\(since)</th>
                <td class="amount budget">\(formats.money(budget.amount))</td>
                <td class="amount carried">\(formats.money(line.carried))</td>
                <td class="amount spent">\(formats.money(line.spent))</td>
                <td class="amount left\(line.isOver ? " expense" : "")">\(left)</td>
                <td class="row-actions"><form method="post" action="/ledger/budgets/\(budget.id.string)/remove" class="inline">\(csrf)\
                <input type="hidden" name="month" value="\(month.string)"><button type="submit" class="danger">\(t.removeBudget)</button></form></td>
                </tr>
                """
        }
        let table: HTML = rows.isEmpty ? .empty : """
            <div class="scroll"><table class="data budgets"><thead><tr><th scope="col">\(t[.category])</th><th scope="col">\(t.budget)</th>\
            <th scope="col">\(t.carriedOver)</th><th scope="col">\(t.spent)</th><th scope="col">\(t.left)</th><th scope="col"></th></tr></thead>
            <tbody>\(rows)</tbody></table></div>
            """
        let model = form ?? LedgerBudgetForm(currencyCode: request.language == .korean ? "KRW" : "USD")
        let currencies: [HTML] = Currency.known.sorted().map { currency in
            let selected: HTML = currency.code == model.currencyCode.uppercased() ? " selected" : ""
            return "<option value=\"\(currency.code)\"\(selected)>\(currency.code)</option>"
        }
        let open: HTML = form != nil ? " open" : ""
        return """
            <section class="budgets" id="budgets">
            <h2>\(t.budgets)</h2>
            \(table)
            <details class="budget-form"\(open)><summary>\(t.setBudget)</summary>
            \(problem)
            <form method="post" action="/ledger/budgets" class="stack" novalidate>
            \(csrf)<input type="hidden" name="month" value="\(month.string)">
            \(BookSwitcher.composeSelect(request, collection: Ledger.collection, store: ledger.store, selected: model.book))
            <div class="row">
            <label>\(t[.category]) <input type="text" name="category" value="\(model.category)" maxlength="\(Ledger.maxCategoryLength)" required placeholder="\(t[.categoryPlaceholder])"></label>
            <label>\(t.budget) <input type="text" name="amount" value="\(model.amountText)" inputmode="decimal" required autocomplete="off" placeholder="300000"></label>
            <label>\(t[.currency]) <select name="currency">\(currencies)</select></label>
            </div>
            <label class="check"><input type="checkbox" name="carryOver" value="1"\(model.carryOver ? " checked" : "")> \(t.carryOverRest)</label>
            <p class="hint">\(t.budgetFromMonth(month.string))</p>
            <div class="form-actions"><button type="submit" class="primary">\(t.saveBudget)</button></div>
            </form>
            </details>
            </section>
            """
    }

    /// `POST /ledger/budgets`: sets the budget the form names from the form's month on; back to
    /// that month, or the month page again with the form as sent and the problem.
    func saveBudget(_ request: WebRequest) -> HTTPResponse {
        let month = month(request)
        var model = LedgerBudgetForm(currencyCode: request.field("currency"))
        model.category = request.field("category")
        model.amountText = request.field("amount")
        model.carryOver = request.field("carryOver") == "1"
        model.book = BookSwitcher.submitted(request)
        return layout.writing(request, { () throws(WriteRefusal) -> LedgerBudget in
            try writes.perform(files: [], language: request.language) { try ledger.setBudget(try model.draft(month: month)) }
        }, done: { _ in .redirect(to: WebRequest.link("/ledger", [("month", month.string)]) + "#budgets") }) { refusal in
            monthPage(request, budgetForm: model, budgetProblem: FormMarkup.refusal(refusal), status: refusal.status)
        }
    }

    /// `POST /ledger/budgets/<id>/remove`: removes the budget, back to the month the button was on.
    func removeBudget(_ request: WebRequest, id: RecordID) -> HTTPResponse {
        let month = month(request)
        return layout.writing(request, { () throws(WriteRefusal) in
            try writes.perform(files: [], language: request.language) { try ledger.removeBudget(id) }
        }, done: { .redirect(to: WebRequest.link("/ledger", [("month", month.string)]) + "#budgets") }) { refusal in
            layout.errorResponse(refusal, request)
        }
    }
}
