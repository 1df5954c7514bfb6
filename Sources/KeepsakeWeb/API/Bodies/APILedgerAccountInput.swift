import KeepsakeLedger
import KeepsakeStore
import KeepsakeSupport

/// The body of `POST /api/v1/ledger/accounts`: a new money account.
struct APILedgerAccountInput: APIRequestBody {
    static let noun = "money account"
    static let multipartField = "account"
    static var schema: JSONValue {
        JSONSchema.object(required: ["name", "kind", "currency"], [
            "name": JSONSchema.string(pattern: APIText.line(required: true, maxLength: Ledger.maxAccountNameLength)),
            "kind": JSONSchema.string(values: LedgerAccountKind.allCases.map(\.rawValue)),
            "currency": APIMoney.currencySchema,
            "openingBalance": JSONSchema.string(pattern: "^-?[0-9]{1,16}(\\.[0-9]{1,3}0*)?$",
                                                description: "The balance before the first transaction (default 0), a decimal in the currency's units with at most as many decimals as the currency has; may be negative (a card's debt)."),
            "book": JSONSchema.described(JSONSchema.uuid, "The ledger book (collection ledger) to make it in, with the transactions it will hold: one the caller may write. Default: the caller's default ledger book, made on first use."),
        ])
    }

    var name, kind, currency: String
    var openingBalance: String?
    var book: String?

    /// The draft the ledger checks (``Ledger/createAccount(_:)``).
    func draft() throws -> LedgerAccountDraft {
        guard let kind = LedgerAccountKind(rawValue: kind) else {
            throw KeepsakeError(.invalidArgument, "The kind \(KeepsakeError.quoted(kind)) is none of cash, bank or card.")
        }
        return LedgerAccountDraft(name: name, kind: kind, openingBalance: try Self.signedMoney(openingBalance ?? "0", try Currency(code: currency)),
                                  book: try APIBookChoice.book(book))
    }

    /// A decimal that may be negative, exactly, in `currency` (too many decimals refused).
    static func signedMoney(_ text: String, _ currency: Currency) throws -> Money {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("-") else { return try Money(parsing: trimmed, currency: currency) }
        let positive = try Money(parsing: String(trimmed.dropFirst()), currency: currency)
        return Money(minorUnits: -positive.minorUnits, currency: currency)
    }

    /// The ledger's sentences come first.
    func precheck() throws {
        _ = try Ledger.checkedAccountName(name)
        _ = try draft()
    }
}

/// The body of `PATCH /api/v1/ledger/accounts/{id}`: a new name or kind.
struct APILedgerAccountPatch: APIRequestBody {
    static let noun = "money account change"
    static let multipartField = "account"
    static var schema: JSONValue {
        JSONSchema.object(required: [], [
            "name": JSONSchema.string(pattern: APIText.line(required: true, maxLength: Ledger.maxAccountNameLength)),
            "kind": JSONSchema.string(values: LedgerAccountKind.allCases.map(\.rawValue)),
        ])
    }

    var name, kind: String?

    /// The new kind, if one is given.
    func parsedKind() throws -> LedgerAccountKind? {
        try kind.map { text in
            guard let kind = LedgerAccountKind(rawValue: text) else {
                throw KeepsakeError(.invalidArgument, "The kind \(KeepsakeError.quoted(text)) is none of cash, bank or card.")
            }
            return kind
        }
    }

    /// The ledger's sentences come first.
    func precheck() throws {
        _ = try name.map(Ledger.checkedAccountName)
        _ = try parsedKind()
    }
}
