import Foundation
import KeepsakeLedger
import KeepsakeStore

extension LedgerCommand {
    /// `keepsake ledger recurring add|edit|list|remove|upcoming|run`: recurring transactions.
    static let recurring = Command(
        group: "recurring", abstract: "Recurring transactions: add, edit, list, remove, upcoming, run.",
        discussion: """
            A recurring rule makes a transaction when its day comes: every month on a day (the 29th to
            31st fall on the last day of shorter months), every week on a weekday, or every year on a
            day (29 February is 28 February in common years), from a start day, until an end day or for
            a count. The server makes due occurrences when it starts and every hour; run makes them now.
            Each occurrence is made once, even by several servers; one you delete or edit stays so.
            """,
        subcommands: [Command(AddRecurring.self), Command(EditRecurring.self), Command(ListRecurring.self), Command(RemoveRecurring.self),
                      Command(UpcomingRecurring.self), Command(RunRecurring.self)],
        examples: [
            "keepsake ledger recurring add --monthly 25 --amount 650000 --category 월세",
            "keepsake ledger recurring upcoming --through 2026-12-31",
        ])

    /// `keepsake ledger recurring add`.
    struct AddRecurring: ParsableCommand {
        /// Its name and help.
        static let configuration = CommandConfiguration(
            "add", abstract: "Add a recurring rule.",
            discussion: """
                Adds a rule with one of --monthly, --weekly or --yearly. The rule is kept in your default
                ledger book, or the ledger book --book names, and its occurrences go into that same book.
                A day that does not exist (0, 32, 30 February), a count of 0, an end before the start or
                an amount with more decimals than the currency has is refused and nothing is written.
                """,
            examples: [
                "keepsake ledger recurring add --monthly 31 --amount 1200.00 --currency USD --category Rent",
                "keepsake ledger recurring add --weekly mon --amount 15000 --category 레슨 --count 10",
                "keepsake ledger recurring add --yearly 02-29 --income --amount 50000 --category 용돈",
            ])

        /// The schedule.
        @OptionGroup var schedule: ScheduleOptions
        /// The amount, as written.
        @Option("--amount", .text("AMOUNT"), help: Help.amount) var amount: String
        /// The category.
        @Option("--category", .text("NAME"), help: Help.category) var category: String
        /// Expense or income.
        @OptionGroup var kinds: KindOptions
        /// The currency's code.
        @Option("--currency", .text("CODE"), help: Help.currency) var currency: String?
        /// A note.
        @Option("--memo", .text(), help: Help.memo) var memo: String?
        /// The first day.
        @Option("--start", .day, help: "The first day it may fall on; default today.") var start: CalendarDay?
        /// The last day.
        @Option("--end", .day, help: "The last day it may fall on.") var end: CalendarDay?
        /// How many occurrences.
        @Option("--count", .text("N"), help: "How many occurrences at most.") var count: String?
        /// The ledger book the rule is kept in and its occurrences go into (default: your own).
        @OptionGroup var book: BookOption

        /// One schedule, exactly (the group takes at most one).
        static var rules: [OptionRule] {
            [.atLeastOne([\Self.schedule.$monthly, \Self.schedule.$weekly, \Self.schedule.$yearly], message: "Give the schedule")]
        }

        /// Adds the rule and prints it.
        func run(_ call: Invocation) async throws -> Int32 {
            let ledger = Ledger(store: try call.openStore())
            let today = CalendarDay(containing: Date(), in: call.timeZone)
            guard let schedule = try schedule.schedule() else { throw CommandFailure(message: "Give the schedule.") }
            let draft = LedgerRecurringDraft(kind: kinds.kind ?? .expense, amount: try Money(parsing: amount, currency: try Currency(code: currency ?? "KRW")),
                                             category: category, memo: memo ?? "", schedule: schedule, start: start ?? today, end: end,
                                             count: try LedgerCommand.count(count), book: try book.bookID(in: ledger.store, collection: Ledger.collection))
            let rule = try ledger.createRecurring(draft)
            try call.printResult(rule) {
                call.print("Added recurring rule \(rule.id).")
                call.print(LedgerCommand.line(rule, today: today))
            }
            return 0
        }
    }

    /// `keepsake ledger recurring list`.
    struct ListRecurring: ParsableCommand {
        /// Its name and help.
        static let configuration = CommandConfiguration(
            "list", abstract: "Every recurring rule, with its next day.",
            discussion: "Every recurring rule you read, by start day, each with its schedule and next day.",
            examples: ["keepsake ledger recurring list", "keepsake ledger recurring list --json"])

