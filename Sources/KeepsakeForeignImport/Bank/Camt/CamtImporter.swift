import Foundation
public import KeepsakeLedger
import KeepsakeStore
import KeepsakeSupport

/// Reads an ISO 20022 bank statement into ledger transactions: camt.053 (`BkToCstmrStmt`/`Stmt`),
/// and the same entries in camt.052 reports and camt.054 notifications, any version.
///
/// - Each booked entry (`Ntry`) is one transaction: `Amt` is unsigned and `CdtDbtInd` gives the
///   direction (`DBIT` an expense, `CRDT` income); the currency is `Amt`'s `Ccy`; the day is the
///   booking date (`BookgDt`), else the value date. Pending (`PDNG`) and information entries are
///   skipped with a reason.
/// - The memo is the other party (the creditor of a debit, the debtor of a credit), the remittance
///   text (`Ustrd` parts joined, line breaks inside made spaces), a structured reference, a return
///   reason (`RtrInf`) and `AddtlNtryInf`; a batch entry lists the text and amount of each part.
/// - The statement's `Acct/Id/IBAN` (or `Othr/Id`) names the money account the entries go to: the
///   book's account with the bank identifier `IBAN:<IBAN>`, else one made once (`Bank …1234`,
///   opening balance 0), unless ``LedgerImportOptions/account`` names another. An entry whose
///   other party's account (`CdtrAcct`/`DbtrAcct` IBAN) is a money account of the book is a
///   transfer between the two, out of the statement's account for `DBIT`.
/// - `AcctSvcrRef` (the bank's reference), else `NtryRef`, with the account's IBAN makes the id.
public struct CamtImporter: LedgerImporter {
    /// `.camt`.
    public var source: ImportSource { .camt }
    /// What to read, the ledger, the choices and the name in reports.
    public let request: ImportRequest<Ledger, LedgerImportOptions>
    /// An importer of `request`.
    public init(_ request: ImportRequest<Ledger, LedgerImportOptions>) { self.request = request }

    /// Reads the statement.
    ///
    /// - Throws: ``KeepsakeError`` `.invalidArgument` for XML that is not well formed or holds no
    ///   camt statement, report or notification.
    public func plan() throws -> ImportPlan {
        let data = try ImportFile.read(file)
        let root: XMLTree
        do {
            root = try XMLTree.parse(data)
        } catch {
            throw KeepsakeError(.invalidArgument, "\(KeepsakeError.printable(displayName)) cannot be read as XML near line \(error.line): \(error.reason).")
        }
        let containers = ["Stmt", "Rpt", "Ntfctn"].flatMap { root.descendants($0) }
        guard root.name == "Document", !containers.isEmpty else {
            throw KeepsakeError(.invalidArgument, "\(KeepsakeError.printable(displayName)) is not a camt.053, camt.052 or camt.054 statement: it has no Document with a Stmt, Rpt or Ntfctn.")
        }
        var rows: [BankRow] = []
        for container in containers {
            let account = container.value("Acct", "Id", "IBAN") ?? container.value("Acct", "Id", "Othr", "Id") ?? ""
            let accountCurrency = container.value("Acct", "Ccy")
            let iban = container.value("Acct", "Id", "IBAN")
            let home = account.isEmpty ? nil : BankFileAccount(bankAccountID: iban.map { "IBAN:" + Self.compact($0) } ?? "camt:" + account,
                                                               name: BankFileAccount.displayName(kind: .bank, number: account), kind: .bank)
            for entry in container.all("Ntry") {
                var next = row(entry, account: account.isEmpty ? options.account ?? "" : account, accountCurrency: accountCurrency)
                next.home = home
                rows.append(next)
            }
        }
        let builder = BankPlanBuilder(source: .camt, ledger: ledger, options: options, scope: options.account ?? "")
        return builder.plan(file: displayName, rows: rows)
    }

