import Foundation
import KeepsakeHTTP
import KeepsakeLedger
import KeepsakeStore
import KeepsakeViewModels

extension WebApp {
    /// The month asked for (`?month=YYYY-MM` or the `month` form field), or this month.
    static func ledgerMonth(_ request: WebRequest) -> LedgerMonth {
        if let text = request.query("month") ?? request.http.form["month"], let month = try? LedgerMonth(parsing: text) { return month }
        return LedgerMonth(containing: Date(), in: .current)
    }

    /// One month: totals per currency (never summed across currencies), expenses per category as a
    /// chart and a table, and the transactions with their receipts' thumbnails.
    @MainActor
    func ledgerMonthPage(_ request: WebRequest) async -> HTTPResponse {
        let t = request.strings
        let formats = Formats(language: request.language)
        let model = LedgerMonthViewModel(ledger: ledger, month: Self.ledgerMonth(request))
        await model.load()
        let month = model.month
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
        let transactionRows: [HTML] = model.transactions.map { transaction in
            let receipt: HTML = transaction.receipt.map {
                "<a href=\"\(Self.imageURL($0, "original"))\">\(Self.thumbnail($0, alt: t[.receipt], className: "thumb receipt"))</a>"
            } ?? .empty
            return """
                <tr class="transaction \(transaction.kind.rawValue)" data-id="\(transaction.id.string)">
                <td>\(formats.day(transaction.date))</td>
                <td>\(transaction.kind == .expense ? t[.expense] : t[.income])</td>
                <td>\(transaction.category)</td>
                <td class="memo">\(transaction.memo)</td>
                <td class="amount \(transaction.kind.rawValue)">\(formats.money(transaction.signedAmount))</td>
                <td>\(receipt)</td>
                <td class="row-actions"><a class="button" href="/ledger/\(transaction.id.string)/edit">\(t[.edit])</a>
                <form method="post" action="/ledger/\(transaction.id.string)/delete" class="inline">\(csrfField(request))\
                <input type="hidden" name="month" value="\(month.string)"><button type="submit" class="danger">\(t[.delete])</button></form></td>
                </tr>
                """
        }
        let totalsSection: HTML = currencies.isEmpty ? "<p class=\"empty\">\(t[.noTransactionsThisMonth])</p>" : """
            <table class="data totals"><thead><tr><th scope="col">\(t[.currency])</th><th scope="col">\(t[.income])</th>\
            <th scope="col">\(t[.expense])</th><th scope="col">\(t[.balance])</th><th scope="col">\(t[.count])</th></tr></thead>
            <tbody>\(totalRows)</tbody></table>
            """
        let transactionsSection: HTML = transactionRows.isEmpty ? .empty : """
            <h2>\(t[.transactions])</h2>
            <div class="scroll"><table class="data transactions"><thead><tr><th scope="col">\(t[.date])</th><th scope="col">\(t[.kind])</th>\
            <th scope="col">\(t[.category])</th><th scope="col">\(t[.memo])</th><th scope="col">\(t[.amount])</th>\
            <th scope="col">\(t[.receipt])</th><th scope="col"></th></tr></thead>
            <tbody>\(transactionRows)</tbody></table></div>
            """
        let newLink = WebRequest.link("/ledger/new", [("date", month == LedgerMonth(containing: Date(), in: .current) ? nil : month.firstDay.string)])
        let body: HTML = """
            <div class="page-head"><h1>\(t[.ledger])</h1>
            <div class="actions"><a class="button primary" href="\(newLink)">\(t[.addTransaction])</a>
            <a class="button" href="/ledger/export.csv" download>\(t[.exportCSV])</a>
            <a class="button" href="/ledger/import">\(t[.importCSV])</a></div></div>
            \(undoBanner(request, path: "/ledger"))
            \(listError(model.error, request))
            \(monthNavigation("/ledger", month: month, request: request))
            \(totalsSection)
            <div class="charts">\(charts)</div>
            \(transactionsSection)
            """
        return render(Page(title: t[.ledger], section: .ledger, body: body, usesCharts: true, watchesChanges: true), for: request)
    }

    /// Colours for categories.
    static let palette = ["#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac"]

    /// A compose model for a new transaction (`?date=` picks the day; the currency follows the
    /// page's language: won in Korean).
    @MainActor
    func newTransactionModel(_ request: WebRequest) -> LedgerComposeViewModel {
        let day = request.query("date").flatMap { try? LedgerDay(parsing: $0) } ?? LedgerDay(containing: Date(), in: .current)
        return LedgerComposeViewModel(ledger: ledger, day: day, currencyCode: request.language == .korean ? "KRW" : "USD")
    }

    /// Reads one transaction (there is no single-transaction view model; this is a plain read).
    /// `nil` when there is no such transaction; any other failure is thrown (and shown as an error page).
    func loadTransaction(_ id: RecordID) async throws -> LedgerTransaction? {
        let ledger = ledger
        do {
            return try await background { try ledger.read(id) }
        } catch let error as KeepsakeError where error.code == .notFound {
            return nil
        }
    }

