import Foundation
import KeepsakeDiary
import KeepsakeStore
import KeepsakeTestSupport
import Testing

/// The chart page's insights: streaks, "often together" and emotions by weekday of a small diary,
/// in English and Korean.
@Suite struct DiaryInsightsPageTests {
    @Test func theChartPageShowsTheYearsStreaksTagsAndWeekdays() async throws {
        let fixture = try WebFixture()
        let diary = Diary(store: fixture.store)
        let seoul = try #require(TimeZone(identifier: "Asia/Seoul")), newYork = try #require(TimeZone(identifier: "America/New_York"))
        func write(_ moment: String, _ zone: TimeZone, _ emotion: Emotion, _ intensity: Int, _ tags: [String] = []) throws -> DiaryEntry {
            try diary.create(DiaryDraft(moment: try Date(moment, strategy: .iso8601), timeZone: zone, emotion: emotion, intensity: intensity,
                                        title: nil, text: "a day", tags: tags))
        }
        _ = try write("2025-11-03T09:00:00+09:00", seoul, .tiredness, 4, ["work"])
        _ = try write("2025-11-04T09:00:00+09:00", seoul, .tiredness, 2, ["work"])
        _ = try write("2025-11-05T09:00:00+09:00", seoul, .joy, 5, ["work", "friends"])
        // 23:30 on Sunday 9 November in New York (Monday in UTC) counts on Sunday.
        _ = try write("2025-11-09T23:30:00-05:00", newYork, .calm, 3)
        let trashed = try write("2025-11-06T09:00:00+09:00", seoul, .fear, 5, ["gone"])
        _ = try diary.delete(trashed.id)

        let page = try await fixture.get("/diary/chart?month=2025-11", headers: ["Accept-Language: en"])
        #expect(page.status == 200)
        let html = page.text
        #expect(html.contains("<h2>Insights of 2025</h2>"))
        #expect(html.contains(#"data-streak="longest">3 days <span class="hint">(Nov 3, 2025 – Nov 5, 2025)</span>"#), "the trashed 6th does not extend it")
        #expect(html.contains(#"data-streak="current">None</td>"#))
        #expect(html.contains(#"<th scope="row">Days written</th><td>4</td>"#))
        #expect(html.contains(#"<tr><th scope="row">work</th><td>3</td><td>1 <span class="hint">(33%)</span></td><td>2 <span class="hint">(67%)</span></td></tr>"#))
        #expect(html.contains(#"<tr><th scope="row">friends</th><td>1</td><td>1 <span class="hint">(100%)</span></td><td>0</td></tr>"#))
        #expect(!html.contains(">gone<"))
        #expect(html.contains(#"id="weekday-chart""#))
        #expect(html.contains(#"<th scope="row">Average intensity</th><td>4.0</td><td>2.0</td><td>5.0</td><td>–</td><td>–</td><td>–</td><td>3.0</td>"#))
        #expect(html.contains(#"Calm</th><td>0</td><td>0</td><td>0</td><td>0</td><td>0</td><td>0</td><td>1</td></tr>"#), "calm on Sunday")

        let korean = try await fixture.get("/diary/chart?month=2025-11", headers: ["Accept-Language: ko"])
        #expect(korean.text.contains("<h2>2025년 인사이트</h2>"))
        #expect(korean.text.contains("최장 연속 기록") && korean.text.contains(#"data-streak="longest">3일"#))
        #expect(korean.text.contains("요일별 감정") && korean.text.contains("평균 강도") && korean.text.contains("자주 함께한 감정"))

        let empty = try await fixture.get("/diary/chart?month=2024-11", headers: ["Accept-Language: en"])
        #expect(empty.status == 200 && !empty.text.contains("Longest streak"))
    }
}
