public import Foundation
public import KeepsakeLedger
import KeepsakeStore
import KeepsakeSupport

/// Reads any bank's CSV statement into ledger transactions, as a ``CSVRules`` file describes it.
///
/// - The `date` field is read with the rules' `date-format`s; `amount` is signed (below zero:
///   money out, unless `amounts expense-positive`), or `amount-in` and `amount-out` are two columns
///   (in minus out); `currency`, `category` and the memo come from fields, the rules' defaults and
///   their `if` blocks (the last matching block wins).
/// - An `id` field is the bank's id of a row; without one a row is told apart by its fields (the
///   rules' `identity`, else every named field) and its order among identical rows of the file, so
///   identical legitimate rows are all kept and importing the file again adds nothing.
/// - A row that repeats the header, and rows an `if` block skips, are skipped with a reason.
public struct RulesCSVImporter: Importer {
    /// `.csv`.
    public var source: ImportSource { .csv }
    /// The CSV file.
    public let file: URL
    /// How to read it.
    public let rules: CSVRules
    /// Checks the transactions.
    public let ledger: Ledger
    /// Choices (the rules' currency, category, encoding and account come first).
    public let options: LedgerImportOptions
    /// The name shown in reports.
    public let displayName: String

    /// An importer of `file` with `rules`.
    public init(file: URL, rules: CSVRules, ledger: Ledger, options: LedgerImportOptions = LedgerImportOptions(), displayName: String? = nil) {
        self.file = file
        self.rules = rules
        self.ledger = ledger
        self.options = options
        self.displayName = displayName ?? file.path
    }

    /// Reads the file.
    public func plan() throws -> ImportPlan {
        let text = try TextEncoding.decode(try ImportFile.read(file), declared: rules.encoding ?? options.encoding).text
        let table = CSVReader(separator: rules.separator).rows(text)
        let header = table.prefix(rules.skip).last?.fields.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        var compiled: [(condition: CSVRules.Condition, alternatives: [[(field: String?, regex: Regex<AnyRegexOutput>)]])] = []
        for condition in rules.conditions {
            let alternatives = try condition.alternatives.map { matchers in
                try matchers.map { (field: $0.field, regex: try Regex($0.pattern).ignoresCase()) }
            }
            compiled.append((condition, alternatives))
        }
        var options = self.options
        if let category = rules.category { options.category = category }
        let account = rules.account ?? options.account
        var rows: [BankRow] = []
        var skipped: [ImportIssue] = []
        for record in table.dropFirst(rules.skip) {
            let location = "line \(record.line)"
            if let header, record.fields.map({ $0.trimmingCharacters(in: .whitespaces).lowercased() }) == header {
                skipped.append(ImportIssue(location: location, reason: "the row repeats the header"))
                continue
            }
            var values: [String: String] = [:]
            for (index, name) in rules.fields.enumerated() where !name.isEmpty {
                let value = index < record.fields.count ? record.fields[index].trimmingCharacters(in: .whitespacesAndNewlines) : ""
                if values[name].map({ $0.isEmpty }) ?? true { values[name] = value }
            }
            func render(_ template: String) -> String { Self.render(template, values: values, columns: record.fields) }
            let wholeRow = record.fields.joined(separator: ",")

            var category = values["category"]
            var memoTemplate = rules.memo
            var kind: TransactionKind?
            var currency = values["currency"].flatMap { $0.isEmpty ? nil : $0 } ?? rules.currency.map(render)
            var skipLine: Int?
            for (condition, alternatives) in compiled {
                let matches = alternatives.contains { matchers in
                    matchers.allSatisfy { matcher in
                        let subject = matcher.field.map { values[$0] ?? Self.column($0, record.fields) ?? "" } ?? wholeRow
                        return subject.contains(matcher.regex)
                    }
                }
                guard matches else { continue }
                for action in condition.actions {
                    switch action {
                    case .category(let template): category = render(template)
                    case .memo(let template): memoTemplate = template
                    case .kind(let value): kind = value
                    case .currency(let template): currency = render(template)
                    case .skip: skipLine = condition.line
                    }
                }
            }

            let dateText = values["date"] ?? ""
            let formats = rules.dateFormats.isEmpty ? [DayFormat.iso] : rules.dateFormats
            let day: Result<LedgerDay, ImportIssue> = formats.lazy.compactMap { $0.day(dateText) }.first.map { .success($0) }
                ?? .failure(ImportIssue(location: location, reason: dateText.isEmpty
                    ? "the date field is empty"
                    : "the date \(KeepsakeError.quoted(dateText)) does not match the date format \(formats.map(\.pattern).joined(separator: " or "))"))
            let amount = Self.amount(values, decimalMark: rules.decimalMark, positiveIsExpense: rules.positiveIsExpense, location: location)
            var row = BankRow(location: location, day: day, amount: amount)
            if let problem = record.problem { row.refusal = "malformed CSV: \(problem)" }
            if let skipLine { row.skipReason = "skipped by the rules (the if block on line \(skipLine))" }
            if let id = values["id"], !id.isEmpty { row.sourceID = id }
            let identityFields = rules.identity ?? rules.fields.filter { !$0.isEmpty }
            row.identity = identityFields.map { values[$0] ?? Self.column($0, record.fields) ?? "" }.joined(separator: "\u{1F}")
            row.currencyCode = currency
            row.kind = kind
            row.category = category
            if let memoTemplate {
                row.memo = [render(memoTemplate)]
            } else {
                row.memo = ["payee", "description", "memo", "note", "notes"].compactMap { values[$0] }
            }
            row.account = account
            rows.append(row)
        }
        let builder = BankPlanBuilder(source: .csv, ledger: ledger, options: options, scope: account ?? "")
        return builder.plan(file: displayName, rows: rows, skipped: skipped)
    }

