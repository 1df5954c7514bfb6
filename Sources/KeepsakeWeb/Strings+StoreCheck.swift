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

    /// The heading of the images stored before books had folders (not a problem; repair moves them).
    var imagesOutsideTheirBook: String {
        pick("Images outside their book's folder (stored before books had folders; repair moves them)",
             "책 폴더 밖에 있는 사진 (책에 폴더가 생기기 전에 저장됨; 고치기가 옮깁니다)")
    }
}
