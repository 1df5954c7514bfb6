import Foundation
import KeepsakeHTTP
import KeepsakeLedger
import KeepsakeStore
import KeepsakeSupport

extension WebApp {
    /// The ledger's budget routes under `/api/v1/ledger/budgets` (docs/API.md, docs/LEDGER.md).
    static func addBudgetRoutes(to ledger: inout APIRouteTable) {
        let month = APIParameter.query("month", APIMonths.schema, description: "Only the budgets in effect that month (one per book, category and currency; ended ones left out).")
        ledger.json(.get, "/budgets", APIDoc("listBudgets", "List budgets", answer: "Every budget the caller reads, oldest month first; with month, those in effect that month.",
                                             parameters: [month])) { app, request in try app.apiListBudgets(request) }
        ledger.json(.put, "/budgets", APIDoc("setBudget", "Set the budget of a category and currency from a month on", answer: "The budget as set.",
                                             etag: true, description: "Makes the budget of the category and currency from that month in the book, or changes it (amount, carry-over) when the book has one: there is at most one per book, category, currency and month, so the same body twice sets the same budget. An amount with more decimals than the currency has, a negative one or a bad category is 400 and nothing is written."),
                    input: APIBudgetInput.self) { app, request, body in try app.apiSetBudget(request, body) }
        ledger.json(.get, "/budgets/report", APIDoc("getBudgetReport", "A month's budgets against its spending", answer: "One line per budget in effect that month.",
                                                    parameters: [.query("month", APIMonths.schema, required: true)],
                                                    description: "Per budget in effect: what carried over from the month before (when that month's budget carries over: its rest, negative when it was overspent), the month's expenses in the category and currency in the budget's ledger book (income does not reduce them), and what is left.")) { app, request in
            try app.apiBudgetReport(request)
        }
        ledger.json(.get, "/budgets/{id:uuid}", APIDoc("getBudget", "Read a budget", answer: "The budget.", parameters: [.recordID, .ifNoneMatch],
                                                       etag: true, notModified: true)) { app, request in
            let budget = try app.ledger.budget(request.id)
            return try APIAnswer(APIBudget(budget), version: budget.version, request: request)
        }
        ledger.raw(.delete, "/budgets/{id:uuid}", APIDoc("removeBudget", "Remove a budget, for good", answer: "Gone; an earlier budget of the category applies again.",
                                                         parameters: [.recordID, .ifMatch]),
                   responses: ["204": ["description": "Gone; the budget of an earlier month of the category, if any, applies again from its month."]]) { app, request in
            try app.apiRemoveBudget(request)
        }
    }

    /// `GET /api/v1/ledger/budgets?month=`.
    func apiListBudgets(_ request: APIRequest) throws -> APIAnswer<APIList<APIBudget>> {
        let month = try request.query("month").map { try LedgerMonth(parsing: $0) }
        return try APIAnswer(APIList(items: try ledger.budgets(in: month).map(APIBudget.init)))
    }

    /// `PUT /api/v1/ledger/budgets`: sets a budget (the refusal in the request's language).
    func apiSetBudget(_ request: APIRequest, _ body: APIBudgetInput) throws -> APIAnswer<APIBudget> {
        let draft = try body.draft()
        let budget = try writers.path.perform(files: [], language: request.language) { try ledger.setBudget(draft) }
        return try APIAnswer(APIBudget(budget), version: budget.version, request: request)
    }

    /// `GET /api/v1/ledger/budgets/report?month=`.
    func apiBudgetReport(_ request: APIRequest) throws -> APIAnswer<APIBudgetReport> {
        guard let text = request.query("month") else { throw APIProblem.invalid("Give the month as month=YYYY-MM.") }
        let month = try LedgerMonth(parsing: text)
        return try APIAnswer(APIBudgetReport(month: month.string, lines: try ledger.budgetReport(for: month).map(APIBudgetReport.Line.init)))
    }

    /// `DELETE /api/v1/ledger/budgets/{id}`, honouring `If-Match`.
    func apiRemoveBudget(_ request: APIRequest) throws -> HTTPResponse {
        let expected = try request.expectedVersion()
        try writers.path.perform(files: [], language: request.language) { try ledger.removeBudget(request.id, expectedVersion: expected) }
        return HTTPResponse(status: .noContent)
    }
}