    /// The signed amount from `amount`, or from `amount-in` minus `amount-out`.
    static func amount(_ values: [String: String], decimalMark: Character, positiveIsExpense: Bool, location: String) -> Result<DecimalAmount, ImportIssue> {
        func parse(_ name: String) -> Result<DecimalAmount?, ImportIssue> {
            guard let text = values[name], !text.isEmpty else { return .success(nil) }
            do { return .success(try DecimalAmount(parsing: text, decimalMark: decimalMark)) } catch {
                return .failure(ImportIssue(location: location, reason: "\(name): \(error.description)"))
            }
        }
        if values["amount"] != nil {
            switch parse("amount") {
            case .failure(let issue): return .failure(issue)
            case .success(nil): return .failure(ImportIssue(location: location, reason: "the amount field is empty"))
            case .success(let value?): return .success(positiveIsExpense ? value.negated : value)
            }
        }
        let incoming: DecimalAmount?, outgoing: DecimalAmount?
        switch (parse("amount-in"), parse("amount-out")) {
        case (.failure(let issue), _), (_, .failure(let issue)): return .failure(issue)
        case (.success(let a), .success(let b)): (incoming, outgoing) = (a, b)
        }
        switch (incoming.flatMap { $0.isZero ? nil : $0 }, outgoing.flatMap { $0.isZero ? nil : $0 }) {
        case (let value?, nil): return .success(value)
        case (nil, let value?): return .success(value.isNegative ? value : value.negated)
        case (nil, nil):
            if let zero = incoming ?? outgoing { return .success(zero) }
            return .failure(ImportIssue(location: location, reason: "both amount-in and amount-out are empty"))
        case (_?, _?):
            return .failure(ImportIssue(location: location, reason: "both amount-in and amount-out have an amount; a row is one or the other"))
        }
    }

    /// Column `%N` (1-based) when `name` is a number.
    static func column(_ name: String, _ fields: [String]) -> String? {
        guard let number = Int(name), number >= 1, number <= fields.count else { return nil }
        return fields[number - 1].trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// `template` with `%name` replaced by the field's value and `%N` by column N; what an empty
    /// field leaves behind (`()`, a dangling `:`, doubled spaces) is removed.
    static func render(_ template: String, values: [String: String], columns: [String]) -> String {
        var result = ""
        var rest = template[...]
        while let percent = rest.firstIndex(of: "%") {
            result += rest[..<percent]
            let after = rest[rest.index(after: percent)...]
            let name = after.prefix { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
            let key = name.lowercased()
            if !name.isEmpty, let value = values[key] ?? column(key, columns) {
                result += value
            } else {
                result += "%" + name
            }
            rest = after.dropFirst(name.count)
        }
        result += rest
        // Fields that were empty leave no traces: no `()`, no doubled spaces, no dangling `:`.
        for empty in ["()", "[]", "( )", "[ ]"] { result = result.replacingOccurrences(of: empty, with: "") }
        result = result.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        while let last = result.last, [":", ",", ";", "-", "—", "/", " "].contains(last) { result.removeLast() }
        while let first = result.first, [":", ",", ";", "—", "/", " "].contains(first) { result.removeFirst() }
        return result
    }
}
