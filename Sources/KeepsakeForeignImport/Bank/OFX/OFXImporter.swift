import Foundation
public import KeepsakeLedger
import KeepsakeStore

/// Reads an OFX or QFX statement (OFX 1.x SGML, whose leaf tags are never closed, and OFX 2.x XML)
/// into ledger transactions: bank and credit-card statements, several per file.
///
/// - The day is `DTPOSTED` as the bank wrote it (`20230509120000.000[-5:EST]` is 2023-05-09); the
///   sign of `TRNAMT` says expense or income; the currency is the statement's `CURDEF` (or the
///   transaction's own `CURRENCY`).
/// - The memo is `NAME`, `MEMO` and the check number; character references are decoded twice, since
///   banks escape them twice (`&amp;lt;` is `<`).
/// - `FITID` and the account (`BANKID`/`ACCTID`) make the record's id, so a second import of the
///   same or an overlapping statement adds only what is new.
/// - The text encoding: valid UTF-8 is UTF-8 whatever the header says (headers often say
///   `CHARSET:1252` or `8859-1` over UTF-8 bytes); otherwise `CHARSET` decides (1252, 8859-1), or
///   ``LedgerImportOptions/encoding``.
/// - The statement's `BANKACCTFROM`/`CCACCTFROM` names the money account the transactions go to:
///   the book's account with the bank identifier `OFX:<BANKID>/<ACCTID>`, else one made once
///   (`Bank …1234` or `Card …1234`, the file's currency, opening balance 0), unless
///   ``LedgerImportOptions/account`` names another.
/// - A `TRNTYPE` `XFER` is a transfer: to or from the account its `BANKACCTTO`/`CCACCTTO` names,
///   else ``LedgerImportOptions/transferAccount``, else the book's default cash account of the
///   currency; money leaves the statement's account when `TRNAMT` is below zero.
/// - Investment transactions (`BUYSTOCK`, `INCOME`, …) are skipped with a reason.
public struct OFXImporter: LedgerImporter {
    /// `.ofx`.
    public var source: ImportSource { .ofx }
    /// What to read, the ledger, the choices and the name in reports.
    public let request: ImportRequest<Ledger, LedgerImportOptions>
    /// An importer of `request`.
    public init(_ request: ImportRequest<Ledger, LedgerImportOptions>) { self.request = request }

    private static let investmentAggregates: Set<String> = [
        "BUYDEBT", "BUYMF", "BUYOPT", "BUYOTHER", "BUYSTOCK", "CLOSUREOPT", "INCOME", "INVEXPENSE", "JRNLFUND", "JRNLSEC",
        "MARGININTEREST", "REINVEST", "RETOFCAP", "SELLDEBT", "SELLMF", "SELLOPT", "SELLOTHER", "SELLSTOCK", "SPLIT", "TRANSFER",
    ]

