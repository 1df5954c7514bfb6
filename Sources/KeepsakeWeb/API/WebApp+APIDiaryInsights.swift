import Foundation
import KeepsakeDiary
import KeepsakeStore

extension WebApp {
    /// The parameters of `GET /api/v1/diary/insights` (in the route table).
    static var diaryInsightsParameters: [APIParameter] {
        [
            .query("from", APIDays.schema(description: "The first day counted; default: the first entry's.")),
            .query("until", APIDays.schema(description: "The first day not counted; default: none. Before from: 400; the same day as from: nothing counts.")),
            .query("timeZone", APITimeZones.schema(description: "The zone whose date is today (for the current streak).", defaultValue: "UTC")),
            .query("today", APIDays.schema(description: "The day the current streak is measured against; default: today in timeZone.")),
        ]
    }

    /// `GET /api/v1/diary/insights?from=&until=&timeZone=&today=`: each tag's entries by emotion,
    /// the longest and the current streak of days written, and the emotions by weekday, over the
    /// entries whose own day is in `from ..< until` (``Diary/insights(from:until:today:)``).
    func apiDiaryInsights(_ request: APIRequest) throws -> APIAnswer<APIDiaryInsights> {
        let zone = try APITimeZones.zone(request.query("timeZone")) ?? TimeZone(identifier: "UTC")!
        func day(_ name: String) throws -> DiaryDay? {
            guard let text = request.query(name) else { return nil }
            guard let day = try? DiaryDay(text) else { throw APIProblem.invalid("Give \(name) as a day, YYYY-MM-DD.") }
            return day
        }
        let today = try day("today") ?? DiaryDay(containing: Date(), in: zone)
        let insights = try diary.insights(from: try day("from"), until: try day("until"), today: today)
        return try APIAnswer(APIDiaryInsights(insights, timeZone: request.query("timeZone") ?? "UTC"))
    }
}