        /// Prints the rules.
        func run(_ call: Invocation) async throws -> Int32 {
            let ledger = Ledger(store: try call.openStore())
            let today = CalendarDay(containing: Date(), in: call.timeZone)
            let rules = try ledger.recurringRules()
            try call.printResult(rules) {
                if rules.isEmpty { call.print("No recurring rules.") }
                rules.forEach { call.print(LedgerCommand.line($0, today: today)) }
            }
            return 0
        }
    }

    /// `keepsake ledger recurring remove ID`.
    struct RemoveRecurring: ParsableCommand {
        /// Its name and help.
        static let configuration = CommandConfiguration(
            "remove", abstract: "Remove a recurring rule for good.",
            discussion: "Removes the rule ID for good: no more occurrences are made; those made stay.",
            examples: ["keepsake ledger recurring remove 3f2504e0-4f89-41d3-9a0c-0305e82c3301"])

        /// The rule.
        @Argument(.recordID, hint: "as recurring add and recurring list print it") var id: RecordID

        /// Removes the rule.
        func run(_ call: Invocation) async throws -> Int32 {
            let ledger = Ledger(store: try call.openStore())
            let rule = try ledger.recurringRule(id)
            try ledger.removeRecurring(id, expectedVersion: rule.version)
            try call.printResult(rule) { call.print("Removed recurring rule \(id).") }
            return 0
        }
    }

    /// `keepsake ledger recurring upcoming`.
    struct UpcomingRecurring: ParsableCommand {
        /// Its name and help.
        static let configuration = CommandConfiguration(
            "upcoming", abstract: "Occurrences not made yet, from today through a day.",
            discussion: "Lists the occurrences of every rule you read from today through --through (default: the end of\nthis month) that are not made yet.",
            examples: ["keepsake ledger recurring upcoming", "keepsake ledger recurring upcoming --through 2026-12-31 --json"])

        /// The last day.
        @Option("--through", .day, help: "The last day; default the end of this month.") var through: CalendarDay?

        /// Prints the occurrences.
        func run(_ call: Invocation) async throws -> Int32 {
            let ledger = Ledger(store: try call.openStore())
            let today = CalendarDay(containing: Date(), in: call.timeZone)
            let occurrences = try ledger.upcomingOccurrences(from: today, through: through ?? today.calendarMonth.lastDay)
            try call.printResult(occurrences) {
                if occurrences.isEmpty { call.print("No upcoming occurrences.") }
                for occurrence in occurrences {
                    let rule = occurrence.rule
                    call.print("\(occurrence.day)  \(CommandSupport.pad(rule.kind.rawValue, to: 7)) \(rule.amount)  \(rule.category)  (rule \(rule.id))")
                }
            }
            return 0
        }
    }

    /// `keepsake ledger recurring run`.
    struct RunRecurring: ParsableCommand {
        /// Its name and help.
        static let configuration = CommandConfiguration(
            "run", abstract: "Make the occurrences that are due now.",
            discussion: """
                Makes every occurrence due through --through (default today) that is not made yet, as the
                server does when it starts and every hour. Running it twice, or on two servers, makes each
                occurrence once.
                """,
            examples: ["keepsake ledger recurring run", "keepsake ledger recurring run --through 2026-12-31"])

        /// The last day.
        @Option("--through", .day, help: "Make what is due through this day; default today.") var through: CalendarDay?

        /// Makes the occurrences and prints them.
        func run(_ call: Invocation) async throws -> Int32 {
            let ledger = Ledger(store: try call.openStore())
            let run = try ledger.createDueOccurrences(through: through ?? CalendarDay(containing: Date(), in: call.timeZone))
            try call.printResult(run.created) {
                call.print("Made \(CommandSupport.count(run.created.count, "transaction")); \(run.alreadyThere) already there.")
                run.created.forEach { call.print(LedgerCommand.line($0)) }
                run.failures.forEach { call.print($0) }
            }
            return run.failures.isEmpty ? 0 : 1
        }
    }

    /// One rule line: id, schedule, amount, category, next day.
    static func line(_ rule: LedgerRecurringRule, today: CalendarDay) -> String {
        let schedule: String
        switch rule.schedule {
        case .monthly(let day): schedule = "monthly on day \(day)"
        case .weekly(let weekday): schedule = "weekly on weekday \(weekday)"
        case .yearly(let month, let day): schedule = "yearly on \(month.zeroPadded(2))-\(day.zeroPadded(2))"
        }
        let next = rule.nextDay(onOrAfter: today).map { "next \($0)" } ?? "ended"
        return "\(rule.id)  \(schedule)  \(rule.kind.rawValue) \(rule.amount)  \(rule.category)  \(next)"
    }
}
