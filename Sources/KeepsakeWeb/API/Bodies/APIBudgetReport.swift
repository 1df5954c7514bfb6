import KeepsakeLedger
import KeepsakeSupport

/// A month's budgets against its spending (`GET /api/v1/ledger/budgets/report`).
struct APIBudgetReport: APIResponseBody {
    static var schema: JSONValue {
        JSONSchema.object(required: ["month", "lines"], ["month": APIMonths.schema, "lines": JSONSchema.array(Line.reference)])
    }

    /// One budget in effect that month.
    struct Line: APIResponseBody {
        static let schemaName = "BudgetLine"
        static var schema: JSONValue {
            JSONSchema.object(required: ["budget", "carried", "spent", "left", "over"], [
                "budget": APIBudget.reference,
                "carried": JSONSchema.string(description: "What carried over from the month before (negative: its overspend); 0 without carry-over."),
                "spent": JSONSchema.string(description: "The month's expenses in the category and currency (income does not reduce it)."),
                "left": JSONSchema.string(description: "Budget plus carried minus spent; negative when over budget."),
                "over": JSONSchema.boolean(description: "Whether left is below zero."),
            ])
        }

        let budget: APIBudget
        let carried, spent, left: String
        let over: Bool
    }

    let month: String
    let lines: [Line]
}

extension APIBudgetReport.Line {
    /// `line` as the API writes it (amounts in the budget's currency).
    init(_ line: LedgerBudgetLine) {
        self.init(budget: APIBudget(line.budget), carried: line.carried.amountString, spent: line.spent.amountString,
                  left: line.left.amountString, over: line.isOver)
    }
}
