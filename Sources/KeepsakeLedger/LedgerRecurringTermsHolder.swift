/// A value that holds a ``LedgerRecurringTerms`` and reads and writes its fields as its own:
/// `rule.amount` is `rule.terms.amount` (by dynamic member lookup, so each field is written once,
/// in ``LedgerRecurringTerms``, with its documentation).
@dynamicMemberLookup
public protocol LedgerRecurringTermsHolder {
    /// What the rule makes, and when.
    var terms: LedgerRecurringTerms { get set }
}

extension LedgerRecurringTermsHolder {
    /// The terms' field at `keyPath` (`kind`, `amount`, `category`, `memo`, `schedule`, `start`,
    /// `end`, `count`).
    public subscript<Value>(dynamicMember keyPath: WritableKeyPath<LedgerRecurringTerms, Value>) -> Value {
        get { terms[keyPath: keyPath] }
        set { terms[keyPath: keyPath] = newValue }
    }
}
