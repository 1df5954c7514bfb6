import Foundation
import KeepsakeStore

/// The previous / this month / next links above a month's page (the calendar, the chart, the ledger).
enum MonthNavigation {
    /// The month asked for (`?month=YYYY-MM`), or the current one.
    static func requestedMonth(_ request: WebRequest) -> CalendarMonth {
        request.query("month").flatMap { try? CalendarMonth(parsing: $0) } ?? CalendarMonth(containing: Date(), in: .current)
    }

    /// Previous / this month / next links of the page at `path`.
    static func links(_ path: String, month: CalendarMonth, request: WebRequest) -> HTML {
        let t = request.strings
        let formats = Formats(language: request.language)
        let previous: HTML = month.previous.map {
            "<a class=\"button\" rel=\"prev\" href=\"\(WebRequest.link(path, [("month", $0.string)]))\">← \(t[.previousMonth])</a>"
        } ?? .empty
        let next: HTML = month.next.map {
            "<a class=\"button\" rel=\"next\" href=\"\(WebRequest.link(path, [("month", $0.string)]))\">\(t[.nextMonth]) →</a>"
        } ?? .empty
        return "<nav class=\"month-nav\">\(previous)<h2>\(formats.month(month))</h2>\(next)</nav>"
    }
}
