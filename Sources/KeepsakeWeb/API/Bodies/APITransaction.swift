import Foundation
import KeepsakeLedger
import KeepsakeStore
import KeepsakeSupport

/// A ledger transaction as the API answers it.
struct APITransaction: APIResponseBody {
    static var schema: JSONValue {
        JSONSchema.object(required: ["id", "version", "date", "kind", "amount", "currency", "minorUnits", "category", "memo", "receipt",
                                     "createdAt", "updatedAt", "trashedAt", "book", "author", "account", "splits"], APIRecordFields.common.merging([
            "date": JSONSchema.day, "kind": JSONSchema.string(values: TransactionKind.allCases.map(\.rawValue)),
            "amount": JSONSchema.string(description: "A decimal amount in the currency's units, such as 12.50 or 12000."),
            "currency": JSONSchema.string(), "minorUnits": JSONSchema.integer(), "category": JSONSchema.string(), "memo": JSONSchema.string(),
            "receipt": JSONSchema.nullable(APIImage.reference),
            "account": JSONSchema.described(JSONSchema.nullable(JSONSchema.uuid), "The money account (null: the default account of its currency)."),
            "splits": JSONSchema.array(APISplit.schema, description: "The parts of a split transaction, summing to the amount; empty when not split."),
        ]) { _, new in new })
    }

    let id: String
    let version: Int64
    let date, kind, amount, currency: String
    let minorUnits: Int64
    let category, memo: String
    @APINull var receipt: APIImage?
    let createdAt, updatedAt: Date
    @APINull var trashedAt: Date?
    @APINull var book: String?
    @APINull var author: String?
    @APINull var account: String?
    let splits: [APISplit]

    /// The API path of a transaction.
    static func path(_ id: RecordID) -> String { "\(WebApp.apiPrefix)/ledger/transactions/\(id.string)" }

}

extension APITransaction {
    /// `transaction`, with thumbnails of `sizes`.
    init(_ transaction: LedgerTransaction, sizes: [Int]) {
        let amount = transaction.amount
        self.init(id: transaction.id.string, version: transaction.version, date: transaction.date.string, kind: transaction.kind.rawValue,
                  amount: amount.amountString, currency: amount.currency.code, minorUnits: amount.minorUnits, category: transaction.category,
                  memo: transaction.memo, receipt: transaction.receipt.map { APIImage($0, base: Self.path(transaction.id) + "/receipt", sizes: sizes) },
                  createdAt: transaction.createdAt, updatedAt: transaction.updatedAt, trashedAt: transaction.trashedAt,
                  book: transaction.book?.string, author: transaction.author?.string,
                  account: transaction.account?.string, splits: transaction.splits.map(APISplit.init))
    }
}
