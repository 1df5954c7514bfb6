/// A record of any app, as its app's body.
enum APIRecordBody: Encodable, Sendable {
    /// A diary entry.
    case entry(APIDiaryEntry)
    /// A ledger transaction.
    case transaction(APITransaction)
    /// A feed post.
    case post(APIPost)
    /// A recurring ledger rule.
    case recurringRule(APIRecurringRule)
    /// A money account of the ledger, with its balance today.
    case moneyAccount(APILedgerAccount)
    /// A transfer between two money accounts.
    case transfer(APITransfer)
    /// A ledger budget.
    case budget(APIBudget)

    /// Encodes the app's body itself (no wrapper).
    func encode(to encoder: any Encoder) throws {
        switch self {
        case .entry(let body): try body.encode(to: encoder)
        case .transaction(let body): try body.encode(to: encoder)
        case .post(let body): try body.encode(to: encoder)
        case .recurringRule(let body): try body.encode(to: encoder)
        case .moneyAccount(let body): try body.encode(to: encoder)
        case .transfer(let body): try body.encode(to: encoder)
        case .budget(let body): try body.encode(to: encoder)
        }
    }
}
