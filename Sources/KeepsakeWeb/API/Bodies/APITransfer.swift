import Foundation
import KeepsakeLedger
import KeepsakeStore
import KeepsakeSupport

/// A transfer between two money accounts as the API answers it (`/api/v1/ledger/transfers`).
struct APITransfer: APIResponseBody {
    static var schema: JSONValue {
        JSONSchema.object(required: ["id", "version", "date", "from", "to", "amount", "currency", "minorUnits", "toAmount", "toCurrency",
                                     "toMinorUnits", "memo", "createdAt", "book", "author"], [
            "id": JSONSchema.uuid, "version": JSONSchema.integer(minimum: 1), "date": JSONSchema.day,
            "from": JSONSchema.described(JSONSchema.uuid, "The money account the money leaves."),
            "to": JSONSchema.described(JSONSchema.uuid, "The money account it arrives in."),
            "amount": JSONSchema.string(description: "What leaves, in the from account's currency."),
            "currency": JSONSchema.string(), "minorUnits": JSONSchema.integer(),
            "toAmount": JSONSchema.string(description: "What arrives, in the to account's currency (the same as amount in one currency)."),
            "toCurrency": JSONSchema.string(), "toMinorUnits": JSONSchema.integer(),
            "memo": JSONSchema.string(), "createdAt": JSONSchema.timestamp,
            "book": JSONSchema.described(JSONSchema.nullable(JSONSchema.uuid), "The ledger book of both accounts (next to its transactions)."),
            "author": JSONSchema.described(JSONSchema.nullable(JSONSchema.uuid), "The login account that made it; null for the local operator."),
        ])
    }

    let id: String
    let version: Int64
    let date, from, to, amount, currency: String
    let minorUnits: Int64
    let toAmount, toCurrency: String
    let toMinorUnits: Int64
    let memo: String
    let createdAt: Date
    @APINull var book: String?
    @APINull var author: String?
}

extension APITransfer {
    /// `transfer` as the API writes it.
    init(_ transfer: LedgerTransfer) {
        self.init(id: transfer.id.string, version: transfer.version, date: transfer.date.string, from: transfer.from.string, to: transfer.to.string,
                  amount: transfer.amount.amountString, currency: transfer.amount.currency.code, minorUnits: transfer.amount.minorUnits,
                  toAmount: transfer.toAmount.amountString, toCurrency: transfer.toAmount.currency.code, toMinorUnits: transfer.toAmount.minorUnits,
                  memo: transfer.memo, createdAt: transfer.createdAt, book: transfer.book?.string, author: transfer.author?.string)
    }
}

/// The body of `POST /api/v1/ledger/transfers`.
struct APITransferInput: APIRequestBody {
    static let noun = "transfer"
    static let multipartField = "transfer"
    static var schema: JSONValue {
        JSONSchema.object(required: ["date", "from", "to", "amount"], [
            "date": APIDays.schema(),
            "from": JSONSchema.described(JSONSchema.uuid, "The money account the money leaves (one the caller may write)."),
            "to": JSONSchema.described(JSONSchema.uuid, "Another money account of the same ledger book."),
            "amount": APIMoney.amountSchema,
            "toAmount": JSONSchema.described(APIMoney.amountSchema, "What arrives, in the to account's currency: required when the two currencies differ; left out in one currency."),
            "memo": JSONSchema.string(maxLength: Ledger.maxMemoLength, pattern: APIText.lines),
        ])
    }

    var date, from, to, amount: String
    var toAmount, memo: String?

    /// The draft the ledger checks (``Ledger/createTransfer(_:)``): the amounts read in the
    /// currencies of the accounts `ledger` finds.
    func draft(_ ledger: Ledger) throws -> LedgerTransferDraft {
        let fromID = try RecordID(parsing: from), toID = try RecordID(parsing: to)
        let fromAccount = try ledger.transferAccount(fromID, side: "from")
        let toAccount = try ledger.transferAccount(toID, side: "to")
        return LedgerTransferDraft(date: try LedgerDay(parsing: date), from: fromID, to: toID,
                                   amount: try Money(parsing: amount, currency: fromAccount.currency),
                                   toAmount: try toAmount.map { try Money(parsing: $0, currency: toAccount.currency) }, memo: memo ?? "")
    }

    /// The day and ids are read first (their sentences before the schema's).
    func precheck() throws {
        _ = try LedgerDay(parsing: date)
        _ = try RecordID(parsing: from)
        _ = try RecordID(parsing: to)
    }
}
