import Foundation
public import KeepsakeLedger
import KeepsakeStore
import KeepsakeSupport

/// Reads Firefly III's CSV export (Export data → transactions) into ledger transactions.
///
/// - `type` decides: a withdrawal is an expense of the money account `source_name`, a deposit
///   income of `destination_name` (found by name, made once); a transfer is a ledger transfer from
///   `source_name` to `destination_name` (in two currencies: `amount` leaves, `foreign_amount`
///   in `foreign_currency_code` arrives); opening balances and reconciliations are skipped with a reason (they set a
///   starting balance; they are not spending or income). ``LedgerImportOptions/account`` puts every
///   row in one named account instead.
/// - `amount` in `currency_code` (the sign does not matter, the type does); `date` is the day as
///   written (`2025-06-17T15:07:46+02:00` is 2025-06-17); `category` is the category.
/// - The memo is the description, the other party (the destination of a withdrawal, the source of a
///   deposit), the notes, the tags and a foreign amount (`foreign amount -83.81 PLN`).
/// - `journal_id` is the record's source id, so a second import of the export adds nothing.
public struct FireflyImporter: LedgerImporter {
    /// `.firefly`.
    public var source: ImportSource { .firefly }
    /// What to read, the ledger, the choices and the name in reports.
    public let request: ImportRequest<Ledger, LedgerImportOptions>
    /// An importer of `request`.
    public init(_ request: ImportRequest<Ledger, LedgerImportOptions>) { self.request = request }

    /// The columns that make a CSV a Firefly III export.
    static let requiredColumns = ["journal_id", "type", "amount", "currency_code", "description", "date"]

    /// Whether the first row of `table` is a Firefly III header.
    static func isFireflyHeader(_ fields: [String]) -> Bool {
        let names = Set(fields.map { $0.trimmingCharacters(in: .whitespaces).lowercased() })
        return requiredColumns.allSatisfy(names.contains)
    }

    /// Reads the export.
    ///
    /// - Throws: ``KeepsakeError`` `.invalidArgument` when the header is not Firefly III's.
    public func plan() throws -> ImportPlan {
        let text = try TextEncoding.decode(try ImportFile.read(file), declared: options.encoding).text
        let table = CSVReader().rows(text)
        guard let header = table.first, Self.isFireflyHeader(header.fields) else {
            throw KeepsakeError(.invalidArgument, "\(KeepsakeError.printable(displayName)) is not a Firefly III CSV export: its header lacks the columns \(Self.requiredColumns.joined(separator: ", ")).")
        }
        let columns = Dictionary(header.fields.enumerated().map { ($1.trimmingCharacters(in: .whitespaces).lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
        var rows: [BankRow] = []
        for record in table.dropFirst() {
            func field(_ name: String) -> String {
                guard let index = columns[name], index < record.fields.count else { return "" }
                return record.fields[index].trimmingCharacters(in: .whitespacesAndNewlines)
            }
            let location = "line \(record.line)"
            if record.fields.map({ $0.lowercased() }) == header.fields.map({ $0.lowercased() }) { continue }
            let dateText = field("date")
            let day: Result<LedgerDay, ImportIssue> = DayFormat.iso.day(dateText).map { .success($0) }
                ?? .failure(ImportIssue(location: location, sourceID: field("journal_id"), reason: "the date \(KeepsakeError.quoted(dateText)) cannot be read as yyyy-mm-dd"))
            let amount: Result<DecimalAmount, ImportIssue>
            do {
                amount = .success(try DecimalAmount(parsing: field("amount")))
            } catch {
                amount = .failure(ImportIssue(location: location, sourceID: field("journal_id"), reason: "amount: \(error.description)"))
            }
            var row = BankRow(location: location, day: day, amount: amount)
            if let problem = record.problem { row.refusal = "malformed CSV: \(problem)" }
            let journal = field("journal_id")
            row.sourceID = journal.isEmpty ? nil : journal
            row.identity = record.fields.joined(separator: "\u{1F}")
            row.currencyCode = field("currency_code")
            row.category = field("category")
            let type = field("type").lowercased()
            let money = "\(field("amount")) \(field("currency_code"))"
            var counterparty = ""
            func own(_ name: String) -> BankFileAccount? {
                let clean = name.trimmingCharacters(in: .whitespaces)
                return clean.isEmpty ? nil : BankFileAccount(bankAccountID: nil, name: clean, kind: .bank)
            }
            switch type {
            case "withdrawal":
                row.kind = .expense
                counterparty = field("destination_name")
                row.home = own(field("source_name"))
            case "deposit":
                row.kind = .income
                counterparty = field("source_name")
                row.home = own(field("destination_name"))
            case "transfer":
                // Money leaves the source account for the destination, whatever the amount's sign.
                row.home = own(field("source_name"))
                row.transfer = own(field("destination_name")).map { .account($0) }
                row.transferLeavesHome = true
                if row.home == nil || row.transfer == nil {
                    row.refusal = "a transfer needs both source_name and destination_name"
                } else if !field("foreign_amount").isEmpty, field("foreign_currency_code") != field("currency_code") {
                    // Two currencies: the amount leaves the source, the foreign amount reaches the destination.
                    do {
                        row.transferForeignAmount = .success((try DecimalAmount(parsing: field("foreign_amount")), field("foreign_currency_code")))
                    } catch {
                        row.transferForeignAmount = .failure(ImportIssue(location: location, sourceID: field("journal_id"), reason: "foreign_amount: \(error.description)"))
                    }
                }
            case "opening balance":
                row.skipReason = "an opening balance (\(money)) is a starting balance, not income or an expense"
            case "reconciliation":
                row.skipReason = "a reconciliation (\(money)) corrects a balance; it is not income or an expense"
            default:
                row.refusal = "the type \(KeepsakeError.quoted(field("type"))) is none of Withdrawal, Deposit, Transfer, Opening balance, Reconciliation"
            }
            var memo = [field("description")]
            if !counterparty.isEmpty { memo.append(counterparty) }
            memo.append(field("notes"))
            if !field("tags").isEmpty { memo.append("tags: \(field("tags"))") }
            if !field("foreign_amount").isEmpty, row.transferForeignAmount == nil {
                memo.append("foreign amount \(field("foreign_amount")) \(field("foreign_currency_code"))".trimmingCharacters(in: .whitespaces))
            }
            row.memo = memo.filter { !$0.isEmpty }
            row.account = options.account
            rows.append(row)
        }
        let builder = BankPlanBuilder(source: .firefly, ledger: ledger, options: options, scope: options.account ?? "")
        return builder.plan(file: displayName, rows: rows)
    }
}
