import Foundation
import KeepsakeHTTP
import KeepsakeLedger
import KeepsakeStore

extension LedgerPages {
    /// A new transaction's form (`?date=` picks the day; the currency follows the page's language:
    /// won in Korean).
    func newTransaction(_ request: WebRequest) -> LedgerForm {
        let day = request.query("date").flatMap { try? LedgerDay(parsing: $0) } ?? today
        return LedgerForm(day: day, currencyCode: request.language == .korean ? "KRW" : "USD")
    }

    /// The edit form of a transaction.
    func editPage(_ request: WebRequest, id: RecordID) -> HTTPResponse {
        layout.page(request, reading: { try editForm(ledger.read(id)) }) { model in form(model, request) }
    }

    /// The edit form of `transaction`, with the money accounts it may move to (its book's, of its currency).
    private func editForm(_ transaction: LedgerTransaction) throws -> LedgerForm {
        var model = LedgerForm(editing: transaction)
        model.accountChoices = try ledger.accounts().filter { $0.currency == transaction.amount.currency && $0.book == transaction.book }
        return model
    }

    /// The add / edit form: day, kind, amount typed as text (parsed exactly), currency, category,
    /// memo and a receipt photo.
    func form(_ model: LedgerForm, _ request: WebRequest, status: HTTPStatus = .ok, problem: HTML = .empty) -> HTTPResponse {
        let t = request.strings
        let action = model.editingID.map { "/ledger/\($0.string)/edit" } ?? "/ledger/new"
        let title = model.editingID == nil ? t[.addTransaction] : t[.editTransaction]
        let kinds: [HTML] = TransactionKind.allCases.map { kind in
            let checked: HTML = kind == model.kind ? " checked" : ""
            return "<label class=\"kind-choice \(kind.rawValue)\"><input type=\"radio\" name=\"kind\" value=\"\(kind.rawValue)\"\(checked)> \(kind == .expense ? t[.expense] : t[.income])</label>"
        }
        let currencies: [HTML] = Currency.known.sorted().map { currency in
            let selected: HTML = currency.code == model.currencyCode.uppercased() ? " selected" : ""
            return "<option value=\"\(currency.code)\"\(selected)>\(currency.code) · \(currency.name)</option>"
        }
        let current: HTML = model.currentReceipt.map { receipt in
            """
            <div class="current-receipt">\(WebApp.thumbnail(receipt, alt: t[.receipt]))
            <label class="check"><input type="checkbox" name="removeReceipt" value="1"\(model.removesReceipt ? " checked" : "")> \(t[.removeReceipt])</label></div>
            """
        } ?? .empty
        let lost: HTML = model.newReceipt != nil ? "<p class=\"notice\">\(t.photosToPickAgain(1))</p>" : .empty
        let month = (try? LedgerDay(parsing: model.dateText))?.ledgerMonth.string
        let chosen = model.account ?? model.currentAccount
        let accountOptions: [HTML] = model.accountChoices.map { account in
            "<option value=\"\(account.id.string)\"\(account.id == chosen ? " selected" : "")>\(account.name)</option>"
        }
        let accountSelect: HTML = model.accountChoices.count > 1
            ? "<label>\(t.moneyAccount) <select name=\"account\">\(accountOptions)</select></label>" : .empty
        let body: HTML = """
            <h1>\(title)</h1>
            \(problem)
            <form method="post" action="\(action)" enctype="multipart/form-data" class="compose stack" novalidate\(FormMarkup.versionAttribute(model.editingVersion))>
            \(PageLayout.csrfField(request))
            \(model.editingID == nil ? BookSwitcher.composeSelect(request, collection: Ledger.collection, store: ledger.store, selected: model.book) : .empty)
            <fieldset class="kinds"><legend>\(t[.kind])</legend>\(kinds)</fieldset>
            <div class="row">
            <label>\(t[.date]) <input type="date" name="date" value="\(model.dateText)" required></label>
            <label>\(t[.amount]) <input type="text" name="amount" value="\(model.amountText)" inputmode="decimal" required autocomplete="off" placeholder="12000"></label>
            <label>\(t[.currency]) <select name="currency">\(currencies)</select></label>
            </div>
            <label>\(t[.category]) <input type="text" name="category" value="\(model.category)" maxlength="\(Ledger.maxCategoryLength)" placeholder="\(t[.categoryPlaceholder])"></label>
            \(accountSelect)
            <label>\(t[.splitParts]) <textarea name="splits" rows="3" placeholder="\(t[.splitPartsPlaceholder])">\(model.splitsText)</textarea></label>
            <p class="hint">\(t[.splitPartsHint])</p>
            <label>\(t[.memo]) <textarea name="memo" rows="3">\(model.memo)</textarea></label>
            <fieldset class="receipt"><legend>\(t[.receipt])</legend>
            \(current)
            \(lost)
            <label class="button">\(model.currentReceipt == nil ? t[.attachReceipt] : t[.replaceReceipt]) <input type="file" name="receipt" accept="image/*" data-preview="receipt-preview"></label>
            <label class="button camera">\(t.photographReceipt) <input type="file" name="receipt" accept="image/*" capture="environment" data-preview="receipt-preview"></label>
            <img id="receipt-preview" class="thumb preview" alt="" hidden>
            </fieldset>
            <div class="form-actions">
            <button type="submit" class="primary" name="done" value="1">\(t[.done])</button>
            <a class="button" href="\(WebRequest.link("/ledger", [("month", month)]))">\(t[.cancel])</a>
            </div>
            </form>
            """
        return layout.render(Page(title: title, section: .ledger, body: body, status: status), for: request)
    }

