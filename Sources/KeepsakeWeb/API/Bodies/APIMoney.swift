import KeepsakeLedger
import KeepsakeSupport

/// The ledger's rules for amounts and currencies, as schemas: a currency is one of the codes the
/// ledger knows (``Currency/known``, in capitals), and an amount is a decimal number greater than
/// zero with at most as many decimals as its currency has (more are accepted only as zeros).
enum APIMoney {
    /// The schema of a currency code.
    static var currencySchema: JSONValue {
        JSONSchema.string(values: Currency.known.map(\.code), description: "ISO 4217, in capitals: one of the currencies the ledger knows.")
    }

    /// The pattern of an amount with at most `digits` decimals (zeros beyond them allowed), above
    /// zero and small enough for 64-bit minor units.
    static func amountPattern(decimals digits: Int) -> String {
        let whole = "0*[1-9][0-9]{0,14}"
        guard digits > 0 else { return "^\(whole)(\\.0+)?$" }
        let nonzero = "(\(whole)(\\.[0-9]{1,\(digits)}0*)?|0+\\.[0-9]{0,\(digits - 1)}[1-9]0*)"
        return "^\(nonzero)$"
    }

    /// The schema of an amount of any known currency (the most decimals any has).
    static var amountSchema: JSONValue {
        JSONSchema.string(pattern: amountPattern(decimals: Currency.known.map(\.minorUnitDigits).max() ?? 3),
                          description: "A decimal amount greater than zero in the currency's units, such as 12.50 or 12000, with at most as many decimals as the currency has.")
    }

    /// The rule tying an amount to its currency's decimals, one `anyOf` branch per number of
    /// decimals; `patch`: one more branch for an amount sent without a currency (the record's).
    static func decimalsRule(patch: Bool) -> JSONValue {
        let groups = Dictionary(grouping: Currency.known, by: \.minorUnitDigits).sorted { $0.key < $1.key }
        var branches: [JSONValue] = groups.map { digits, currencies in
            ["required": ["currency"],
             "properties": ["currency": ["enum": .array(currencies.map { .string($0.code) })],
                            "amount": ["pattern": .string(amountPattern(decimals: digits))]]]
        }
        if patch { branches.append(["not": ["required": ["currency"]]]) }
        return .array(branches)
    }
}