    private func row(_ entry: XMLTree, account: String, accountCurrency: String?) -> BankRow {
        let location = "line \(entry.line)"
        let reference = entry.value("AcctSvcrRef") ?? entry.value("NtryRef")
        let dateText = entry.value("BookgDt", "Dt") ?? entry.value("BookgDt", "DtTm") ?? entry.value("ValDt", "Dt") ?? entry.value("ValDt", "DtTm") ?? ""
        let day: Result<LedgerDay, ImportIssue> = DayFormat.iso.day(dateText).map { .success($0) }
            ?? .failure(ImportIssue(location: location, sourceID: reference,
                                    reason: dateText.isEmpty ? "the entry has no booking or value date" : "the date \(KeepsakeError.quoted(dateText)) cannot be read"))
        let amountText = entry.value("Amt") ?? ""
        let indicator = entry.value("CdtDbtInd")?.uppercased()
        let amount: Result<DecimalAmount, ImportIssue>
        do {
            let value = try DecimalAmount(parsing: amountText)
            switch indicator {
            case "DBIT": amount = .success(value.isNegative ? value : value.negated)
            case "CRDT": amount = .success(value)
            default: amount = .failure(ImportIssue(location: location, sourceID: reference, reason: "the entry's CdtDbtInd is \(KeepsakeError.quoted(indicator ?? "")), neither CRDT nor DBIT"))
            }
        } catch {
            amount = .failure(ImportIssue(location: location, sourceID: reference, reason: amountText.isEmpty ? "the entry has no Amt" : "Amt: \(error.description)"))
        }
        var row = BankRow(location: location, day: day, amount: amount)
        row.sourceID = reference
        row.account = account.isEmpty ? nil : account
        row.identity = entry.allText.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        row.currencyCode = entry.child("Amt")?.attributes["Ccy"] ?? accountCurrency
        let status = (entry.value("Sts") ?? entry.value("Sts", "Cd") ?? "BOOK").uppercased()
        switch status {
        case "BOOK": break
        case "PDNG": row.skipReason = "the entry is pending (not booked yet); import a later statement once it is booked"
        case "INFO": row.skipReason = "the entry is for information only, not a booking"
        default: row.skipReason = "the entry's status is \(status), not BOOK"
        }
        if entry.value("RvslInd")?.lowercased() == "true" { row.notes.append("the bank marks this entry as a reversal") }

        func clean(_ text: String?) -> String? {
            guard let text else { return nil }
            let value = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            return value.isEmpty ? nil : value
        }
        let details = entry.descendants("TxDtls")
        let partyRole = indicator == "DBIT" ? ["Cdtr", "UltmtCdtr"] : ["Dbtr", "UltmtDbtr"]
        func party(_ detail: XMLTree) -> String? {
            for role in partyRole {
                if let name = clean(detail.value("RltdPties", role, "Nm") ?? detail.value("RltdPties", role, "Pty", "Nm")) { return name }
            }
            return nil
        }
        func remittance(_ detail: XMLTree) -> String? {
            let parts = detail.at("RmtInf")?.all("Ustrd").compactMap { $0.text.split(whereSeparator: \.isWhitespace).joined(separator: " ") } ?? []
            var text = clean(parts.joined())
            if let ref = detail.value("RmtInf", "Strd", "CdtrRefInf", "Ref") { text = [text, "reference \(ref)"].compactMap { $0 }.joined(separator: " ") }
            return text
        }
        var memo: [String] = []
        if let first = details.first, let name = party(first) { memo.append(name) }
        if details.count > 1 {
            for detail in details {
                let amount = detail.value("AmtDtls", "TxAmt", "Amt") ?? detail.value("Amt") ?? ""
                let text = [party(detail) == memo.first ? nil : party(detail), remittance(detail)].compactMap { $0 }.joined(separator: " ")
                memo.append(amount.isEmpty ? text : "\(text) (\(amount))")
            }
        } else if let detail = details.first, let text = remittance(detail) {
            memo.append(text)
        }
        for detail in details {
            if let reason = detail.value("RtrInf", "Rsn", "Cd") { memo.append("returned (reason \(reason))") }
            if let extra = clean(detail.value("AddtlTxInf")) { memo.append(extra) }
        }
        if let extra = clean(entry.value("AddtlNtryInf")) { memo.append(extra) }
        row.memo = memo
        // A transfer between own accounts when the other party's IBAN is a money account's of the book.
        if details.count == 1, let detail = details.first,
           let other = detail.value("RltdPties", indicator == "DBIT" ? "CdtrAcct" : "DbtrAcct", "Id", "IBAN") {
            row.transfer = .ifKnown(bankAccountID: "IBAN:" + Self.compact(other))
        }
        return row
    }

    /// An IBAN without spaces, in capitals.
    static func compact(_ iban: String) -> String {
        iban.filter { !$0.isWhitespace }.uppercased()
    }
}