    /// The edit form of a transaction.
    @MainActor
    func ledgerEditPage(_ request: WebRequest, id: RecordID) async throws -> HTTPResponse {
        guard let transaction = try await loadTransaction(id) else { return notFound(request) }
        return ledgerForm(LedgerComposeViewModel(ledger: ledger, editing: transaction), request)
    }

    /// The add / edit form: day, kind, amount typed as text (parsed exactly), currency, category,
    /// memo and a receipt photo.
    @MainActor
    func ledgerForm(_ model: LedgerComposeViewModel, _ request: WebRequest, status: HTTPStatus = .ok, problem: FormProblem? = nil) -> HTTPResponse {
        let t = request.strings
        let action = model.editingID.map { "/ledger/\($0.string)/edit" } ?? "/ledger/new"
        let title = model.editingID == nil ? t[.addTransaction] : t[.editTransaction]
        let error: HTML = problem.map { "<p class=\"error\" role=\"alert\">\($0.message)</p>" } ?? listError(model.error, request)
        let kinds: [HTML] = TransactionKind.allCases.map { kind in
            let checked: HTML = kind == model.kind ? " checked" : ""
            return "<label class=\"kind-choice \(kind.rawValue)\"><input type=\"radio\" name=\"kind\" value=\"\(kind.rawValue)\"\(checked)> \(kind == .expense ? t[.expense] : t[.income])</label>"
        }
        let currencies: [HTML] = Currency.known.sorted().map { currency in
            let selected: HTML = currency.code == model.currencyCode.uppercased() ? " selected" : ""
            return "<option value=\"\(currency.code)\"\(selected)>\(currency.code) · \(currency.name)</option>"
        }
        let current: HTML = model.currentReceipt.map { receipt in
            """
            <div class="current-receipt">\(Self.thumbnail(receipt, alt: t[.receipt]))
            <label class="check"><input type="checkbox" name="removeReceipt" value="1"\(model.removesReceipt ? " checked" : "")> \(t[.removeReceipt])</label></div>
            """
        } ?? .empty
        let lost: HTML = model.newReceipt != nil ? "<p class=\"notice\">\(t.photosToPickAgain(1))</p>" : .empty
        let month = (try? LedgerDay(parsing: model.dateText))?.ledgerMonth.string
        let body: HTML = """
            <h1>\(title)</h1>
            \(error)
            <form method="post" action="\(action)" enctype="multipart/form-data" class="compose stack" novalidate>
            \(csrfField(request))
            <fieldset class="kinds"><legend>\(t[.kind])</legend>\(kinds)</fieldset>
            <div class="row">
            <label>\(t[.date]) <input type="date" name="date" value="\(model.dateText)" required></label>
            <label>\(t[.amount]) <input type="text" name="amount" value="\(model.amountText)" inputmode="decimal" required autocomplete="off" placeholder="12000"></label>
            <label>\(t[.currency]) <select name="currency">\(currencies)</select></label>
            </div>
            <label>\(t[.category]) <input type="text" name="category" value="\(model.category)" maxlength="\(Ledger.maxCategoryLength)" required placeholder="\(t[.categoryPlaceholder])"></label>
            <label>\(t[.memo]) <textarea name="memo" rows="3">\(model.memo)</textarea></label>
            <fieldset class="receipt"><legend>\(t[.receipt])</legend>
            \(current)
            \(lost)
            <label class="button">\(model.currentReceipt == nil ? t[.attachReceipt] : t[.replaceReceipt]) <input type="file" name="receipt" accept="image/*" data-preview="receipt-preview"></label>
            <img id="receipt-preview" class="thumb preview" alt="" hidden>
            </fieldset>
            <div class="form-actions">
            <button type="submit" class="primary" name="done" value="1">\(t[.done])</button>
            <a class="button" href="\(WebRequest.link("/ledger", [("month", month)]))">\(t[.cancel])</a>
            </div>
            </form>
            """
        return render(Page(title: title, section: .ledger, body: body, status: status), for: request)
    }

    /// `POST /ledger/new` and `/ledger/<id>/edit` through the compose view model.
    @MainActor
    func saveTransaction(_ request: WebRequest, editing id: RecordID?) async throws -> HTTPResponse {
        let t = request.strings
        let model: LedgerComposeViewModel
        if let id {
            guard let transaction = try await loadTransaction(id) else { return notFound(request) }
            model = LedgerComposeViewModel(ledger: ledger, editing: transaction)
        } else {
            model = newTransactionModel(request)
        }
        model.dateText = request.field("date")
        if let kind = TransactionKind(rawValue: request.field("kind")) { model.kind = kind }
        model.amountText = request.field("amount")
        model.currencyCode = request.field("currency")
        model.category = request.field("category")
        model.memo = request.field("memo")
        model.removesReceipt = request.field("removeReceipt") == "1"
        if let problem = UploadCheck.problem(with: request.http.files, limits: configuration.limits, strings: t) {
            return ledgerForm(model, request, status: problem.status, problem: problem)
        }
        if let receipt = request.http.files.first(where: { $0.fieldName == "receipt" }) {
            model.newReceipt = .file(receipt.url)
        }
        guard let saved = await model.save() else {
            model.error = logged(UploadCheck.naming(model.error, after: request.http.files), request.http)
            return ledgerForm(model, request, status: model.error.map { Self.status(for: $0.code) } ?? .badRequest)
        }
        return .redirect(to: WebRequest.link("/ledger", [("month", saved.date.ledgerMonth.string)]))
    }

