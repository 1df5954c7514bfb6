public import Foundation
import KeepsakeStore
import KeepsakeSupport

extension Ledger {
    /// The CSV columns, in order: the header row of every export and of every file to import.
    ///
    /// `id` is the UUID; `date` is `yyyy-MM-dd`; `kind` is `expense` or `income`; `amount` is a
    /// positive plain decimal with the currency's number of decimals (`12.30`, `1000`, `0.005`);
    /// `currency` is the ISO 4217 code; `category` and `memo` are text; `splits` is empty, or a
    /// split transaction's parts as a JSON array of `{"amount", "category", "memo"}` (each amount a
    /// decimal text like `amount`). Receipts are not exported.
    public static let csvHeader = ["id", "date", "kind", "amount", "currency", "category", "memo", "splits"]
    /// The header of the files made before split transactions, without the `splits` column:
    /// still imported (every transaction unsplit).
    public static let csvHeaderWithoutSplits = Array(csvHeader.dropLast())

    /// Whether `names` (a CSV file's first row) is a header the ledger's CSV import reads: ``csvHeader``
    /// or ``csvHeaderWithoutSplits``, in any case, with surrounding spaces.
    public static func isCSVHeader(_ names: [String]) -> Bool {
        let names = names.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        return names == csvHeader || names == csvHeaderWithoutSplits
    }
    /// The most data rows one import accepts.
    public static let maxImportRows = 100_000

    /// All transactions as CSV (RFC 4180, UTF-8, CR LF line endings), oldest day first, with the
    /// ``csvHeader`` row first. Live transactions only unless `includeTrash` is set. Receipts are
    /// not part of the export. A split transaction's parts (``LedgerTransaction/splits``) are in the
    /// `splits` column, so an export imports back with its parts.
    ///
    /// Every field that a spreadsheet would take for a formula (a memo or category beginning with
    /// `=`, `+`, `-`, `@`, a tab or CR) is written with a leading apostrophe
    /// (``CSV/neutralizingFormula(_:)``), so opening the file never runs it; numbers stay numbers,
    /// and ``importCSV(_:skipInvalid:)`` removes the apostrophe again.
    public func exportCSV(includeTrash: Bool = false) throws -> String {
        let transactions = try allTransactions(trash: includeTrash ? .all : .live)
        return CSV.document([Self.csvHeader] + (try transactions.map { transaction in
            [transaction.id.string, transaction.date.string, transaction.kind.rawValue, transaction.amount.amountString,
             transaction.amount.currency.code, transaction.category, transaction.memo, try Self.csvSplits(transaction.splits)].map(CSV.neutralizingFormula)
        }))
    }

    /// Writes ``exportCSV(includeTrash:)`` to `url`, atomically (a reader never sees half a file).
    public func exportCSV(to url: URL, includeTrash: Bool = false) throws {
        let text = try exportCSV(includeTrash: includeTrash)
        do {
            try Data(text.utf8).write(to: url, options: .atomic)
        } catch {
            throw KeepsakeError(.io, "Could not write the CSV export to \(url.path): \(error.localizedDescription)", path: url.path)
        }
    }

    /// Imports transactions from CSV text laid out as ``csvHeader`` says, in one all-or-nothing
    /// engine call (`createMany`). A field that is an apostrophe followed by a formula character
    /// (as ``exportCSV(includeTrash:)`` writes one) is read without the apostrophe
    /// (``CSV/restoringFormula(_:)``), so an export imports back exactly.
    ///
    /// Every row is checked before anything is written. Rows whose id is already in the ledger are
    /// skipped and reported as ``LedgerImportReport/duplicates``, so importing the same file twice
    /// adds nothing the second time. A row with an empty `id` gets a new one (such rows are added
    /// again by every import of the file), and so does a row whose id a record the caller may not
    /// read already holds (nothing of that record is confirmed, and the row is imported as any other).
    ///
    /// - Parameter skipInvalid: import the valid rows and report the invalid ones, instead of
    ///   importing nothing.
    /// - Throws: ``KeepsakeError`` `.invalidArgument` when the header is wrong, or when any row is
    ///   invalid and `skipInvalid` is `false`: then nothing is imported, and the message lists every
    ///   bad row with its line number and reason (``validateCSV(_:)`` gives the same list as data).
    ///   `.limitExceeded` for more than ``maxImportRows`` rows.
    @discardableResult
    public func importCSV(_ text: String, skipInvalid: Bool = false) throws -> LedgerImportReport {
        let checked = try checkCSV(text)
        var report = checked.report
        report.dryRun = false
        if !report.invalid.isEmpty, !skipInvalid {
            throw Self.invalidRowsError(report)
        }
        if !checked.drafts.isEmpty {
            // An id held by a record the caller cannot read gets a new one: the answer is the same as
            // for a free id, so an import never confirms that someone else's record exists.
            report.imported = try store.createMany(checked.drafts, renewingHiddenIDs: true).map(\.id)
        }
        return report
    }

