import Foundation
public import KeepsakeStore
import KeepsakeSupport

extension Ledger {
    /// The collection recurring rules are stored in: `ledger-recurring`, a companion collection of
    /// the ledger (``KeepsakeStore/CollectionName/bookCollection`` is `ledger`): a rule lives in a
    /// ledger book, next to the transactions it makes, and follows that book's roles (a viewer
    /// reads the rules, an editor or owner changes them, a stranger sees nothing).
    public static let recurringCollection: CollectionName = "ledger-recurring"
    /// The most occurrences a rule may be limited to.
    public static let maxRecurringCount = 10_000
    /// The longest range ``upcomingOccurrences(from:through:)`` lists, in days.
    public static let maxUpcomingDays = 731

    /// The extra fields of a transaction a rule made: the rule's id and the occurrence's day.
    enum OccurrenceField {
        static let rule = "recurringRule"
        static let day = "recurringDay"
    }

    /// Stores a new recurring rule in one atomic engine operation. Every field is checked before
    /// anything is written.
    ///
    /// - Throws: ``KeepsakeError`` `.invalidArgument` for a zero or negative amount, a bad category
    ///   or memo, a schedule day that does not exist (0, 32, weekday 8, 30 February), an end
    ///   before the start, a count below 1, or a book that is not a ledger book; `.notFound` for a
    ///   book the caller does not read; `.forbidden` for one it may only read.
    @discardableResult
    public func createRecurring(_ draft: LedgerRecurringDraft) throws -> LedgerRecurringRule {
        let fields = try Self.recurringFields(draft.terms)
        let book = try companionBook(draft.book, for: "a recurring rule")
        let record = try store.create(RecordDraft(collection: Self.recurringCollection, date: draft.start.startDate, fields: fields, book: book))
        return try Self.recurringRule(from: record)
    }

    /// The recurring rule with `id`.
    ///
    /// - Throws: ``KeepsakeError`` `.notFound` if there is none the caller reads.
    public func recurringRule(_ id: RecordID) throws -> LedgerRecurringRule {
        try Self.recurringRule(from: try recurringRecord(id))
    }

    /// Every recurring rule of the ledger books the caller reads (narrowed to ``books``), by start
    /// day, then category.
    public func recurringRules() throws -> [LedgerRecurringRule] {
        let rules = try store.allRecords(matching: oldestFirst(Self.recurringCollection)).map(Self.recurringRule(from:))
        return rules.sorted { ($0.start, $0.category, $0.id) < ($1.start, $1.category, $1.id) }
    }

    /// Changes a rule (``LedgerRecurringEdit``: `nil` fields stay) — its template, schedule, start,
    /// end or count — only if it is still at `expectedVersion` when one is given. Occurrences
    /// already made stay as they are; later ones are made from the new values, and no day through
    /// the rule's ``LedgerRecurringRule/createdThrough`` is made again (a new start before it makes
    /// nothing for the days in between).
    ///
    /// - Throws: ``KeepsakeError`` `.notFound`, `.invalidArgument` (checked like
    ///   ``createRecurring(_:)``; also an end given with `removeEnd`, a count with `removeCount`),
    ///   `.forbidden` for a viewer, `.conflict` when it changed meanwhile.
    @discardableResult
    public func updateRecurring(_ id: RecordID, _ edit: LedgerRecurringEdit, expectedVersion: Int64? = nil) throws -> LedgerRecurringRule {
        if edit.removeEnd && edit.end != nil {
            throw KeepsakeError(.invalidArgument, "Give a new end day or remove the end, not both.")
        }
        if edit.removeCount && edit.count != nil {
            throw KeepsakeError(.invalidArgument, "Give a new count or remove the count, not both.")
        }
        let current = try recurringRule(id)
        try KeepsakeError.checkVersion(id, current: current.version, expected: expectedVersion)
        let fields = try Self.recurringFields(current.terms.applying(edit))
        // The schedule's and the limits' fields a rule no longer has (a monthly rule made weekly
        // drops its day), leaving its progress (createdThrough) alone.
        let scheduleFields = [RecurringField.day, RecurringField.weekday, RecurringField.month, RecurringField.end, RecurringField.count]
        let gone = scheduleFields.filter { fields[$0] == nil }
        return try Self.recurringRule(from: try store.update(id, set: fields, remove: gone, expectedVersion: current.version))
    }

    /// Removes a rule for good: no more occurrences are made; those already made stay.
    ///
    /// - Throws: ``KeepsakeError`` `.notFound`, `.forbidden` for a viewer, `.conflict` when it
    ///   changed meanwhile (with `expectedVersion`).
    public func removeRecurring(_ id: RecordID, expectedVersion: Int64? = nil) throws {
        let record = try recurringRecord(id)
        try KeepsakeError.checkVersion(id, current: record.version, expected: expectedVersion)
        try store.purge(id)
    }

