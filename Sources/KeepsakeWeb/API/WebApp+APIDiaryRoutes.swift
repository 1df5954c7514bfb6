import Foundation
import KeepsakeDiary
import KeepsakeHTTP
import KeepsakeStore
import KeepsakeSupport

extension WebApp {
    /// The diary's routes under `/api/v1/diary`.
    static func addDiaryRoutes(to diary: inout APIRouteTable) {
        let listParameters: [APIParameter] = [
            .query("emotion", Emotion.reference), .query("tag", JSONSchema.string(pattern: APIText.noControl(maxLength: DiaryLimits.maxTagLength))),
            .query("from", JSONSchema.timestamp, description: "Entries whose moment is at or after from (and before until, when given)."),
            .query("until", JSONSchema.timestamp, description: "Entries whose moment is before until."),
        ]
        addRecordRoutes(to: &diary, base: "/entries", noun: "diary entry", name: "DiaryEntry", images: true, listParameters: listParameters,
                        input: APIDiaryEntryInput.self, patch: APIDiaryEntryPatch.self,
                        list: { app, request in try app.apiListDiaryEntries(request) },
                        trash: { app, request in try app.apiDiaryTrash(request) },
                        search: { app, request in try app.apiSearchDiary(request) },
                        create: { app, request, body in try await app.apiCreateDiaryEntry(request, body) },
                        update: { app, request, body in try app.apiUpdateDiaryEntry(request, body) },
                        resource: { $0.diaryResource })
        addImageRoutes(to: &diary, base: "/entries/{id:uuid}", name: "DiaryEntry", noun: "diary entry", collection: Diary.collection) { $0.diaryResource }
        diary.json(.get, "/calendar", APIDoc("getDiaryCalendar", "A month's calendar", answer: "Each day with entries.", parameters: [
            .query("month", APIMonths.schema, required: true),
        ])) { app, request in try app.apiDiaryCalendar(request) }
        diary.json(.get, "/year", APIDoc("getDiaryYear", "A year in pixels",
                                         answer: "Each day of the year with entries: its dominant emotion (the calendar's rule) and average intensity; a day not listed had no entry.",
                                         parameters: [
            .query("year", JSONSchema.integer(1...9999), required: true),
        ])) { app, request in try app.apiDiaryYear(request) }
        diary.json(.get, "/on-this-day", APIDoc("getDiaryOnThisDay", "On this day in earlier years",
                                                answer: "The entries of the same day in each earlier year that has some, newest year first.",
                                                parameters: [
            .query("day", APIDays.schema(description: "The day to look back from; today in timeZone when not given.")),
            .query("timeZone", APITimeZones.schema(defaultValue: "UTC")),
        ])) { app, request in try app.apiDiaryOnThisDay(request) }
        diary.json(.get, "/statistics", APIDoc("getDiaryStatistics", "Emotion statistics per week or month", answer: "One entry per period.", parameters: [
            .query("from", APIDays.schema(), required: true),
            .query("until", APIDays.schema(description: "Not included; not before from (400), the same day as from: no period."), required: true),
            .query("period", JSONSchema.string(values: ["week", "month"], defaultValue: "month")),
            .query("timeZone", APITimeZones.schema(defaultValue: "UTC")),
        ])) { app, request in try app.apiDiaryStatistics(request) }
        diary.json(.get, "/insights", APIDoc("getDiaryInsights", "Often together, streaks and emotions by weekday", answer: "The insights of the days asked.",
                                             parameters: diaryInsightsParameters)) { app, request in try app.apiDiaryInsights(request) }
    }
}
