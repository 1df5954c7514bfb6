import Foundation
public import KeepsakeLedger
public import KeepsakeStore
public import Observation

/// One month of the ledger: its transactions, totals per currency and per category, paging back and
/// forth between months.
@MainActor @Observable
public final class LedgerMonthViewModel: FailureReporting {
    /// The month shown.
    public private(set) var month: LedgerMonth
    /// Its transactions, newest first (only those of ``category`` and ``kind`` when set).
    public private(set) var transactions: [LedgerTransaction] = []
    /// Show only this category's transactions (the totals still cover the whole month).
    public var category: String?
    /// Show only expenses or only income (the totals still cover the whole month).
    public var kind: TransactionKind?
    /// Income, expense and balance per currency (never summed across currencies).
    public private(set) var totals: [Currency: LedgerTotals] = [:]
    /// Per currency, per category totals.
    public private(set) var categoryTotals: [Currency: [String: LedgerTotals]] = [:]
    /// The last failure, typed (its code decides how an edge answers); `nil` after a success.
    public var error: KeepsakeError?
    /// True while loading.
    public private(set) var isLoading = false
    /// The ledger.
    public let ledger: Ledger

    /// Shows `month`.
    public init(ledger: Ledger, month: LedgerMonth) {
        self.ledger = ledger
        self.month = month
    }

    /// Loads the month's transactions and totals.
    public func load() async {
        isLoading = true
        defer { isLoading = false }
        let ledger = ledger, month = month, category = category, kind = kind
        do {
            let (transactions, totals, categories) = try await background {
                (try ledger.transactions(in: month, category: category, kind: kind), try ledger.totals(year: month.year, month: month.month),
                 try ledger.categoryTotals(year: month.year, month: month.month))
            }
            self.transactions = transactions
            self.totals = totals
            categoryTotals = categories
            error = nil
        } catch { self.error = failure(error) }
    }

    /// Shows the previous month.
    public func showPreviousMonth() async {
        if let previous = month.previous { month = previous }
        await load()
    }

    /// Shows the next month.
    public func showNextMonth() async {
        if let next = month.next { month = next }
        await load()
    }

    /// Moves a transaction to the trash.
    public func delete(_ id: RecordID) async {
        let ledger = ledger
        do {
            _ = try await background { try ledger.delete(id) }
            await load()
        } catch { self.error = failure(error) }
    }

    /// Restores a transaction.
    public func restore(_ id: RecordID) async {
        let ledger = ledger
        do {
            _ = try await background { try ledger.restore(id) }
            await load()
        } catch { self.error = failure(error) }
    }

    /// Reloads whenever a transaction changes anywhere. Runs until the calling task is cancelled.
    public func observeChanges(pollInterval: Duration = .milliseconds(200)) async {
        await watchChanges(of: ledger.store, collection: Ledger.collection, pollInterval: pollInterval,
                           refresh: { await self.load() }, failed: { self.error = failure($0) })
    }
}
