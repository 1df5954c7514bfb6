import KeepsakeLedger

extension LedgerProblem.Kind {
    /// The heading of this kind's section in `keepsake fsck`'s text.
    var title: String {
        switch self {
        case .transferMissingAccount: "Transfers with a missing account"
        case .recurringDayTwice: "Recurring days made twice"
        case .splitNotSumming: "Split transactions whose parts do not sum"
        }
    }
}
