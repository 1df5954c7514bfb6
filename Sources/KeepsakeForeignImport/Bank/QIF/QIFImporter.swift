import Foundation
public import KeepsakeLedger
import KeepsakeStore

/// Reads a QIF (Quicken Interchange Format) file into ledger transactions: the `Bank`, `Cash`,
/// `CCard`, `Oth A` and `Oth L` sections, one transaction per record (`^` ends one).
///
/// - `D` is the day in ``LedgerImportOptions/qifDateOrder`` (month, day, year by default), with
///   `/`, `-`, `.` or `'` between the parts; two-digit years 00–69 are 2000–2069 (as is any year
///   after `'`), 70–99 are 1970–1999.
/// - `T` (or `U`) is the signed amount, `L` the category (`Usual Expenses:Shopping`; a `/class` part
///   goes to the memo), `P`, `M` and `N` the memo. A category in brackets (`[Savings]`) is a transfer
///   between own accounts: a ledger transfer to or from the money account of that name (made if
///   missing), money leaving the file's account when the amount is below zero. The file's account
///   is its `!Account` block's `N` name (`T` `CCard` a card, `Cash` cash, else a bank account),
///   found by name or made once, unless ``LedgerImportOptions/account`` names another; without
///   either, the book's default account of the currency. Both blocks of a file holding the two
///   sides of one transfer make one transfer. Splits (`S`/`E`/`$`) are listed in the memo; the record's
///   category is the first split's.
/// - QIF does not say its currency: ``LedgerImportOptions/currency`` is required.
/// - A record has no id, so its id comes from what it says (day, amount, payee, memo, category,
///   number and splits; not the cleared flag, which changes between exports) and its order among
///   identical records of the file, within ``LedgerImportOptions/account`` or the file's
///   `!Account` name.
/// - Investment sections (`!Type:Invst`) are skipped with a reason; category, class and memorised
///   lists are not transactions and are passed over.
public struct QIFImporter: LedgerImporter {
    /// `.qif`.
    public var source: ImportSource { .qif }
    /// What to read, the ledger, the choices and the name in reports.
    public let request: ImportRequest<Ledger, LedgerImportOptions>
    /// An importer of `request`.
    public init(_ request: ImportRequest<Ledger, LedgerImportOptions>) { self.request = request }

    private static let transactionTypes: Set<String> = ["bank", "cash", "ccard", "oth a", "oth l"]

