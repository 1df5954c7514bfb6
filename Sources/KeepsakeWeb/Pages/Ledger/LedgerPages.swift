import Foundation
import KeepsakeHTTP
import KeepsakeLedger
import KeepsakeStore

/// The ledger's pages under `/ledger`: a month, the add and edit forms, the CSV export and
/// import. Reads go to the ledger directly and writes through ``LedgerWriter``, on the thread that
/// answers the request.
struct LedgerPages: Sendable {
    /// The ledger read.
    var ledger: Ledger { writer.ledger }
    /// Every write of the pages.
    let writer: LedgerWriter
    /// The site layout and the error pages.
    let layout: PageLayout
    /// The upload limits, for the CSV import's file.
    let writes: WritePath
    /// The time now (the web app's clock), for this month and today.
    let clock: @Sendable () -> Date

    /// Today in the server's time zone, by ``clock``.
    var today: LedgerDay { LedgerDay(containing: clock(), in: .current) }

    /// Adds the ledger's routes to the `/ledger` group.
    func addRoutes(to ledger: inout Router<WebRoute>) {
        ledger.get("/", .page { _, request, _ in monthPage(request) })
        ledger.get("/new", .page { _, request, _ in form(newTransaction(request), request) })
        ledger.post("/new", .page { _, request, _ in save(request, editing: nil) })
        ledger.get("/export.csv", .page { _, request, _ in exportCSV(request) })
        ledger.get("/import", .page { _, request, _ in importPage(request, report: nil, error: nil) })
        ledger.post("/import", .page { _, request, _ in importCSV(request) })
        ledger.get("/{id:uuid}/edit", .page { _, request, parameters in editPage(request, id: WebApp.id(parameters)) })
        ledger.post("/{id:uuid}/edit", .page { _, request, parameters in save(request, editing: WebApp.id(parameters)) })
        ledger.post("/{id:uuid}/delete", .page { _, request, parameters in change(request, id: WebApp.id(parameters), restore: false) })
        ledger.post("/{id:uuid}/restore", .page { _, request, parameters in change(request, id: WebApp.id(parameters), restore: true) })
        ledger.get("/recurring", .page { _, request, _ in recurringPage(request) })
        ledger.post("/recurring", .page { _, request, _ in saveRecurring(request) })
        ledger.post("/recurring/{id:uuid}/remove", .page { _, request, parameters in removeRecurring(request, id: WebApp.id(parameters)) })
        addAccountRoutes(to: &ledger)
        ledger.post("/budgets", .page { _, request, _ in saveBudget(request) })
        ledger.post("/budgets/{id:uuid}/remove", .page { _, request, parameters in removeBudget(request, id: WebApp.id(parameters)) })
    }

    /// The month asked for (`?month=YYYY-MM` or the `month` form field), or this month.
    func month(_ request: WebRequest) -> LedgerMonth {
        if let text = request.query("month") ?? request.http.form["month"], let month = try? LedgerMonth(parsing: text) { return month }
        return today.ledgerMonth
    }

