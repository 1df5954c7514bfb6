import Foundation
import KeepsakeHTTP
import KeepsakeLedger
import KeepsakeStore
import KeepsakeSupport

extension WebApp {
    /// The ledger's recurring routes under `/api/v1/ledger/recurring` (docs/API.md, docs/LEDGER.md).
    static func addRecurringRoutes(to ledger: inout APIRouteTable) {
        ledger.json(.get, "/recurring", APIDoc("listRecurringRules", "List recurring rules",
                                               answer: "Every recurring rule the caller reads, by start day, each with its next day.")) { app, request in
            let today = app.today
            return try APIAnswer(APIList(items: try app.ledger.recurringRules().map { APIRecurringRule($0, today: today) }))
        }
        ledger.json(.post, "/recurring", APIDoc("createRecurringRule", "Make a recurring rule", answer: "The rule.", status: .created, etag: true,
                                                description: "A rule makes a transaction when its day comes (when a server starts, and every hour), once per rule and day even with several servers. A day that does not exist (0, 32, 30 February), a count of 0, an end before the start, or an amount with more decimals than the currency has is 400 and nothing is written. A viewer of the book is 403."),
                    input: APIRecurringInput.self) { app, request, body in
            let draft = try body.draft()
            let rule = try app.writers.path.perform(files: [], language: request.language) { try app.ledger.createRecurring(draft) }
            return try APIAnswer(APIRecurringRule(rule, today: app.today), version: rule.version, request: request, status: .created,
                                 location: "\(WebApp.apiPrefix)/ledger/recurring/\(rule.id.string)")
        }
        ledger.json(.get, "/recurring/upcoming", APIDoc("listUpcomingRecurring", "Upcoming recurring occurrences",
                                                        answer: "The occurrences not made yet from today (the server's time zone) through the day given, by day.",
                                                        parameters: [.query("through", JSONSchema.day, required: true, description: "The last day, at most 731 days on.")])) { app, request in
            guard let text = request.query("through") else { throw APIProblem.invalid("Give the last day as through=YYYY-MM-DD.") }
            let occurrences = try app.ledger.upcomingOccurrences(from: app.today, through: try LedgerDay(parsing: text))
            return try APIAnswer(APIList(items: occurrences.map(APIRecurringOccurrence.init)))
        }
        ledger.json(.get, "/recurring/{id:uuid}", APIDoc("getRecurringRule", "Read a recurring rule", answer: "The rule.", parameters: [.recordID, .ifNoneMatch],
                                                         etag: true, notModified: true)) { app, request in
            let rule = try app.ledger.recurringRule(request.id)
            return try APIAnswer(APIRecurringRule(rule, today: app.today), version: rule.version, request: request)
        }
        ledger.json(.patch, "/recurring/{id:uuid}", APIDoc("updateRecurringRule", "Change a recurring rule", answer: "The rule.", parameters: [.recordID, .ifMatch],
                                                           etag: true, description: "Changes the template, schedule, start, end or count (`end`/`count` null removes it); occurrences already made stay as they are, and no day already made is made again."),
                    input: APIRecurringPatch.self) { app, request, body in
            let edit = body.edit
            let expected = try request.expectedVersion()
            let rule = try app.writers.path.perform(files: [], language: request.language) {
                try app.ledger.updateRecurring(request.id, edit, expectedVersion: expected)
            }
            return try APIAnswer(APIRecurringRule(rule, today: app.today), version: rule.version, request: request)
        }
        ledger.raw(.delete, "/recurring/{id:uuid}", APIDoc("removeRecurringRule", "Remove a recurring rule, for good", answer: "Gone.",
                                                           parameters: [.recordID, .ifMatch]),
                   responses: ["204": ["description": "Gone; no more occurrences are made, and those made stay."]]) { app, request in
            let expected = try request.expectedVersion()
            try app.writers.path.perform(files: [], language: request.language) { try app.ledger.removeRecurring(request.id, expectedVersion: expected) }
            return HTTPResponse(status: .noContent)
        }
    }

    /// Today in the server's time zone, by the configuration's clock.
    var today: LedgerDay { CalendarDay(containing: configuration.clock()) }
}