    /// `POST /ledger/<id>/delete` and `/restore` through the month view model.
    @MainActor
    func changeTransaction(_ request: WebRequest, id: RecordID, restore: Bool) async -> HTTPResponse {
        let t = request.strings
        let month = Self.ledgerMonth(request)
        let model = LedgerMonthViewModel(ledger: ledger, month: month)
        if restore { await model.restore(id) } else { await model.delete(id) }
        if let error = model.error {
            return errorPage(request, status: Self.status(for: error.code), title: restore ? t[.restore] : t[.delete], message: request.strings.describe(error))
        }
        return .redirect(to: WebRequest.link("/ledger", [("month", month.string), ("deleted", restore ? nil : id.string)]))
    }

    /// `GET /ledger/export.csv`: every live transaction as RFC 4180 CSV (see docs/LEDGER.md).
    func exportCSV(_ request: WebRequest) async -> HTTPResponse {
        let ledger = ledger
        do {
            let text = try await background { try ledger.exportCSV() }
            var response = HTTPResponse(status: .ok, headers: ["Content-Type": "text/csv; charset=utf-8"], body: .data(Data(text.utf8)))
            response.headers.set("Content-Disposition", "attachment; filename=\"keepsake-ledger.csv\"")
            return response
        } catch {
            return errorPage(request, status: .internalServerError, title: request.strings[.exportCSV], message: "\(error)")
        }
    }

    /// The import form, and the report of an import.
    func importPage(_ request: WebRequest, report: LedgerImportReport?, error: String?, status: HTTPStatus = .ok) -> HTTPResponse {
        let t = request.strings
        var result: HTML = error.map { "<p class=\"error import-error\" role=\"alert\">\($0)</p>" } ?? .empty
        if let report {
            let invalid: [HTML] = report.invalid.prefix(50).map { "<li>\(t.line($0.line)): \($0.reason)</li>" }
            result += """
                <div class="banner import-report" role="status"><p>\(t.importSummary(imported: report.imported.count, duplicates: report.duplicates.count, invalid: report.invalid.count))</p>
                \(invalid.isEmpty ? HTML.empty : "<ul>\(invalid)</ul>")
                <p><a href="/ledger">\(t[.ledger])</a></p></div>
                """
        }
        let body: HTML = """
            <h1>\(t[.importCSV])</h1>
            \(result)
            <p class="hint">\(t[.importExplanation])</p>
            <pre class="csv-sample">id,date,kind,amount,currency,category,memo</pre>
            <form method="post" action="/ledger/import" enctype="multipart/form-data" class="stack">
            \(csrfField(request))
            <label>\(t[.csvFile]) <input type="file" name="csv" accept=".csv,text/csv" required></label>
            <label class="check"><input type="checkbox" name="skipInvalid" value="1"> \(t[.skipInvalidRows])</label>
            <div class="form-actions"><button type="submit" class="primary">\(t[.importCSV])</button>
            <a class="button" href="/ledger">\(t[.cancel])</a></div>
            </form>
            """
        return render(Page(title: t[.importCSV], section: .ledger, body: body, status: status), for: request)
    }

    /// `POST /ledger/import`: validates every row first; imports all or nothing (or only the valid
    /// rows when asked), and shows the report.
    func importCSV(_ request: WebRequest) async -> HTTPResponse {
        let t = request.strings
        if let problem = UploadCheck.problem(with: request.http.files, limits: configuration.limits, strings: t) {
            return importPage(request, report: nil, error: problem.message, status: problem.status)
        }
        guard let file = request.http.files.first(where: { $0.fieldName == "csv" }) else {
            return importPage(request, report: nil, error: t[.chooseCSVFile], status: .badRequest)
        }
        guard let data = try? Data(contentsOf: file.url), let text = String(data: data, encoding: .utf8) else {
            return importPage(request, report: nil, error: t[.csvNotUTF8], status: .badRequest)
        }
        let ledger = ledger, skip = request.field("skipInvalid") == "1"
        do {
            let report = try await background { try ledger.importCSV(text, skipInvalid: skip) }
            return importPage(request, report: report, error: nil)
        } catch let error as KeepsakeError {
            return importPage(request, report: nil, error: error.message, status: .badRequest)
        } catch {
            return importPage(request, report: nil, error: "\(error)", status: .badRequest)
        }
    }
}