    /// The occurrences of every rule the caller reads from `from` through `through` that are not
    /// made yet (after the rule's ``LedgerRecurringRule/createdThrough``), by day, then category.
    ///
    /// - Throws: ``KeepsakeError`` `.invalidArgument` when `through` is before `from` or the range
    ///   is longer than ``maxUpcomingDays``.
    public func upcomingOccurrences(from: LedgerDay, through: LedgerDay) throws -> [LedgerRecurringOccurrence] {
        guard through >= from else {
            throw KeepsakeError(.invalidArgument, "The upcoming range ends on \(through), before it starts on \(from); give a later end day.")
        }
        guard through.daysSince1970 - from.daysSince1970 < Self.maxUpcomingDays else {
            throw KeepsakeError(.invalidArgument, "The upcoming range from \(from) through \(through) is longer than \(Self.maxUpcomingDays) days; ask for a shorter one.")
        }
        var result: [LedgerRecurringOccurrence] = []
        for rule in try recurringRules() {
            var start = from
            if let done = rule.createdThrough, done >= start { start = done.adding(days: 1) }
            guard start <= through else { continue }
            for day in rule.occurrences(from: start, through: through) {
                result.append(LedgerRecurringOccurrence(rule: rule, day: day, transactionID: Self.occurrenceID(rule: rule.id, day: day)))
            }
        }
        return result.sorted { ($0.day, $0.rule.category, $0.rule.id) < ($1.day, $1.rule.category, $1.rule.id) }
    }

    /// Makes every occurrence due through `today` (injected: the caller's today, never the clock
    /// read here) of every rule the caller reads, oldest first, and then moves each rule's
    /// ``LedgerRecurringRule/createdThrough`` on to its last due day.
    ///
    /// It is idempotent by rule and day: an occurrence's transaction id is
    /// ``occurrenceID(rule:day:)``, so when two servers make it at once, the engine stores one and
    /// refuses the other's as an existing id, which counts as done. An occurrence the person
    /// deleted is still in the trash under that id, so it is not made again; once purged, the
    /// rule's `createdThrough` keeps it from coming back. An edited occurrence is a transaction
    /// like any other and is never touched.
    ///
    /// The local operator (the web server's tick, `keepsake ledger recurring run`) makes each rule's
    /// occurrences in the name of the rule's author, so the engine checks that the author still
    /// writes the rule's book (the ledger book it is in); an account makes them in its own name.
    ///
    /// - Returns: what was made, what was already there, and the rules that could not run (their
    ///   author may no longer write the rule's ledger book): reported, while the other
    ///   rules run.
    /// - Throws: any other ``KeepsakeError`` (the store failing), after the rules before it ran.
    @discardableResult
    public func createDueOccurrences(through today: LedgerDay) throws -> LedgerRecurringRun {
        var run = LedgerRecurringRun()
        for rule in try recurringRules() {
            do {
                try createDue(rule, through: today, into: &run)
            } catch let error as KeepsakeError where error.code == .forbidden || error.code == .notFound {
                run.failures.append("The recurring \(rule.category) rule \(rule.id) did not run: \(error.message)")
            }
        }
        run.created.sort { ($0.date, $0.category) < ($1.date, $1.category) }
        return run
    }

    /// The id of the transaction that `rule` makes on `day`: a name-based UUID (SHA-256, version 8
    /// layout) of the two, the same on every server.
    public static func occurrenceID(rule: RecordID, day: LedgerDay) -> RecordID {
        nameBasedID([recurringCollection.name, rule.string, day.string])
    }

    /// The rule that made `transaction`, if a rule made it (its id, which may be removed since).
    public func recurringRuleID(of transaction: RecordID) throws -> RecordID? {
        guard let text = try ledgerRecord(transaction).fields[OccurrenceField.rule]?.stringValue else { return nil }
        return try RecordID(parsing: text)
    }

    // MARK: - Helpers

    /// Makes `rule`'s due occurrences and records how far it got.
    private func createDue(_ rule: LedgerRecurringRule, through today: LedgerDay, into run: inout LedgerRecurringRun) throws {
        let days = rule.occurrences(from: rule.createdThrough?.adding(days: 1), through: today)
        guard let last = days.last else { return }
        let writer = store.caller.isLocalOperator ? rule.author.map { store.acting(as: .account($0)) } ?? store : store
        let writing = Ledger(store: writer)
        for day in days {
            let id = Self.occurrenceID(rule: rule.id, day: day)
            let draft = try writing.recordDraft(
                LedgerTransactionDraft(date: day, kind: rule.kind, amount: rule.amount, category: rule.category, memo: rule.memo,
                                       id: id, book: rule.book),
                extraFields: [OccurrenceField.rule: .string(rule.id.string), OccurrenceField.day: .string(day.string)])
            do {
                run.created.append(try Self.transaction(from: try writer.create(draft)))
            } catch let error as KeepsakeError where error.code == .conflict {
                // The engine refuses an existing id with a conflict: made already (by another
                // server, or deleted into the trash by the person). Any other conflict is thrown.
                guard try store.recordIfPresent(id) != nil || writer.recordIfPresent(id) != nil else { throw error }
                run.alreadyThere += 1
            }
        }
        try markCreated(rule.id, through: last)
    }

    /// Moves the rule's `createdThrough` on to `day` (never back), retrying when another server
    /// changed the rule meanwhile.
    private func markCreated(_ id: RecordID, through day: LedgerDay) throws {
        var attempt = 0
        while true {
            attempt += 1
            let current = try recurringRule(id)
            if let done = current.createdThrough, done >= day { return }
            do {
                try store.update(id, set: [RecurringField.createdThrough: .string(day.string)], expectedVersion: current.version)
                return
            } catch let error as KeepsakeError where error.code == .conflict && attempt < 5 {
                continue
            }
        }
    }

    /// The record `id`, which must be a recurring rule.
    func recurringRecord(_ id: RecordID) throws -> Record {
        guard let record = try store.recordIfPresent(id), record.collection == Self.recurringCollection, !record.isTrashed else {
            throw KeepsakeError(.notFound, "No recurring rule with id \(id) exists in this store; list the recurring rules to see valid ids.")
        }
        return record
    }
}