    /// One month: totals per currency (never summed across currencies), the budgets against the
    /// month's spending, expenses per category as a chart and a table, and the transactions with
    /// their receipts' thumbnails. `budgetForm`, `budgetProblem` and `status`: a refused budget form.
    func monthPage(_ request: WebRequest, budgetForm: LedgerBudgetForm? = nil, budgetProblem: HTML = .empty, status: HTTPStatus = .ok) -> HTTPResponse {
        let t = request.strings
        let formats = Formats(language: request.language)
        let csrf = PageLayout.csrfField(request)
        let month = month(request)
        let books = BookSwitcher(request, collection: Ledger.collection, store: ledger.store)
        var shown = ledger
        shown.books = books.filter
        let model = LedgerMonthSummary(ledger: shown, month: month)
        let currencies = model.totals.keys.sorted()
        let totalRows: [HTML] = currencies.map { currency in
            let totals = model.totals[currency]!
            let balanceClass = totals.balance.isNegative ? "expense" : "income"
            return """
                <tr data-currency="\(currency.code)"><th scope="row">\(currency.code)</th>
                <td class="income amount">\(formats.money(totals.income))</td>
                <td class="expense amount">\(formats.money(totals.expense))</td>
                <td class="\(balanceClass) amount balance">\(formats.money(totals.balance))</td>
                <td>\(totals.transactionCount)</td></tr>
                """
        }
        var charts: [HTML] = []
        for currency in currencies {
            let categories = (model.categoryTotals[currency] ?? [:]).filter { $0.value.expense.minorUnits > 0 }
                .sorted { $0.value.expense > $1.value.expense || ($0.value.expense == $1.value.expense && $0.key < $1.key) }
            guard !categories.isEmpty else { continue }
            let spec = ChartSpec(type: "doughnut", labels: categories.map(\.key),
                                 datasets: [.init(label: t.expensesIn(currency.code),
                                                  data: categories.map { Double($0.value.expense.amountString) ?? 0 },
                                                  backgroundColor: categories.indices.map { Self.palette[$0 % Self.palette.count] })])
            let rows: [HTML] = categories.map {
                "<tr><th scope=\"row\">\($0.key)</th><td class=\"amount\">\(formats.money($0.value.expense))</td></tr>"
            }
            charts.append("""
                <section class="category-chart" data-currency="\(currency.code)">
                <h3>\(t.expensesIn(currency.code))</h3>
                \(spec.canvas(label: t.expensesIn(currency.code), id: "chart-\(currency.code)"))
                <table class="data"><thead><tr><th scope="col">\(t[.category])</th><th scope="col">\(t[.expense])</th></tr></thead><tbody>\(rows)</tbody></table>
                </section>
                """)
        }
        // Who entered each transaction, where the viewer shares the book with others.
        let authors: AuthorNames
        do {
            authors = try AuthorNames(books: Set(model.transactions.compactMap(\.book)), viewer: request.account?.id, store: ledger.store)
        } catch { return layout.errorResponse(error, request) }
        let showsAuthors = model.transactions.contains { authors.name(of: $0.author, t) != nil }
        let transactionRows: [HTML] = accountFiltered(model.transactions, request).map { transaction in
            let author: HTML = showsAuthors ? "<td class=\"author\">\(authors.name(of: transaction.author, t) ?? "")</td>" : .empty
            let receipt: HTML = transaction.receipt.map {
                "<a href=\"\(WebApp.imageURL($0, "original"))\">\(WebApp.thumbnail($0, alt: t[.receipt], className: "thumb receipt"))</a>"
            } ?? .empty
            // A split transaction shows its parts, one per line.
            let parts: HTML = "<ul class=\"split-parts\">\(transaction.splits.map { part -> HTML in "<li>\(part.category) \(formats.money(part.amount))</li>" })</ul>"
            return """
                <tr class="transaction \(transaction.kind.rawValue)" data-id="\(transaction.id.string)">
                <td>\(formats.day(transaction.date))</td>
                <td>\(transaction.kind == .expense ? t[.expense] : t[.income])</td>
                <td>\(transaction.splits.isEmpty ? "\(transaction.category)" : parts)</td>
                <td class="memo">\(transaction.memo)</td>\(author)
                <td class="amount \(transaction.kind.rawValue)">\(formats.money(transaction.signedAmount))</td>
                <td>\(receipt)</td>
                <td class="row-actions"><a class="button" href="/ledger/\(transaction.id.string)/edit">\(t[.edit])</a>
                <form method="post" action="/ledger/\(transaction.id.string)/delete" class="inline">\(csrf)\
                <input type="hidden" name="month" value="\(month.string)"><button type="submit" class="danger">\(t[.delete])</button></form></td>
                </tr>
                """
        }
        let totalsSection: HTML = currencies.isEmpty ? "<p class=\"empty\">\(t[.noTransactionsThisMonth])</p>" : """
            <div class="scroll"><table class="data totals"><thead><tr><th scope="col">\(t[.currency])</th><th scope="col">\(t[.income])</th>\
            <th scope="col">\(t[.expense])</th><th scope="col">\(t[.balance])</th><th scope="col">\(t[.count])</th></tr></thead>
            <tbody>\(totalRows)</tbody></table></div>
            """
        let transactionsSection: HTML = transactionRows.isEmpty ? .empty : """
            <h2>\(t[.transactions])</h2>
            <div class="scroll"><table class="data transactions"><thead><tr><th scope="col">\(t[.date])</th><th scope="col">\(t[.kind])</th>\
            <th scope="col">\(t[.category])</th><th scope="col">\(t[.memo])</th>\(showsAuthors ? "<th scope=\"col\">\(t.enteredBy)</th>" : HTML.empty)<th scope="col">\(t[.amount])</th>\
            <th scope="col">\(t[.receipt])</th><th scope="col"></th></tr></thead>
            <tbody>\(transactionRows)</tbody></table></div>
            """
        let newLink = WebRequest.link("/ledger/new", [("date", month == today.ledgerMonth ? nil : month.firstDay.string)])
        let body: HTML = """
            <div class="page-head"><h1>\(t[.ledger])\(books.chosenName.map { " · " + $0 })</h1>
            <div class="actions"><a class="button primary" href="\(newLink)">\(t[.addTransaction])</a>
            <a class="button" href="/ledger/export.csv" download>\(t[.exportCSV])</a>
            <a class="button" href="/ledger/import">\(t[.importCSV])</a>
            <a class="button" href="/ledger/recurring">\(t.recurring)</a></div></div>
            \(books.markup(request, path: "/ledger", keeping: [("month", month.string)]))
            \(PageLayout.undoBanner(request, path: "/ledger"))
            \(PageLayout.listError(model.error, request))
            \(MonthNavigation.links("/ledger", month: month, request: request))
            \(totalsSection)
            \(accountSection(request, month: month))
            \(budgetSection(request, month: month, ledger: shown, form: budgetForm, problem: budgetProblem))
            <div class="charts">\(charts)</div>
            \(transactionsSection)
            """
        return books.remembering(layout.render(Page(title: t[.ledger], section: .ledger, body: body, status: status, usesCharts: true, watchesChanges: true), for: request))
    }

    /// Colours for categories.
    static let palette = ["#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac"]
}