    /// Reads the file.
    ///
    /// - Throws: ``KeepsakeError`` `.invalidArgument` without a currency, or for a file with no
    ///   `!Type` header.
    public func plan() throws -> ImportPlan {
        guard options.currency != nil else {
            throw KeepsakeError(.invalidArgument, "A QIF file does not say its currency; give it with --currency CODE (for example --currency USD).")
        }
        let text = try TextEncoding.decode(try ImportFile.read(file), declared: options.encoding).text
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }).map(String.init)
        guard lines.contains(where: { $0.trimmingCharacters(in: .whitespaces).hasPrefix("!") }) else {
            throw KeepsakeError(.invalidArgument, "\(KeepsakeError.printable(displayName)) is not a QIF file: it has no !Type header.")
        }
        var rows: [BankRow] = []
        var skipped: [ImportIssue] = []
        var section = ""
        var inAccountBlock = false
        var accountName: String?
        var accountKind: LedgerAccountKind = .bank
        var record: [(code: Character, value: String)] = []
        var recordLine = 0

        func finishRecord() {
            defer { record = [] }
            guard !record.isEmpty else { return }
            if inAccountBlock {
                if let name = record.first(where: { $0.code == "N" })?.value { accountName = name.trimmingCharacters(in: .whitespaces) }
                let type = record.first(where: { $0.code == "T" })?.value.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
                accountKind = type == "ccard" ? .card : type == "cash" ? .cash : .bank
                inAccountBlock = false
                return
            }
            if section == "invst" {
                skipped.append(ImportIssue(location: "line \(recordLine)", reason: "an investment transaction is not imported: the ledger records money spent and received"))
                return
            }
            guard Self.transactionTypes.contains(section) else { return }
            var next = row(record, line: recordLine, account: options.account ?? accountName)
            if let accountName, !accountName.isEmpty { next.home = BankFileAccount(bankAccountID: nil, name: accountName, kind: accountKind) }
            rows.append(next)
        }

        for (offset, raw) in lines.enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            guard !line.isEmpty else { continue }
            if line.hasPrefix("!") {
                finishRecord()
                let header = line.lowercased()
                if header.hasPrefix("!type:") {
                    section = String(header.dropFirst(6)).trimmingCharacters(in: .whitespaces)
                    inAccountBlock = false
                } else if header == "!account" {
                    inAccountBlock = true
                }
                continue
            }
            if line == "^" {
                finishRecord()
                continue
            }
            if record.isEmpty { recordLine = offset + 1 }
            record.append((line.first!, String(line.dropFirst())))
        }
        finishRecord()
        let builder = BankPlanBuilder(source: .qif, ledger: ledger, options: options, scope: options.account ?? accountName ?? "")
        return builder.plan(file: displayName, rows: rows, skipped: skipped)
    }

    private func row(_ record: [(code: Character, value: String)], line: Int, account: String?) -> BankRow {
        func value(_ code: Character) -> String? {
            record.first { $0.code == code }.map { $0.value.trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 }
        }
        let location = "line \(line)"
        let dateText = value("D") ?? ""
        let day: Result<LedgerDay, ImportIssue> = Self.day(dateText, order: options.qifDateOrder).map { .success($0) }
            ?? .failure(ImportIssue(location: location, reason: dateText.isEmpty
                ? "the record has no D (date) line"
                : "the date \(KeepsakeError.quoted(dateText)) cannot be read as \(options.qifDateOrder.rawValue) (month/day/year is mdy; give --date-order dmy or ymd for others)"))
        let amountText = value("T") ?? value("U") ?? ""
        let amount: Result<DecimalAmount, ImportIssue>
        do {
            amount = .success(try DecimalAmount(parsing: amountText, decimalMark: options.decimalMark))
        } catch {
            amount = .failure(ImportIssue(location: location, reason: amountText.isEmpty ? "the record has no T (amount) line" : "T: \(error.description)"))
        }
        var row = BankRow(location: location, day: day, amount: amount)
        row.account = account.flatMap { $0.isEmpty ? nil : $0 }
        row.identity = record.filter { !["C", "A"].contains($0.code) }.map { "\($0.code)\($0.value)" }.joined(separator: "\u{1F}")
        var memo: [String] = []
        if let payee = value("P") { memo.append(payee) }
        if let note = value("M") { memo.append(note) }
        if let number = value("N") { memo.append(number.allSatisfy(\.isNumber) ? "check \(number)" : number) }
        var category = value("L")
        // Splits: S category, E memo, $ amount, in that order per split.
        var splits: [String] = []
        var splitCategories: [String] = []
        var current: (category: String, memo: String, amount: String) = ("", "", "")
        var inSplit = false
        for (code, text) in record {
            switch code {
            case "S":
                if inSplit { splits.append(Self.describe(current)) }
                current = (text.trimmingCharacters(in: .whitespaces), "", "")
                splitCategories.append(current.category)
                inSplit = true
            case "E" where inSplit: current.memo = text.trimmingCharacters(in: .whitespaces)
            case "$" where inSplit: current.amount = text.trimmingCharacters(in: .whitespaces)
            default: break
            }
        }
        if inSplit { splits.append(Self.describe(current)) }
        if !splits.isEmpty {
            memo.append("split: " + splits.joined(separator: "; "))
            if category == nil { category = splitCategories.first { !$0.isEmpty } }
        }
        if let full = category {
            if full.hasPrefix("["), full.contains("]") {
                let account = full.dropFirst().prefix { $0 != "]" }.trimmingCharacters(in: .whitespaces)
                if account.isEmpty {
                    row.refusal = "the transfer L\(full) names no account"
                } else {
                    row.transfer = .account(BankFileAccount(bankAccountID: nil, name: account, kind: .bank))
                }
            }
            let parts = full.split(separator: "/", maxSplits: 1).map(String.init)
            category = parts.first
            if parts.count == 2, !parts[1].isEmpty { memo.append("class \(parts[1])") }
        }
        row.category = category
        row.memo = memo
        return row
    }

    private static func describe(_ split: (category: String, memo: String, amount: String)) -> String {
        [split.category, split.amount, split.memo].filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// A QIF date: three numbers with `/`, `-`, `.` or `'` between them (spaces allowed).
    static func day(_ text: String, order: QIFDateOrder) -> LedgerDay? {
        let cleaned = text.replacingOccurrences(of: " ", with: "")
        var numbers: [Int] = []
        var separators: [Character] = []
        var digits = ""
        for character in cleaned {
            if character.isASCII, character.isNumber { digits.append(character); continue }
            guard ["/", "-", ".", "'"].contains(character), !digits.isEmpty else { return nil }
            numbers.append(Int(digits)!)
            separators.append(character)
            digits = ""
        }
        guard !digits.isEmpty else { return nil }
        numbers.append(Int(digits)!)
        guard numbers.count == 3 else { return nil }
        var (year, month, day): (Int, Int, Int)
        if numbers[0] > 31 || order == .yearMonthDay {
            (year, month, day) = (numbers[0], numbers[1], numbers[2])
        } else {
            year = numbers[2]
            (month, day) = order == .dayMonthYear ? (numbers[1], numbers[0]) : (numbers[0], numbers[1])
        }
        if year < 100 {
            year = (separators.last == "'" || year < 70) ? 2000 + year : 1900 + year
        }
        return try? LedgerDay(year: year, month: month, day: day)
    }
}
