import Foundation
import KeepsakeLedger
import KeepsakeStore
import KeepsakeSupport

/// Turns statement rows into a plan: ids from the bank's ids or from content and position, the
/// ledger's checks, amounts with too many decimals refused or rounded.
struct BankPlanBuilder {
    let source: ImportSource
    let ledger: Ledger
    let options: LedgerImportOptions
    /// The account the rows belong to (part of every id).
    var scope: String

    func plan(file: String, rows: [BankRow], notes: [ImportIssue] = [], skipped extraSkipped: [ImportIssue] = []) -> ImportPlan {
        var plan = ImportPlan(source: source, file: file, skipped: extraSkipped, notes: notes)
        let accounts = BankAccountPlanner(ledger: ledger)
        // The bank's id when there is one, else the row's content; either way followed by the number
        // of earlier rows with the same key (some banks repeat an id), so every row keeps its own id.
        let keys = SourceRecordID.occurrenceKeys(rows.map { row in row.sourceID.map { "id\u{1F}" + $0 } ?? "content\u{1F}" + row.identity })
        for (row, key) in zip(rows, keys) {
            let sourceID = row.sourceID.map { key.hasSuffix("#0") ? $0 : "\($0)#\(key.split(separator: "#").last ?? "")" }
                ?? "content:" + String(SHA256.hex(Data(key.utf8)).prefix(20))
            if let reason = row.skipReason {
                plan.skipped.append(ImportIssue(location: row.location, sourceID: row.sourceID, reason: reason))
                continue
            }
            switch build(row, sourceID: sourceID, key: key, accounts: accounts) {
            case .success(let item): plan.items.append(item)
            case .failure(.skip(let issue)): plan.skipped.append(issue)
            case .failure(.refuse(let issue)): plan.refused.append(issue)
            }
        }
        plan.accounts = accounts.planned
        return plan
    }

    private enum Problem: Error {
        case skip(ImportIssue)
        case refuse(ImportIssue)
    }

    private func build(_ row: BankRow, sourceID: String, key: String, accounts: BankAccountPlanner) -> Result<ImportItem, Problem> {
        func refuse(_ reason: String) -> Result<ImportItem, Problem> {
            .failure(.refuse(ImportIssue(location: row.location, sourceID: row.sourceID, reason: reason)))
        }
        if let refusal = row.refusal { return refuse(refusal) }
        let day: LedgerDay
        switch row.day {
        case .success(let value): day = value
        case .failure(let issue): return .failure(.refuse(issue))
        }
        let signed: DecimalAmount
        switch row.amount {
        case .success(let value): signed = value
        case .failure(let issue): return .failure(.refuse(issue))
        }
        let currency: Currency
        if let code = row.currencyCode?.trimmingCharacters(in: .whitespaces), !code.isEmpty {
            do { currency = try Currency(code: code) } catch let error as KeepsakeError { return refuse(error.message) } catch { return refuse("\(error)") }
        } else if let given = options.currency {
            currency = given
        } else {
            return refuse("the row does not say its currency; give it with --currency CODE (or a currency field in the rules)")
        }
        if signed.isZero {
            return .failure(.skip(ImportIssue(location: row.location, sourceID: row.sourceID, reason: "the amount is zero; a transaction of nothing is not recorded")))
        }
        var notes = row.notes
        let money: Money
        do {
            let result = try signed.magnitude(in: currency, rounding: options.rounding)
            money = result.money
            if result.rounded, let rounding = options.rounding {
                notes.append("the amount \(signed) \(currency.code) was rounded to \(money.amountString) (\(rounding.rawValue))")
            }
        } catch {
            return .failure(.refuse(ImportIssue(location: row.amountLocation ?? row.location, sourceID: row.sourceID, reason: error.description)))
        }
        let kind = row.kind ?? (signed.isNegative ? .expense : .income)

        var category = (row.category?.trimmingCharacters(in: .whitespacesAndNewlines)).flatMap { $0.isEmpty ? nil : $0 } ?? options.category
        category = String(category.map { $0.isNewline || $0.unicodeScalars.contains { $0.properties.generalCategory == .control } ? " " : $0 })
        if category.count > Ledger.maxCategoryLength {
            notes.append("the category \(KeepsakeError.quoted(category)) was shortened to \(Ledger.maxCategoryLength) characters")
            category = String(category.prefix(Ledger.maxCategoryLength))
        }
        var parts: [String] = []
        for part in row.memo {
            let clean = part.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
            if !clean.isEmpty, !parts.contains(clean) { parts.append(clean) }
        }
        var memo = parts.joined(separator: " — ")
        memo = String(memo.unicodeScalars.filter { $0.properties.generalCategory != .control || $0 == "\n" || $0 == "\t" }.map(Character.init))
        if memo.count > Ledger.maxMemoLength {
            notes.append("the memo was shortened to \(Ledger.maxMemoLength) characters")
            memo = String(memo.prefix(Ledger.maxMemoLength))
        }

        let scope = row.account ?? self.scope
        let id = SourceRecordID.make(source, scope: scope, key: key)
        var fields: [String: FieldValue] = [ImportWriter.sourceField: .string(source.rawValue), ImportWriter.idField: .string(sourceID)]
        if !scope.isEmpty { fields["importAccount"] = .string(scope) }
        // The money account: the one named by --account, else the file's, else (nil) the book's
        // default account of the currency.
        let home: RecordID?
        do {
            if let name = options.account?.trimmingCharacters(in: .whitespacesAndNewlines), !name.isEmpty {
                home = try accounts.resolve(BankFileAccount(bankAccountID: nil, name: name, kind: .bank), currency: currency)
            } else if let account = row.home {
                home = try accounts.resolve(account, currency: currency)
            } else {
                home = nil
            }
        } catch {
            return refuse(error.reason)
        }
        if let side = row.transfer {
            func skip(_ reason: String) -> Result<ImportItem, Problem> {
                .failure(.skip(ImportIssue(location: row.location, sourceID: row.sourceID, reason: reason)))
            }
            do {
                // A transfer between two currencies: what arrives on the other side, in its currency.
                var arriving = money
                if let foreign = row.transferForeignAmount {
                    let given: (amount: DecimalAmount, currencyCode: String)
                    switch foreign {
                    case .success(let value): given = value
                    case .failure(let issue): return .failure(.refuse(issue))
                    }
                    let otherCurrency = try Currency(code: given.currencyCode.trimmingCharacters(in: .whitespaces))
                    let result: (money: Money, rounded: Bool)
                    do {
                        result = try given.amount.magnitude(in: otherCurrency, rounding: options.rounding)
                    } catch {
                        return refuse("foreign_amount: \(error.description)")
                    }
                    guard result.money.minorUnits != 0 else { return refuse("the foreign amount is zero; a transfer between two currencies needs what arrives on the other side") }
                    if result.rounded, let rounding = options.rounding {
                        notes.append("the foreign amount \(given.amount) \(otherCurrency.code) was rounded to \(result.money.amountString) (\(rounding.rawValue))")
                    }
                    arriving = result.money
                }
                let other: RecordID?
                switch side {
                case .account(let account): other = try accounts.resolve(account, currency: arriving.currency)
                case .ifKnown(let bankAccountID): other = try accounts.known(bankAccountID: bankAccountID, currency: currency)
                case .unnamed:
                    if let name = options.transferAccount?.trimmingCharacters(in: .whitespacesAndNewlines), !name.isEmpty {
                        other = try accounts.resolve(BankFileAccount(bankAccountID: nil, name: name, kind: .bank), currency: currency)
                    } else {
                        other = try accounts.defaultAccount(currency)
                    }
                }
                if let other {
                    let own = try home ?? accounts.defaultAccount(currency)
                    guard own != other else {
                        return skip("a transfer whose both sides are the account \(KeepsakeError.quoted(accounts.name(own))) moves nothing")
                    }
                    let (from, to) = row.transferLeavesHome ?? signed.isNegative ? (own, other) : (other, own)
                    if try accounts.isDuplicate(day: day, from: from, to: to, amount: money, id: id) {
                        return skip("the same transfer (\(day), \(money.amountString) \(currency.code), \(accounts.name(from)) → \(accounts.name(to))) is already in the ledger or earlier in the file: the other account's statement of it; it is recorded once")
                    }
                    let book = try accounts.importBook()
                    // Only a transfer leaving home has its arriving side in the other account (Firefly's case).
                    let (fromAmount, toAmount) = from == own ? (money, arriving) : (arriving, money)
                    let record = try Ledger.transferDraft(date: day, from: from, to: to, amount: fromAmount, toAmount: toAmount, memo: memo,
                                                          id: id, book: book, extraFields: fields)
                    return .success(ImportItem(id: id, sourceID: sourceID, location: row.location,
                                               summary: "\(day) \(money.amountString) \(currency.code)\(arriving.currency == currency ? "" : " → \(arriving.amountString) \(arriving.currency.code)") transfer \(accounts.name(from)) → \(accounts.name(to))\(memo.isEmpty ? "" : " · " + String(memo.prefix(59)))",
                                               record: record, notes: notes))
                }
            } catch let problem as BankAccountPlanner.Problem {
                if problem.otherCurrency {
                    return skip("a transfer between two currencies needs the amount on both sides, and the file gives one (\(money.amountString) \(currency.code)): \(problem.reason); record it by hand with both amounts")
                }
                return refuse(problem.reason)
            } catch let error as KeepsakeError {
                return refuse(error.message)
            } catch {
                return refuse("\(error)")
            }
        }
        let draft = LedgerTransactionDraft(date: day, kind: kind, amount: money, category: category, memo: memo, id: id)
        do {
            var record = try ledger.recordDraft(draft, extraFields: fields)
            if let home { record = Ledger.placing(record, in: home, book: try accounts.importBook()) }
            let sign = kind == .expense ? "-" : "+"
            let short = memo.count > 60 ? String(memo.prefix(59)) + "…" : memo
            return .success(ImportItem(id: id, sourceID: sourceID, location: row.location,
                                       summary: "\(day) \(sign)\(money.amountString) \(currency.code) \(category)\(short.isEmpty ? "" : " · " + short)",
                                       record: record, notes: notes))
        } catch let problem as BankAccountPlanner.Problem {
            return refuse(problem.reason)
        } catch let error as KeepsakeError {
            return refuse(error.message)
        } catch {
            return refuse("\(error)")
        }
    }
}
