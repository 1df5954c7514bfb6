import Foundation
import KeepsakeHTTP
import KeepsakeLedger
import KeepsakeStore

extension WebApp {
    /// The ledger as the API serves it.
    var ledgerResource: APIResource<Ledger, APITransaction> {
        let sizes = store.options.thumbnailSizes.map(\.maxPixels)
        return APIResource(app: ledger, path: APITransaction.path, body: { APITransaction($0, sizes: sizes) })
    }

    /// `POST /api/v1/ledger/transactions`: a new transaction from JSON (or multipart: the JSON in
    /// the field `transaction`, the receipt as the file `image`).
    func apiCreateTransaction(_ request: APIRequest, _ body: APITransactionInput) async throws -> APIAnswer<APITransaction> {
        try await apiCreateWithPhotos(ledgerResource, request, draft: try body.draft(), multipartField: APITransactionInput.multipartField,
                                      single: true, stage: { $0.receipt = $1.first }, id: \.id) { draft, files, language in
            try self.writers.ledger.create(draft, files: files, language: language)
        }
    }

    /// `PATCH /api/v1/ledger/transactions/{id}`: the fields the body names (`currency` only with
    /// `amount`), honouring `If-Match`.
    func apiUpdateTransaction(_ request: APIRequest, _ body: APITransactionPatch) throws -> APIAnswer<APITransaction> {
        try apiUpdate(ledgerResource, request, edit: try body.edit { try self.ledger.read(request.id).amount })
    }

    /// `GET /api/v1/ledger/transactions`: newest day first, a page at a time, filtered by month,
    /// category, kind or currency (a category no transaction can have matches none).
    func apiListTransactions(_ request: APIRequest, trash: RecordQuery.TrashFilter = .live) throws -> APIAnswer<APIPage<APITransaction>> {
        let month = try request.query("month").map { try LedgerMonth(parsing: $0) }
        let kind = try request.query("kind").map { try TransactionKind(parsing: $0) }
        let currency = try request.query("currency").map { try Currency(code: $0) }
        if let category = request.query("category"), (try? Ledger.checkedCategory(category)) == nil {
            return try APIAnswer(APIPage([], next: nil))
        }
        let page = try ledger.list(month: month, category: request.query("category"), kind: kind, currency: currency, trash: trash,
                                   limit: try request.count(.limit), after: try request.cursor(),
                                   account: try request.query("account").map { try RecordID(parsing: $0) })
        return try APIAnswer(APIPage(page.transactions.map(ledgerResource.body), next: page.nextCursor))
    }

    /// `GET /api/v1/ledger/search?q=`: live transactions whose category or memo hold every word.
    func apiSearchLedger(_ request: APIRequest) throws -> APIAnswer<APIList<APITransaction>> {
        guard let text = request.query("q") else { throw APIProblem.invalid("Give the words to look for in q.") }
        return try APIAnswer(APIList(items: try ledger.search(text, limit: try request.count(.searchLimit)).map(ledgerResource.body)))
    }

    /// `GET /api/v1/ledger/reports/monthly?year=`: income, expense and balance per month and currency.
    func apiMonthlyReport(_ request: APIRequest) throws -> APIAnswer<APIMonthlyReport> {
        guard let year = try request.integer(.year) else { throw APIProblem.invalid("Give the year as year=YYYY.") }
        let months = try ledger.monthlyTotals(year: year).map { month in
            APIMonthlyReport.Month(month: month.month.string, totals: month.totals.values.sorted { $0.currency < $1.currency }.map(APITotals.init))
        }
        return try APIAnswer(APIMonthlyReport(year: year, months: months))
    }

    /// `GET /api/v1/ledger/reports/categories?year=&month=`: expense and income per category and
    /// currency, of a month or a whole year.
    func apiCategoryReport(_ request: APIRequest) throws -> APIAnswer<APICategoryReport> {
        guard let year = try request.integer(.year) else { throw APIProblem.invalid("Give the year as year=YYYY.") }
        let month = try request.integer(.reportMonth)
        let report = try ledger.categoryTotals(year: year, month: month)
        var categories: [APICategoryReport.Category] = []
        for currency in report.keys.sorted() {
            for (category, totals) in report[currency]!.sorted(by: { $0.key < $1.key }) {
                categories.append(APICategoryReport.Category(category, totals))
            }
        }
        return try APIAnswer(APICategoryReport(year: year, month: month, categories: categories))
    }

    /// `GET /api/v1/ledger/export.csv`: every live transaction as the ledger's CSV (`?trash=true`
    /// adds the trashed ones).
    func apiExportCSV(_ request: APIRequest) throws -> HTTPResponse {
        let csv = try ledger.exportCSV(includeTrash: try request.flag("trash"))
        var response = HTTPResponse(status: .ok, headers: ["Content-Type": "text/csv; charset=utf-8"], body: .data(Data(csv.utf8)))
        response.headers.set("Content-Disposition", "attachment; filename=\"keepsake-ledger.csv\"")
        return response
    }

    /// `PUT /api/v1/ledger/transactions/{id}/receipt`: attaches or replaces the receipt, once per
    /// `Idempotency-Key`, honouring `If-Match`.
    func apiAttachReceipt(_ request: APIRequest) async throws -> APIAnswer<APITransaction> {
        let photos = try apiUploads(request, single: true), upload = photos.uploads[0]
        let expected = try request.expectedVersion()
        let resource = ledgerResource
        return try await idempotent(request, target: { nil }) { attempt in
            let current = try self.ledger.read(request.id)
            if attempt.isRetry, Self.holds(current.attachments, [upload], since: attempt.since) {
                return try self.apiRecord(resource, current, request)
            }
            let item = try self.writers.ledger.attachReceipt(to: request.id, source: upload.source, expectedVersion: expected,
                                                             files: photos.files, language: request.language)
            return try self.apiRecord(resource, item, request)
        }
    }

    /// `DELETE /api/v1/ledger/transactions/{id}/receipt`, honouring `If-Match`.
    func apiRemoveReceipt(_ request: APIRequest) throws -> APIAnswer<APITransaction> {
        let expected = try request.expectedVersion()
        return try apiRecord(ledgerResource, try writers.ledger.removeReceipt(from: request.id, expectedVersion: expected, language: request.language), request)
    }

    /// The receipt of a transaction; `notFound` when it has none.
    func apiReceipt(_ request: APIRequest) throws -> (LedgerTransaction, Attachment) {
        let transaction = try ledger.read(request.id)
        guard let receipt = transaction.receipt else {
            throw KeepsakeError(.notFound, "Transaction \(request.id) has no receipt.")
        }
        return (transaction, receipt)
    }
}
