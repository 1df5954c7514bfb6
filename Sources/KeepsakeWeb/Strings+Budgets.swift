extension Strings {
    /// The heading of the ledger month's budgets.
    var budgets: String { pick("Budgets", "예산") }
    /// The column of a budget's amount.
    var budget: String { pick("Budget", "예산") }
    /// The column of what carried over from the month before.
    var carriedOver: String { pick("Carried over", "이월") }
    /// The column of what was spent.
    var spent: String { pick("Spent", "지출") }
    /// The column of what is left.
    var left: String { pick("Left", "남은 금액") }
    /// What is left when the month is over budget: "over by 1,200 KRW".
    func overBy(_ amount: String) -> String { pick("over by \(amount)", "\(amount) 초과") }
    /// The budget form's summary.
    var setBudget: String { pick("Set a budget", "예산 정하기") }
    /// The budget form's button.
    var saveBudget: String { pick("Save budget", "예산 저장") }
    /// The carry-over check box.
    var carryOverRest: String { pick("Carry the rest over to the next month", "남은 금액을 다음 달로 이월") }
    /// What the form does.
    func budgetFromMonth(_ month: String) -> String {
        pick("The budget applies from \(month) until you set another for the category; 0 ends it.",
             "예산은 \(month)부터 그 카테고리에 다른 예산을 정할 때까지 적용됩니다. 0을 입력하면 끝납니다.")
    }
    /// A line's removal button.
    var removeBudget: String { pick("Remove", "삭제") }
    /// Where a budget was set, on a line whose budget comes from an earlier month.
    func budgetSince(_ month: String) -> String { pick("since \(month)", "\(month)부터") }
}
