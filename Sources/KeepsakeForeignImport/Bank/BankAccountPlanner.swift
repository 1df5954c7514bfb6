import Foundation
import KeepsakeLedger
import KeepsakeStore

/// Finds or plans the money accounts a statement's rows belong to and the other sides of its
/// transfers: an account the book has (by its bank identifier, else by name), else a new one with
/// a deterministic id (``Ledger/importedAccountID(key:in:)``), planned once and written by
/// ``ImportWriter`` with the first batch.
final class BankAccountPlanner {
    /// Why a row's account cannot be used.
    struct Problem: Error {
        /// A sentence for the report.
        var reason: String
        /// Whether the account holds another currency than the row.
        var otherCurrency: Bool = false
    }

    private let ledger: Ledger
    private var known: [LedgerAccount]?
    private var book: BookID?
    private var storedTransfers: [String: Set<RecordID>]?
    private var plannedTransfers: [String: RecordID] = [:]
    /// The accounts to make, in the order first needed.
    private(set) var planned: [ImportItem] = []
    private var plannedAccounts: [RecordID: (name: String, currency: Currency, bankAccountID: String?)] = [:]

    init(ledger: Ledger) { self.ledger = ledger }

    /// The caller's ledger book the import writes accounts and transfers in.
    func importBook() throws(Problem) -> BookID {
        if let book { return book }
        do {
            let value = try ledger.importBook()
            book = value
            return value
        } catch {
            throw Problem(reason: (error as? KeepsakeError)?.message ?? "\(error)")
        }
    }

    private func accounts() throws(Problem) -> [LedgerAccount] {
        if let known { return known }
        let book = try importBook()
        do {
            let value = try ledger.accounts().filter { $0.book == book }
            known = value
            return value
        } catch {
            throw Problem(reason: (error as? KeepsakeError)?.message ?? "\(error)")
        }
    }

    /// The name of the account `id` (planned or stored), for summaries.
    func name(_ id: RecordID) -> String {
        plannedAccounts[id]?.name ?? known?.first { $0.id == id }?.name ?? id.string
    }

    /// The account `account` names, holding `currency`: the book's with that bank identifier or
    /// name, else a new bank or card account with an opening balance of zero.
    func resolve(_ account: BankFileAccount, currency: Currency) throws(Problem) -> RecordID {
        let existing = try accounts()
        let book = try importBook()
        func checked(_ id: RecordID, _ name: String, _ held: Currency) throws(Problem) -> RecordID {
            guard held == currency else {
                throw Problem(reason: "the account \(KeepsakeError.quoted(name)) holds \(held.code), not \(currency.code)", otherCurrency: true)
            }
            return id
        }
        if let bankID = account.bankAccountID {
            if let found = existing.first(where: { $0.bankAccountID == bankID }) { return try checked(found.id, found.name, found.currency) }
            if let found = plannedAccounts.first(where: { $0.value.bankAccountID == bankID }) {
                return try checked(found.key, found.value.name, found.value.currency)
            }
        } else {
            let lower = account.name.lowercased()
            if let found = existing.first(where: { $0.name.lowercased() == lower }) { return try checked(found.id, found.name, found.currency) }
            if let found = plannedAccounts.first(where: { $0.value.name.lowercased() == lower }) {
                return try checked(found.key, found.value.name, found.value.currency)
            }
        }
        let key = account.bankAccountID.map { "bank:" + $0 } ?? "name:" + account.name.lowercased()
        let id = Ledger.importedAccountID(key: key, in: book)
        if let found = existing.first(where: { $0.id == id }) { return try checked(found.id, found.name, found.currency) }
        // A made account's name is unique in its book: `Bank …1234 (USD)`, then `… 2`, when taken.
        let taken = Set(existing.map { $0.name.lowercased() } + plannedAccounts.values.map { $0.name.lowercased() })
        var name = account.name
        if taken.contains(name.lowercased()) { name = "\(account.name) (\(currency.code))" }
        var number = 2
        while taken.contains(name.lowercased()) {
            name = "\(account.name) (\(currency.code)) \(number)"
            number += 1
        }
        do {
            let draft = try Ledger.importedAccountDraft(name: name, kind: account.kind, currency: currency,
                                                        bankAccountID: account.bankAccountID, id: id, book: book)
            planned.append(ImportItem(id: id, sourceID: key, location: "account \(name)",
                                      summary: "\(KeepsakeError.quoted(name)) (\(account.kind.rawValue), \(currency.code))", record: draft))
        } catch {
            throw Problem(reason: (error as? KeepsakeError)?.message ?? "\(error)")
        }
        plannedAccounts[id] = (name, currency, account.bankAccountID)
        return id
    }

    /// The book's account with the bank identifier `bankAccountID`, when there is one.
    func known(bankAccountID: String, currency: Currency) throws(Problem) -> RecordID? {
        guard let found = try accounts().first(where: { $0.bankAccountID == bankAccountID }) else { return nil }
        guard found.currency == currency else {
            throw Problem(reason: "the account \(KeepsakeError.quoted(found.name)) holds \(found.currency.code), not \(currency.code)", otherCurrency: true)
        }
        return found.id
    }

    /// The book's default cash account of `currency`, planned when it is not stored yet.
    func defaultAccount(_ currency: Currency) throws(Problem) -> RecordID {
        let book = try importBook()
        let id = Ledger.defaultAccountID(for: currency, in: book)
        let stored = try accounts().first { $0.id == id }?.isStored == true
        if !stored, plannedAccounts[id] == nil {
            let name = Ledger.defaultAccountName(currency)
            planned.append(ImportItem(id: id, sourceID: "default:" + currency.code, location: "account \(name)",
                                      summary: "\(KeepsakeError.quoted(name)) (cash, \(currency.code))", record: Ledger.defaultAccountDraft(for: currency, in: book)))
            plannedAccounts[id] = (name, currency, nil)
        }
        return id
    }

    /// Whether a transfer of `amount` from `from` to `to` on `day` is in the ledger already under
    /// another id, or earlier in this file (the other bank's statement of the same transfer, the
    /// other account block of a QIF file); remembers it otherwise.
    func isDuplicate(day: LedgerDay, from: RecordID, to: RecordID, amount: Money, id: RecordID) throws(Problem) -> Bool {
        if storedTransfers == nil {
            do {
                storedTransfers = Dictionary(grouping: try ledger.transfers(), by: { Self.key($0.date, $0.from, $0.to, $0.amount) }).mapValues { Set($0.map(\.id)) }
            } catch {
                throw Problem(reason: (error as? KeepsakeError)?.message ?? "\(error)")
            }
        }
        let key = Self.key(day, from, to, amount)
        if let ids = storedTransfers?[key], !ids.contains(id) { return true }
        if let first = plannedTransfers[key], first != id { return true }
        plannedTransfers[key] = id
        return false
    }

    private static func key(_ day: LedgerDay, _ from: RecordID, _ to: RecordID, _ amount: Money) -> String {
        "\(day)|\(from)|\(to)|\(amount.minorUnits)|\(amount.currency.code)"
    }
}
