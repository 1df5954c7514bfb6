import Foundation
import KeepsakeLedger
import KeepsakeStore
import KeepsakeSupport

/// A money account of the ledger as the API answers it (`/api/v1/ledger/accounts`), with its
/// balance at the end of a day.
struct APILedgerAccount: APIResponseBody {
    static var schema: JSONValue {
        JSONSchema.object(required: ["id", "version", "name", "kind", "currency", "openingBalance", "openingMinorUnits", "isDefault", "stored",
                                     "balance", "balanceMinorUnits", "on", "book"], [
            "id": JSONSchema.uuid, "version": JSONSchema.integer(minimum: 0),
            "name": JSONSchema.string(), "kind": JSONSchema.string(values: LedgerAccountKind.allCases.map(\.rawValue)),
            "currency": JSONSchema.string(),
            "openingBalance": JSONSchema.string(description: "The balance before the first transaction, a decimal in the currency's units (may be negative)."),
            "openingMinorUnits": JSONSchema.integer(),
            "isDefault": JSONSchema.boolean(description: "The default account of its currency: it holds the transactions stored without an account."),
            "stored": JSONSchema.boolean(description: "False for a default account listed before its first use (version 0); it is stored by the first operation that needs it."),
            "balance": JSONSchema.string(description: "The balance at the end of the day `on`: opening balance, plus income, minus expenses, plus transfers in, minus transfers out."),
            "balanceMinorUnits": JSONSchema.integer(),
            "on": JSONSchema.day,
            "book": JSONSchema.described(JSONSchema.nullable(JSONSchema.uuid), "The ledger book it is in, with the transactions it holds (its members and roles apply)."),
        ])
    }

    let id: String
    let version: Int64
    let name, kind, currency, openingBalance: String
    let openingMinorUnits: Int64
    let isDefault, stored: Bool
    let balance: String
    let balanceMinorUnits: Int64
    let on: String
    @APINull var book: String?

    /// The API path of a money account.
    static func path(_ id: RecordID) -> String { "\(WebApp.apiPrefix)/ledger/accounts/\(id.string)" }
}

extension APILedgerAccount {
    /// An account with its balance.
    init(_ line: LedgerAccountBalance) {
        let account = line.account
        self.init(id: account.id.string, version: account.version, name: account.name, kind: account.kind.rawValue, currency: account.currency.code,
                  openingBalance: account.openingBalance.amountString, openingMinorUnits: account.openingBalance.minorUnits,
                  isDefault: account.isDefault, stored: account.isStored, balance: line.balance.amountString,
                  balanceMinorUnits: line.balance.minorUnits, on: line.day.string, book: account.book?.string)
    }
}
