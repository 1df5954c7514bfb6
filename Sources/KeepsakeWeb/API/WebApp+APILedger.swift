import Foundation
import KeepsakeHTTP
import KeepsakeLedger
import KeepsakeStore

extension WebApp {
    /// The ledger as the API serves it.
    var ledgerResource: APIResource<Ledger> {
        let sizes = store.options.thumbnailSizes.map(\.maxPixels)
        return APIResource(app: ledger, path: APIRepresentation.transactionPath, json: { APIRepresentation.transaction($0, sizes: sizes) })
    }

    /// The fields of a transaction's JSON that a client may send.
    static let transactionFields: Set<String> = ["date", "kind", "amount", "currency", "category", "memo"]

    /// `POST /api/v1/ledger/transactions`: a new transaction from JSON (or multipart: the JSON in
    /// the field `transaction`, the receipt as the file `image`).
    func apiCreateTransaction(_ request: APIRequest) async throws -> HTTPResponse {
        let body = try request.jsonObject(field: "transaction", what: "transaction", allowed: Self.transactionFields)
        guard let dateText = try body.string("date") else { throw body.missing("date") }
        guard let kindText = try body.string("kind") else { throw body.missing("kind") }
        guard let amountText = try body.string("amount") else { throw body.missing("amount") }
        guard let currencyCode = try body.string("currency") else { throw body.missing("currency") }
        guard let category = try body.string("category") else { throw body.missing("category") }
        var draft = LedgerTransactionDraft(date: try LedgerDay(parsing: dateText), kind: try TransactionKind(parsing: kindText),
                                           amount: try Money(parsing: amountText, currency: try Currency(code: currencyCode)),
                                           category: category, memo: try body.string("memo") ?? "")
        if request.http.mediaType == "multipart/form-data" && !request.http.files.isEmpty {
            draft.receipt = try apiUploads(request, single: true)[0].source
        }
        _ = try ledger.recordDraft(draft)  // the rules, checked before the key is taken
        let ready = draft
        return try await apiCreate(ledgerResource, request) { id in
            var withID = ready
            withID.id = id
            return try self.ledger.create(withID)
        }
    }

    /// `PATCH /api/v1/ledger/transactions/{id}`: the fields the body names (`currency` only with
    /// `amount`), honouring `If-Match`.
    func apiUpdateTransaction(_ request: APIRequest) throws -> HTTPResponse {
        let body = try request.jsonObject(field: "transaction", what: "transaction", allowed: Self.transactionFields)
        var edit = LedgerEdit(date: try body.string("date").map { try LedgerDay(parsing: $0) },
                              kind: try body.string("kind").map { try TransactionKind(parsing: $0) },
                              category: try body.string("category"), memo: try body.string("memo"))
        if let amount = try body.string("amount") {
            let currency = try body.string("currency").map { try Currency(code: $0) } ?? (try ledger.read(request.id)).amount.currency
            edit.amount = try Money(parsing: amount, currency: currency)
        } else if body.has("currency") {
            throw KeepsakeError(.invalidArgument, "Change the currency together with the amount (send both).")
        }
        return try apiUpdate(ledgerResource, request, edit: edit)
    }

    /// `GET /api/v1/ledger/transactions`: newest day first, a page at a time, filtered by month,
    /// category, kind or currency.
    func apiListTransactions(_ request: APIRequest, trash: RecordQuery.TrashFilter = .live) throws -> HTTPResponse {
        let month = try request.query("month").map { try LedgerMonth(parsing: $0) }
        let kind = try request.query("kind").map { try TransactionKind(parsing: $0) }
        let currency = try request.query("currency").map { try Currency(code: $0) }
        let page = try ledger.list(month: month, category: request.query("category"), kind: kind, currency: currency, trash: trash,
                                   limit: try request.integer("limit", in: 1...100, default: 20)!, after: try request.cursor())
        let json = ledgerResource.json
        return APIRepresentation.response(APIRepresentation.page(page.transactions.map(json), next: page.nextCursor))
    }

