import Foundation
import KeepsakeLedger
import KeepsakeStore

extension LedgerCommand {
    /// `keepsake ledger recurring edit ID`: changes what is given.
    struct EditRecurring: ParsableCommand {
        /// Its name and help.
        static let configuration = CommandConfiguration(
            "edit", abstract: "Change a recurring rule; only the options given change.",
            discussion: """
                Changes the rule ID; only the options given change. Occurrences already made stay as they
                are, and a day already made is never made again, whatever the new schedule or start says.
                --no-end and --no-count remove a limit. A refused value writes nothing.
                """,
            examples: [
                "keepsake ledger recurring edit 3f2504e0-4f89-41d3-9a0c-0305e82c3301 --amount 700000",
                "keepsake ledger recurring edit 3f2504e0-4f89-41d3-9a0c-0305e82c3301 --weekly fri --no-count",
            ])

        /// The rule.
        @Argument(.recordID, hint: "as recurring add and recurring list print it") var id: RecordID
        /// A new schedule.
        @OptionGroup var schedule: ScheduleOptions
        /// A new amount.
        @Option("--amount", .text("AMOUNT"), help: Help.amount) var amount: String?
        /// A new currency.
        @Option("--currency", .text("CODE"), help: "ISO 4217 code; default the rule's.") var currency: String?
        /// A new category.
        @Option("--category", .text("NAME"), help: Help.category) var category: String?
        /// A new kind.
        @OptionGroup var kinds: KindOptions
        /// A new note.
        @Option("--memo", .text(), help: Help.memo) var memo: String?
        /// A new first day.
        @Option("--start", .day, help: "A new first day (a count is counted from it).") var start: CalendarDay?
        /// A new last day.
        @Option("--end", .day, help: "A new last day.") var end: CalendarDay?
        /// No last day.
        @Flag("--no-end", help: "Remove the last day.") var noEnd: Bool
        /// A new count.
        @Option("--count", .text("N"), help: "A new count of occurrences, from the start.") var count: String?
        /// No count.
        @Flag("--no-count", help: "Remove the count.") var noCount: Bool

        /// Something must change; a limit is set or removed.
        static var rules: [OptionRule] {
            [.atMostOne([[\Self.$end], [\Self.$noEnd]]), .atMostOne([[\Self.$count], [\Self.$noCount]]),
             .atLeastOne([\Self.schedule.$monthly, \Self.schedule.$weekly, \Self.schedule.$yearly, \Self.$amount, \Self.$currency, \Self.$category,
                          \Self.kinds.$expense, \Self.kinds.$income, \Self.kinds.$named, \Self.$memo, \Self.$start, \Self.$end, \Self.$noEnd,
                          \Self.$count, \Self.$noCount], message: "Nothing to change")]
        }

        /// Saves the change and prints the rule.
        func run(_ call: Invocation) async throws -> Int32 {
            let ledger = Ledger(store: try call.openStore())
            let current = try ledger.recurringRule(id)
            var edit = LedgerRecurringEdit(kind: kinds.kind, category: category, memo: memo, schedule: try schedule.schedule(), start: start, end: end,
                                           count: try LedgerCommand.count(count), removeEnd: noEnd, removeCount: noCount)
            if amount != nil || currency != nil {
                let code = try currency.map { try Currency(code: $0) } ?? current.amount.currency
                edit.amount = try amount.map { try Money(parsing: $0, currency: code) } ?? Money(parsing: current.amount.amountString, currency: code)
            }
            let rule = try ledger.updateRecurring(id, edit, expectedVersion: current.version)
            let today = CalendarDay(containing: Date(), in: call.timeZone)
            try call.printResult(rule) {
                call.print("Updated recurring rule \(rule.id).")
                call.print(LedgerCommand.line(rule, today: today))
            }
            return 0
        }
    }

    /// A count typed on the command line; `nil` when not given.
    ///
    /// - Throws: ``KeepsakeError`` `.invalidArgument` when it is not a whole number.
    static func count(_ text: String?) throws -> Int? {
        guard let text else { return nil }
        guard let value = Int(text.trimmingCharacters(in: .whitespaces)) else {
            throw KeepsakeError(.invalidArgument, "The count \(KeepsakeError.quoted(text)) is not a whole number.")
        }
        return value
    }
}