    /// `POST /ledger/new` and `/ledger/<id>/edit`: reads the form and saves it through the writer;
    /// on failure the form comes back filled in, with the problem and its status.
    func save(_ request: WebRequest, editing id: RecordID?) -> HTTPResponse {
        if let id {
            return layout.page(request, reading: { try editForm(ledger.read(id)) }) { model in save(request, form: model) }
        }
        return save(request, form: newTransaction(request))
    }

    /// Fills `form` from the request and saves it.
    private func save(_ request: WebRequest, form start: LedgerForm) -> HTTPResponse {
        var model = start
        model.dateText = request.field("date")
        if let kind = TransactionKind(rawValue: request.field("kind")) { model.kind = kind }
        model.amountText = request.field("amount")
        model.currencyCode = request.field("currency")
        model.category = request.field("category")
        model.memo = request.field("memo")
        model.splitsText = request.field("splits")
        if let account = try? RecordID(parsing: request.field("account")), account != model.currentAccount { model.account = account }
        if model.editingID == nil { model.book = BookSwitcher.submitted(request) }
        model.removesReceipt = request.field("removeReceipt") == "1"
        let files = request.http.files
        if let receipt = files.first(where: { $0.fieldName == "receipt" }) {
            model.newReceipt = .file(receipt.url)
        }
        return layout.writing(request, { () throws(WriteRefusal) -> LedgerTransaction in
            if let id = model.editingID {
                return try writer.update(id, try edit(model, language: request.language), receipt: model.receiptChange,
                                         files: files, language: request.language)
            }
            return try writer.create(try draft(model, language: request.language), files: files, language: request.language)
        }, done: { .redirect(to: WebRequest.link("/ledger", [("month", $0.date.ledgerMonth.string)])) }) { refusal in
            form(model, request, status: refusal.status, problem: FormMarkup.refusal(refusal))
        }
    }

    /// The form's transaction, or the refusal of what was typed.
    private func draft(_ model: LedgerForm, language: Language) throws(WriteRefusal) -> LedgerTransactionDraft {
        try writes.perform(files: [], language: language) { try model.draft() }
    }

    /// The edit the form makes of its transaction (every field; the receipt is its own change).
    private func edit(_ model: LedgerForm, language: Language) throws(WriteRefusal) -> LedgerEdit {
        let draft = try draft(model, language: language)
        // The form shows the parts, so what it sends replaces them (none: unsplit).
        return LedgerEdit(date: draft.date, kind: draft.kind, amount: draft.amount, category: draft.category, memo: draft.memo,
                          account: draft.account, splits: draft.splits)
    }

    /// `POST /ledger/<id>/delete` and `/restore`, back to the month the button was on.
    func change(_ request: WebRequest, id: RecordID, restore: Bool) -> HTTPResponse {
        let month = month(request)
        return layout.trashing(request, restore: restore, { () throws(WriteRefusal) in try writer.trash(id, restore: restore, language: request.language) },
                               then: WebRequest.link("/ledger", [("month", month.string), ("deleted", restore ? nil : id.string)]))
    }
}
