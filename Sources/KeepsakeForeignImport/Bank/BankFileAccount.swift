import KeepsakeLedger

/// A money account as a statement names it: by the bank's identifier (found by it, else made
/// with ``name``) or by name only (a QIF `!Account`, a Firefly account name).
struct BankFileAccount: Hashable {
    /// `OFX:<BANKID>/<ACCTID>`, `IBAN:<IBAN>`; `nil` for an account named only.
    var bankAccountID: String?
    /// The name of an account made for it (`Bank …1234`), or the name to find it by.
    var name: String
    /// Bank or card.
    var kind: LedgerAccountKind

    /// `Bank …1234`: the kind and the last four characters of the bank's account number only.
    static func displayName(kind: LedgerAccountKind, number: String) -> String {
        let digits = number.filter { $0.isLetter || $0.isNumber }
        return "\(kind == .card ? "Card" : "Bank") …\(String(digits.suffix(4)))"
    }
}
