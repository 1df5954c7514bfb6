import Foundation
import KeepsakeHTTP
import KeepsakeLedger
import KeepsakeStore

extension LedgerPages {
    /// Adds the money account and transfer pages to the `/ledger` group.
    func addAccountRoutes(to ledger: inout Router<WebRoute>) {
        ledger.get("/accounts", .page { _, request, _ in accountsPage(request) })
        ledger.post("/accounts", .page { _, request, _ in saveAccount(request) })
        ledger.post("/transfers", .page { _, request, _ in saveTransfer(request) })
    }

    /// The month page's money accounts: each account's balance at the month's end, each a filter of
    /// the month's transactions (`?account=`), and the month's transfers.
    func accountSection(_ request: WebRequest, month: LedgerMonth) -> HTML {
        let t = request.strings
        let formats = Formats(language: request.language)
        let chosen = request.query("account")
        let lines: [LedgerAccountBalance]
        let transfers: [LedgerTransfer]
        do {
            lines = try ledger.accountBalances(on: month.lastDay)
            transfers = try ledger.transfers(in: month)
        } catch {
            return PageLayout.listError(KeepsakeError.wrapping(error), request)
        }
        guard !lines.isEmpty else { return .empty }
        let names = Dictionary(lines.map { ($0.account.id, $0.account.name) }) { first, _ in first }
        let all: HTML = "<a href=\"\(WebRequest.link("/ledger", [("month", month.string)]))\"\(chosen == nil ? " aria-current=\"true\"" : "")>\(t.allAccounts)</a>"
        let rows: [HTML] = lines.map { line in
            let id = line.account.id.string
            let link = WebRequest.link("/ledger", [("month", month.string), ("account", id)])
            let current: HTML = chosen == id ? " aria-current=\"true\"" : ""
            let mark: HTML = line.account.isDefault ? " <small>(\(t.defaultAccount))</small>" : ""
            return """
                <tr class="money-account" data-id="\(id)"><th scope="row"><a href="\(link)"\(current)>\(line.account.name)</a>\(mark)</th>
                <td>\(t.accountKind(line.account.kind.rawValue))</td>
                <td class="amount balance\(line.balance.isNegative ? " expense" : "")">\(formats.money(line.balance))</td></tr>
                """
        }
        let transferRows: [HTML] = transfers.map { transfer in
            let arrives: HTML = transfer.toAmount == transfer.amount ? .empty : " → \(formats.money(transfer.toAmount))"
            return """
                <tr class="transfer" data-id="\(transfer.id.string)"><td>\(formats.day(transfer.date))</td>
                <td>\(names[transfer.from] ?? "?") → \(names[transfer.to] ?? "?")</td><td class="memo">\(transfer.memo)</td>
                <td class="amount">\(formats.money(transfer.amount))\(arrives)</td></tr>
                """
        }
        let transferTable: HTML = transferRows.isEmpty ? .empty : """
            <h3>\(t.transfers)</h3>
            <div class="scroll"><table class="data transfers"><tbody>\(transferRows)</tbody></table></div>
            """
        return """
            <section class="money-accounts" id="accounts">
            <h2>\(t.moneyAccounts)</h2>
            <p class="account-filter">\(all) · <a href="/ledger/accounts">\(t.manageAccounts)</a></p>
            <div class="scroll"><table class="data accounts"><thead><tr><th scope="col">\(t.moneyAccount)</th><th scope="col">\(t[.kind])</th>\
            <th scope="col">\(t.balanceOn(month.lastDay.string))</th></tr></thead><tbody>\(rows)</tbody></table></div>
            \(transferTable)
            </section>
            """
    }

    /// The month's transactions narrowed to the account of `?account=`, if one is chosen.
    func accountFiltered(_ transactions: [LedgerTransaction], _ request: WebRequest) -> [LedgerTransaction] {
        guard let text = request.query("account"), let id = try? RecordID(parsing: text) else { return transactions }
        return transactions.filter { ledger.accountID(of: $0) == id }
    }

    /// `/ledger/accounts`: every money account with its balance today, the form that adds one and
    /// the transfer form. `problem` and `status`: a refused form's.
    func accountsPage(_ request: WebRequest, problem: HTML = .empty, status: HTTPStatus = .ok) -> HTTPResponse {
        let t = request.strings
        let formats = Formats(language: request.language)
        let csrf = PageLayout.csrfField(request)
        let today = self.today
        let lines: [LedgerAccountBalance]
        do { lines = try ledger.accountBalances(on: today) } catch { return layout.errorResponse(error, request) }
        let rows: [HTML] = lines.map { line in
            let mark: HTML = line.account.isDefault ? " <small>(\(t.defaultAccount))</small>" : ""
            return """
                <tr class="money-account" data-id="\(line.account.id.string)"><th scope="row">\(line.account.name)\(mark)</th>
                <td>\(t.accountKind(line.account.kind.rawValue))</td>
                <td class="amount balance\(line.balance.isNegative ? " expense" : "")">\(formats.money(line.balance))</td></tr>
                """
        }
        let table: HTML = rows.isEmpty ? "<p class=\"empty\">\(t.noMoneyAccounts)</p>" : """
            <div class="scroll"><table class="data accounts"><thead><tr><th scope="col">\(t.moneyAccount)</th><th scope="col">\(t[.kind])</th>\
            <th scope="col">\(t.balanceOn(today.string))</th></tr></thead><tbody>\(rows)</tbody></table></div>
            """
        let currencies: [HTML] = Currency.known.sorted().map { currency in
            let selected: HTML = currency.code == (request.language == .korean ? "KRW" : "USD") ? " selected" : ""
            return "<option value=\"\(currency.code)\"\(selected)>\(currency.code)</option>"
        }
        let kinds: [HTML] = LedgerAccountKind.allCases.map { "<option value=\"\($0.rawValue)\">\(t.accountKind($0.rawValue))</option>" }
        let choices: [HTML] = lines.map { "<option value=\"\($0.account.id.string)\">\($0.account.name) (\($0.account.currency.code))</option>" }
        // The second account is the target at first, so the form never starts on the same account twice.
        let targets: [HTML] = lines.enumerated().map { index, line in
            "<option value=\"\(line.account.id.string)\"\(index == 1 ? " selected" : "")>\(line.account.name) (\(line.account.currency.code))</option>"
        }
        let transferForm: HTML = lines.count < 2 ? .empty : """
            <section class="transfer-form" id="transfer"><h2>\(t.transfer)</h2>
            <form method="post" action="/ledger/transfers" class="stack" novalidate>\(csrf)
            <div class="row">
            <label>\(t.transferFrom) <select name="from">\(choices)</select></label>
            <label>\(t.transferTo) <select name="to">\(targets)</select></label>
            </div>
            <div class="row">
            <label>\(t[.date]) <input type="date" name="date" value="\(today.string)" required></label>
            <label>\(t[.amount]) <input type="text" name="amount" inputmode="decimal" required autocomplete="off"></label>
            <label>\(t.amountArriving) <input type="text" name="toAmount" inputmode="decimal" autocomplete="off"></label>
            </div>
            <label>\(t[.memo]) <input type="text" name="memo" maxlength="\(Ledger.maxMemoLength)"></label>
            <div class="form-actions"><button type="submit" class="primary">\(t.saveTransfer)</button></div>
            </form></section>
            """
        let body: HTML = """
            <div class="page-head"><h1>\(t.moneyAccounts)</h1>
            <div class="actions"><a class="button" href="/ledger">\(t[.ledger])</a></div></div>
            \(problem)
            \(table)
            \(transferForm)
            <section class="account-form" id="new-account"><h2>\(t.addMoneyAccount)</h2>
            <form method="post" action="/ledger/accounts" class="stack" novalidate>\(csrf)
            <div class="row">
            <label>\(t.accountName) <input type="text" name="name" maxlength="\(Ledger.maxAccountNameLength)" required></label>
            <label>\(t[.kind]) <select name="kind">\(kinds)</select></label>
            <label>\(t[.currency]) <select name="currency">\(currencies)</select></label>
            <label>\(t.openingBalance) <input type="text" name="opening" inputmode="decimal" value="0" autocomplete="off"></label>
            </div>
            <div class="form-actions"><button type="submit" class="primary">\(t.addMoneyAccount)</button></div>
            </form></section>
            """
        return layout.render(Page(title: t.moneyAccounts, section: .ledger, body: body, status: status), for: request)
    }

    /// `POST /ledger/accounts`: makes the account the form names; back to the accounts page.
    func saveAccount(_ request: WebRequest) -> HTTPResponse {
        layout.writing(request, { () throws(WriteRefusal) -> LedgerAccount in
            try writes.perform(files: [], language: request.language) {
                let input = APILedgerAccountInput(name: request.field("name"), kind: request.field("kind"), currency: request.field("currency"),
                                                  openingBalance: request.field("opening").isEmpty ? nil : request.field("opening"), book: nil)
                return try ledger.createAccount(try input.draft())
            }
        }, done: { _ in .redirect(to: "/ledger/accounts") }) { refusal in
            accountsPage(request, problem: FormMarkup.refusal(refusal), status: refusal.status)
        }
    }

    /// `POST /ledger/transfers`: makes the transfer the form names; back to the accounts page.
    func saveTransfer(_ request: WebRequest) -> HTTPResponse {
        layout.writing(request, { () throws(WriteRefusal) -> LedgerTransfer in
            try writes.perform(files: [], language: request.language) {
                let input = APITransferInput(date: request.field("date"), from: request.field("from"), to: request.field("to"), amount: request.field("amount"),
                                             toAmount: request.field("toAmount").isEmpty ? nil : request.field("toAmount"), memo: request.field("memo"))
                return try ledger.createTransfer(try input.draft(ledger))
            }
        }, done: { _ in .redirect(to: "/ledger/accounts") }) { refusal in
            accountsPage(request, problem: FormMarkup.refusal(refusal), status: refusal.status)
        }
    }
}
