import KeepsakeLedger

extension Strings {
    /// The heading of one kind of ledger problem in the store check's report.
    func ledgerProblemTitle(_ kind: LedgerProblem.Kind) -> String {
        switch kind {
        case .transferMissingAccount: pick("Transfers with a missing account", "계좌가 없는 이체")
        case .recurringDayTwice: pick("Recurring days made twice", "두 번 만들어진 반복 거래")
        case .splitNotSumming: pick("Split transactions whose parts do not sum", "나눈 금액의 합이 맞지 않는 거래")
        }
    }
}