    /// Imports a CSV file (see ``importCSV(_:skipInvalid:)``); the file must be UTF-8.
    @discardableResult
    public func importCSV(contentsOf url: URL, skipInvalid: Bool = false) throws -> LedgerImportReport {
        try importCSV(try Self.readCSVFile(url), skipInvalid: skipInvalid)
    }

    /// Checks CSV text as ``importCSV(_:skipInvalid:)`` would and reports every invalid and duplicate
    /// row, writing nothing.
    ///
    /// - Throws: ``KeepsakeError`` only when the file as a whole is unusable (wrong header, too many rows).
    public func validateCSV(_ text: String) throws -> LedgerImportReport {
        try checkCSV(text).report
    }

    // MARK: - Checking

    private func checkCSV(_ text: String) throws -> (report: LedgerImportReport, drafts: [RecordDraft]) {
        let rows = CSV.parse(text)
        guard let header = rows.first else {
            throw KeepsakeError(.invalidArgument, "The CSV is empty: its first line must be the header \(Self.csvHeader.joined(separator: ",")).")
        }
        guard header.problem == nil, Self.isCSVHeader(header.fields) else {
            throw KeepsakeError(.invalidArgument, "Line \(header.line) of the CSV must be the header \(Self.csvHeader.joined(separator: ",")) (these columns, in this order; files without the last column, splits, are read too); found \(KeepsakeError.quoted(CSV.line(header.fields))). Nothing was imported.")
        }
        let dataRows = rows.dropFirst()
        guard dataRows.count <= Self.maxImportRows else {
            throw KeepsakeError(.limitExceeded, "The CSV has \(dataRows.count) rows; one import takes at most \(Self.maxImportRows). Split the file; nothing was imported.")
        }

        var report = LedgerImportReport(dryRun: true, rowCount: dataRows.count, importableCount: 0, imported: [], duplicates: [], invalid: [])
        var drafts: [RecordDraft] = []
        var firstLineOfID: [RecordID: Int] = [:]
        for row in dataRows {
            let draft: RecordDraft, explicitID: Bool
            switch Self.parseRow(row, columns: header.fields.count) {
            case .invalid(let issue):
                report.invalid.append(issue)
                continue
            case .valid(let parsed, let explicit):
                (draft, explicitID) = (parsed, explicit)
            }
            let id = draft.id!
            if explicitID {
                if let first = firstLineOfID[id] {
                    report.invalid.append(.init(line: row.line, id: id, reason: "id: \(id) already appears on line \(first); each transaction must have its own id"))
                    continue
                }
                firstLineOfID[id] = row.line
                if let existing = try store.recordIfPresent(id) {
                    if existing.collection == Self.collection {
                        report.duplicates.append(.init(line: row.line, id: id, reason: "a transaction with id \(id) is already in the ledger; the row was skipped"))
                    } else {
                        report.invalid.append(.init(line: row.line, id: id, reason: "id: \(id) belongs to a record of the \(existing.collection) collection"))
                    }
                    continue
                }
            }
            drafts.append(draft)
        }
        report.importableCount = drafts.count
        return (report, drafts)
    }