    /// `GET /api/v1/ledger/search?q=`: live transactions whose category or memo hold every word.
    func apiSearchLedger(_ request: APIRequest) throws -> HTTPResponse {
        guard let text = request.query("q") else { throw APIProblem.invalid("Give the words to look for in q.") }
        let found = try ledger.search(text, limit: try request.integer("limit", in: 1...100, default: 50)!)
        let json = ledgerResource.json
        return APIRepresentation.response(["items": .array(found.map(json))])
    }

    /// `GET /api/v1/ledger/reports/monthly?year=`: income, expense and balance per month and currency.
    func apiMonthlyReport(_ request: APIRequest) throws -> HTTPResponse {
        guard let year = try request.integer("year", in: 1...9999) else { throw APIProblem.invalid("Give the year as year=YYYY.") }
        let months = try ledger.monthlyTotals(year: year)
        let items: [APIJSONValue] = months.map { month in
            ["month": .string(month.month.string), "totals": Self.totalsJSON(Array(month.totals.values))]
        }
        return APIRepresentation.response(["year": .int(year), "months": .array(items)])
    }

    /// `GET /api/v1/ledger/reports/categories?year=&month=`: expense and income per category and
    /// currency, of a month or a whole year.
    func apiCategoryReport(_ request: APIRequest) throws -> HTTPResponse {
        guard let year = try request.integer("year", in: 1...9999) else { throw APIProblem.invalid("Give the year as year=YYYY.") }
        let month = try request.integer("month", in: 1...12)
        let report = try ledger.categoryTotals(year: year, month: month)
        var items: [APIJSONValue] = []
        for currency in report.keys.sorted() {
            for (category, totals) in report[currency]!.sorted(by: { $0.key < $1.key }) {
                var entry = Self.totalJSON(totals)
                if case .object(var fields) = entry { fields["category"] = .string(category); entry = .object(fields) }
                items.append(entry)
            }
        }
        return APIRepresentation.response(["year": .int(year), "month": month.map(APIJSONValue.int) ?? .null, "categories": .array(items)])
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
    func apiAttachReceipt(_ request: APIRequest) async throws -> HTTPResponse {
        let upload = try apiUploads(request, single: true)[0]
        let expected = try request.expectedVersion()
        let resource = ledgerResource
        return try await idempotent(request, target: { nil }) { attempt in
            let current = try self.ledger.read(request.id)
            if attempt.isRetry, Self.holds(current.attachments, [upload], since: attempt.since) {
                return APIRepresentation.record(resource.json(current), version: current.version, request: request)
            }
            let item = try self.ledger.attachReceipt(to: request.id, source: upload.source, expectedVersion: expected)
            return APIRepresentation.record(resource.json(item), version: item.version, request: request)
        }
    }

    /// `DELETE /api/v1/ledger/transactions/{id}/receipt`, honouring `If-Match`.
    func apiRemoveReceipt(_ request: APIRequest) throws -> HTTPResponse {
        let item = try ledger.removeReceipt(from: request.id, expectedVersion: try request.expectedVersion())
        return APIRepresentation.record(ledgerResource.json(item), version: item.version, request: request)
    }

    /// The receipt of a transaction; `notFound` when it has none.
    func apiReceipt(_ request: APIRequest) throws -> (LedgerTransaction, Attachment) {
        let transaction = try ledger.read(request.id)
        guard let receipt = transaction.receipt else {
            throw KeepsakeError(.notFound, "Transaction \(request.id) has no receipt.")
        }
        return (transaction, receipt)
    }

    /// Per-currency totals, ordered by currency code.
    static func totalsJSON(_ totals: [LedgerTotals]) -> APIJSONValue {
        .array(totals.sorted { $0.currency < $1.currency }.map(totalJSON))
    }

    /// One currency's totals: income, expense and balance as decimal strings.
    static func totalJSON(_ totals: LedgerTotals) -> APIJSONValue {
        ["currency": .string(totals.currency.code), "income": .string(totals.income.amountString),
         "expense": .string(totals.expense.amountString), "balance": .string(totals.balance.amountString),
         "transactionCount": .int(totals.transactionCount)]
    }
}