    /// Reads the statement.
    ///
    /// - Throws: ``KeepsakeError`` `.invalidArgument` when the file is not OFX or its text cannot be read.
    public func plan() throws -> ImportPlan {
        let data = try ImportFile.read(file)
        var notes: [ImportIssue] = []
        let text = try Self.decode(data, forced: options.encoding, file: displayName, notes: &notes)
        guard let start = text.range(of: "<OFX", options: .caseInsensitive) else {
            throw KeepsakeError(.invalidArgument, "\(KeepsakeError.printable(displayName)) is not an OFX or QFX file: it has no <OFX> element.")
        }
        let firstLine = text[..<start.lowerBound].reduce(1) { $1.isNewline ? $0 + 1 : $0 }
        let tokens = OFXTokenizer.tokens(String(text[start.lowerBound...]), firstLine: firstLine)

        struct Pending {
            var line: Int
            var values: [String: (value: String, line: Int)] = [:]
            var currency: String?
            var original: String?
        }
        var rows: [BankRow] = []
        var skipped: [ImportIssue] = []
        var stack: [String] = []
        var currency: String?
        var bankID: String?
        var accountID: String?
        var accountType: String?
        var isCard = false
        var pending: Pending?

        func finish() {
            guard let transaction = pending else { return }
            pending = nil
            rows.append(row(from: transaction.values, line: transaction.line, currency: transaction.currency ?? currency,
                            original: transaction.original, account: [bankID, accountID].compactMap { $0 }.joined(separator: "/"),
                            home: Self.fileAccount(bankID: bankID, accountID: accountID, type: accountType, card: isCard)))
        }

        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            index += 1
            switch token {
            case .open(let name, let line):
                var leafValue: String?
                if index < tokens.count, case .text(let value) = tokens[index], !value.allSatisfy(\.isWhitespace) {
                    leafValue = value.trimmingCharacters(in: .whitespacesAndNewlines)
                    index += 1
                    if index < tokens.count, case .close(let closed, _) = tokens[index], closed == name { index += 1 }
                }
                if let value = leafValue {
                    if pending != nil {
                        if name == "CURSYM", stack.contains("CURRENCY") { pending?.currency = value }
                        else if name == "CURSYM", stack.contains("ORIGCURRENCY") { pending?.original = value }
                        else if pending?.values[name] == nil { pending?.values[name] = (value, line) }
                    } else {
                        switch name {
                        case "CURDEF": currency = value
                        case "BANKID": bankID = value
                        case "ACCTID":
                            accountID = value
                            isCard = stack.contains("CCACCTFROM")
                        case "ACCTTYPE": accountType = value
                        default: break
                        }
                    }
                    continue
                }
                if name == "STMTTRN" {
                    finish()
                    pending = Pending(line: line)
                } else if Self.investmentAggregates.contains(name), stack.contains("INVTRANLIST") {
                    skipped.append(ImportIssue(location: "line \(line)", reason: "an investment transaction (\(name)) is not imported: the ledger records money spent and received"))
                } else if name == "STMTRS" || name == "CCSTMTRS" || name == "INVSTMTRS" {
                    finish()
                    bankID = nil
                    accountID = nil
                    accountType = nil
                    isCard = false
                }
                stack.append(name)
            case .close(let name, _):
                if name == "STMTTRN" { finish() }
                if let position = stack.lastIndex(of: name) { stack.removeSubrange(position...) }
            case .text:
                continue
            }
        }
        finish()
        let builder = BankPlanBuilder(source: .ofx, ledger: ledger, options: options, scope: "")
        return builder.plan(file: displayName, rows: rows, notes: notes, skipped: skipped)
    }

    /// The money account a statement's `BANKACCTFROM` or `CCACCTFROM` (or a transfer's
    /// `BANKACCTTO`/`CCACCTTO`) names: `OFX:<BANKID>/<ACCTID>`, a card for `CCACCTFROM` or `ACCTTYPE`
    /// `CREDITLINE`, a bank account otherwise; `nil` without an `ACCTID`.
    static func fileAccount(bankID: String?, accountID: String?, type: String?, card: Bool) -> BankFileAccount? {
        guard let accountID = accountID?.trimmingCharacters(in: .whitespaces), !accountID.isEmpty else { return nil }
        let kind: LedgerAccountKind = card || type?.uppercased() == "CREDITLINE" ? .card : .bank
        let bank = bankID?.trimmingCharacters(in: .whitespaces) ?? ""
        return BankFileAccount(bankAccountID: "OFX:\(bank)/\(accountID)", name: BankFileAccount.displayName(kind: kind, number: accountID), kind: kind)
    }

    private func row(from values: [String: (value: String, line: Int)], line: Int, currency: String?, original: String?, account: String,
                     home: BankFileAccount?) -> BankRow {
        func text(_ name: String) -> String? {
            guard let raw = values[name]?.value else { return nil }
            let value = HTMLEntities.decode(HTMLEntities.decode(raw)).trimmingCharacters(in: .whitespacesAndNewlines)
            return value.isEmpty ? nil : value
        }
        let location = "line \(line)"
        let dateText = values["DTPOSTED"]?.value ?? values["DTUSER"]?.value ?? ""
        let day: Result<LedgerDay, ImportIssue>
        if dateText.count >= 8, let parsed = DayFormat("%Y%m%d").day(String(dateText.prefix(8))) {
            day = .success(parsed)
        } else {
            day = .failure(ImportIssue(location: location, sourceID: text("FITID"),
                                       reason: dateText.isEmpty ? "the transaction has no DTPOSTED date" : "the date \(KeepsakeError.quoted(dateText)) (DTPOSTED) cannot be read"))
        }
        let amountText = values["TRNAMT"]?.value ?? ""
        let amountLocation = values["TRNAMT"].map { "line \($0.line)" } ?? location
        let amount: Result<DecimalAmount, ImportIssue>
        do {
            // A comma is the decimal mark of some European banks' OFX when there is no point.
            let mark: Character = amountText.contains(",") && !amountText.contains(".") ? "," : "."
            amount = .success(try DecimalAmount(parsing: amountText, decimalMark: mark))
        } catch {
            amount = .failure(ImportIssue(location: amountLocation, sourceID: text("FITID"),
                                          reason: amountText.isEmpty ? "the transaction has no TRNAMT amount" : "TRNAMT: \(error.description)"))
        }
        var row = BankRow(location: location, day: day, amount: amount)
        row.sourceID = text("FITID")
        row.amountLocation = amountLocation
        row.identity = ["DTPOSTED", "TRNAMT", "NAME", "MEMO", "CHECKNUM", "TRNTYPE"].map { values[$0]?.value ?? "" }.joined(separator: "\u{1F}")
        row.currencyCode = currency
        row.memo = [text("NAME"), text("MEMO"), text("CHECKNUM").map { "check \($0)" }].compactMap { $0 }
        if let original { row.notes.append("the bank converted this amount from \(original)") }
        row.account = account
        row.home = home
        if values["TRNTYPE"]?.value.uppercased() == "XFER" {
            // The other side: the account BANKACCTTO/CCACCTTO names, else (unnamed) the option's or the default cash account.
            let other = Self.fileAccount(bankID: values["BANKID"]?.value, accountID: values["ACCTID"]?.value,
                                         type: values["ACCTTYPE"]?.value, card: values["ACCTID"].map { _ in values["BANKID"] == nil } ?? false)
            row.transfer = other.map { .account($0) } ?? .unnamed
        }
        return row
    }

    /// The statement's text (see the type's notes on encodings).
    static func decode(_ data: Data, forced: TextEncoding?, file: String, notes: inout [ImportIssue]) throws -> String {
        if let forced { return try TextEncoding.decode(data, declared: forced).text }
        let bytes = [UInt8](data)
        let headerText = String(decoding: bytes.prefix(2048).map { $0 < 0x80 ? $0 : 0x3F }, as: UTF8.self)
        let charset = headerText.firstMatch(of: /(?i)CHARSET:\s*([A-Za-z0-9_-]+)/).map { String($0.1) }
            ?? headerText.firstMatch(of: /(?i)encoding\s*=\s*["']([A-Za-z0-9_-]+)["']/).map { String($0.1) }
        let declared: TextEncoding? = charset.flatMap { name in name.uppercased() == "NONE" ? nil : TextEncoding(name: name) }
        if let text = String(validating: bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes, as: UTF8.self) {
            if let declared, declared != .utf8, bytes.contains(where: { $0 >= 0x80 }) {
                notes.append(ImportIssue(location: file, reason: "the header says CHARSET \(charset ?? declared.rawValue) but the bytes are UTF-8; the file was read as UTF-8"))
            }
            return text
        }
        return try TextEncoding.decode(data, declared: declared ?? .windows1252).text
    }
}