    /// Checks one data row; the draft always carries an id, and `explicitID` says whether the row gave it.
    private enum RowOutcome {
        case valid(RecordDraft, explicitID: Bool)
        case invalid(LedgerImportReport.Issue)
    }

    private static func parseRow(_ parsed: CSV.Row, columns: Int) -> RowOutcome {
        // Undo the export's protection against spreadsheet formulas (a leading apostrophe).
        var row = parsed
        row.fields = row.fields.map(CSV.restoringFormula)
        if let problem = row.problem {
            return .invalid(LedgerImportReport.Issue(line: row.line, id: nil, reason: "malformed CSV: \(problem)"))
        }
        guard row.fields.count == columns else {
            return .invalid(LedgerImportReport.Issue(line: row.line, id: nil, reason: "the row has \(row.fields.count) column\(row.fields.count == 1 ? "" : "s"); expected \(columns) (\(csvHeader.prefix(columns).joined(separator: ",")))"))
        }
        let value = { (column: Int) in row.fields[column].trimmingCharacters(in: .whitespacesAndNewlines) }
        var reasons: [String] = []
        func check<T>(_ column: String, _ body: () throws -> T) -> T? {
            do {
                return try body()
            } catch let error as KeepsakeError {
                reasons.append("\(column): \(error.message)")
            } catch {
                reasons.append("\(column): \(error)")
            }
            return nil
        }
        let idText = value(0)
        let id = idText.isEmpty ? RecordID() : check("id") { try RecordID(parsing: idText) }
        let date = check("date") { try LedgerDay(parsing: value(1)) }
        let kind = check("kind") { try TransactionKind(parsing: value(2)) }
        let currency = check("currency") { try Currency(code: value(4)) }
        let amount = currency.flatMap { currency in
            check("amount") { () throws -> Money in
                let money = try Money(parsing: value(3), currency: currency)
                try checkAmount(money)
                return money
            }
        }
        let category = check("category") { try checkedCategory(row.fields[5]) }
        let memo = check("memo") { try checkedMemo(row.fields[6]) }
        let splitsText = columns > 7 ? value(7) : ""
        let splits = amount.flatMap { amount in check("splits") { try csvSplits(splitsText, for: amount) } }
        guard reasons.isEmpty, let id, let date, let kind, let amount, let category, let memo, let splits else {
            return .invalid(LedgerImportReport.Issue(line: row.line, id: id.flatMap { idText.isEmpty ? nil : $0 }, reason: reasons.joined(separator: "; ")))
        }
        let fields: [String: FieldValue]
        do {
            fields = try Self.fields(date: date, kind: kind, amount: amount, category: category, memo: memo, splits: splits)
        } catch {
            return .invalid(LedgerImportReport.Issue(line: row.line, id: idText.isEmpty ? nil : id, reason: KeepsakeError.wrapping(error).message))
        }
        return .valid(RecordDraft(collection: collection, date: date.startDate, fields: fields, id: id), explicitID: !idText.isEmpty)
    }

    private static func invalidRowsError(_ report: LedgerImportReport) -> KeepsakeError {
        let shown = 10
        var list = report.invalid.prefix(shown).map { "line \($0.line): \($0.reason)" }.joined(separator: "\n")
        if report.invalid.count > shown { list += "\n…and \(report.invalid.count - shown) more invalid rows" }
        let valid = report.importableCount
        return KeepsakeError(.invalidArgument, """
            Nothing was imported: \(report.invalid.count) of \(report.rowCount) rows of the CSV are invalid.
            \(list)
            Fix these rows and import again, or import with skipInvalid to import only the \(valid) valid new row\(valid == 1 ? "" : "s").
            """)
    }

    private static func readCSVFile(_ url: URL) throws -> String {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw KeepsakeError(.notFound, "Could not read the CSV file \(url.path): \(error.localizedDescription)", path: url.path)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw KeepsakeError(.invalidArgument, "The CSV file \(url.path) is not UTF-8 text; save it as UTF-8 (CSV UTF-8 in spreadsheet programs) and import again.", path: url.path)
        }
        return text
    }
}
