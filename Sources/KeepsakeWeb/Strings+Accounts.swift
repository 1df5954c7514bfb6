extension Strings {
    /// The heading of the money accounts (not login accounts).
    var moneyAccounts: String { pick("Money accounts", "자산 계좌") }
    /// The column and label of a money account.
    var moneyAccount: String { pick("Account", "계좌") }
    /// The choice of every account in the month's filter.
    var allAccounts: String { pick("All accounts", "모든 계좌") }
    /// The balance column: "Balance on 2026-11-30".
    func balanceOn(_ day: String) -> String { pick("Balance on \(day)", "\(day) 잔액") }
    /// The kinds of money account.
    func accountKind(_ kind: String) -> String {
        switch kind {
        case "bank": pick("Bank", "은행")
        case "card": pick("Card", "카드")
        default: pick("Cash", "현금")
        }
    }
    /// The account form's summary and button.
    var addMoneyAccount: String { pick("Add an account", "계좌 추가") }
    /// The account form's name field.
    var accountName: String { pick("Name", "이름") }
    /// The account form's opening balance field.
    var openingBalance: String { pick("Opening balance", "기초 잔액") }
    /// The transfer form's summary and heading.
    var transfer: String { pick("Transfer", "이체") }
    /// The transfer form's fields.
    var transferFrom: String { pick("From", "보내는 계좌") }
    /// The transfer form's target.
    var transferTo: String { pick("To", "받는 계좌") }
    /// The second amount, for two currencies.
    var amountArriving: String { pick("Amount arriving (two currencies only)", "받는 금액 (통화가 다를 때만)") }
    /// The transfer form's button.
    var saveTransfer: String { pick("Transfer", "이체하기") }
    /// The heading of the month's transfers.
    var transfers: String { pick("Transfers", "이체 내역") }
    /// Said of the default account of a currency.
    var defaultAccount: String { pick("default", "기본") }
    /// The link from the month to the accounts page.
    var manageAccounts: String { pick("Accounts and transfers", "계좌와 이체") }
    /// No accounts yet.
    var noMoneyAccounts: String { pick("No accounts yet.", "아직 계좌가 없습니다.") }
}
