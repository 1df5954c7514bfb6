import Foundation
import KeepsakeStore

extension Ledger {
    /// What `fsck` reports of the ledger: every broken invariant of the transactions, transfers and
    /// recurring rules the caller reads: transfers first, then recurring rules, then split
    /// transactions. Empty when the ledger is sound.
    ///
    /// It reads; it never changes anything (none of these can be repaired without a person's
    /// choice: which of two occurrences to keep, which account a transfer meant).
    public func check() throws -> [LedgerProblem] {
        try transferProblems() + recurringProblems() + splitProblems()
    }

    /// Each transfer one of whose sides names no money account (its record was removed outside the
    /// ledger, or is not an account). A book's default account of a side's currency counts as
    /// present (it is stored before a transfer names it). No transaction is read, so one that
    /// cannot be read does not hide these problems.
    public func transferProblems() throws -> [LedgerProblem] {
        let known = Set(try storedAccounts().map(\.id))
        var problems: [LedgerProblem] = []
        for transfer in try allTransfers() {
            func isDefault(_ id: RecordID, _ currency: Currency) -> Bool {
                transfer.book.map { Self.defaultAccountID(for: currency, in: $0) == id } ?? false
            }
            for (side, id, currency) in [("from", transfer.from, transfer.amount.currency), ("to", transfer.to, transfer.toAmount.currency)]
            where !known.contains(id) && !isDefault(id, currency) {
                problems.append(LedgerProblem(
                    kind: .transferMissingAccount, recordID: transfer.id,
                    message: "Transfer \(transfer.id) of \(transfer.date) names a missing \(side) account \(id); remove the transfer (keepsake ledger account list shows the accounts)."))
            }
        }
        return problems
    }

    /// Each day for which a recurring rule made more than one live transaction. Occurrence ids are
    /// derived from the rule and the day (``occurrenceID(rule:day:)``), so the ledger itself never
    /// makes a day twice; a copy can still come in from outside (an archive or a store merged by
    /// hand under other ids). The database counts the transactions by rule and day; none is decoded.
    public func recurringProblems() throws -> [LedgerProblem] {
        let groups = try store.tally(FieldTallyRequest(
            collection: Self.collection, dateFrom: .distantPast, dateUntil: .distantFuture,
            keys: [OccurrenceField.rule, OccurrenceField.day]))
        var problems: [LedgerProblem] = []
        for group in groups where group.count > 1 {
            guard case let .string(ruleText)? = group.values.first ?? nil,
                  case let .string(day)? = group.values.last ?? nil else { continue }
            let rule: RecordID
            do { rule = try RecordID(parsing: ruleText) } catch {
                throw KeepsakeError(.incompatibleStore, "A transaction names the recurring rule \(ruleText), which is not a record id. It may have been written by a newer version of Keepsake or changed outside the ledger.")
            }
            problems.append(LedgerProblem(
                kind: .recurringDayTwice, recordID: rule,
                message: "Recurring rule \(rule) made \(group.count) transactions for \(day); keep one and move the others to the trash (keepsake ledger list --month \(day.prefix(7)) shows them)."))
        }
        return problems.sorted { ($0.recordID.string, $0.message) < ($1.recordID.string, $1.message) }
    }
}
