import Foundation
import KeepsakeDiary
import KeepsakeStore
import KeepsakeTestSupport
import KeepsakeWeb
import Testing

/// The diary's "on this day" band and page and its year in pixels, as pages and in the JSON API.
@Suite struct DiaryYearsPageTests {
    /// Noon UTC on 3 December 2026: the same day in the server's zone wherever it is from -11 to +11.
    static let now = try! Date("2026-12-03T12:00:00Z", strategy: .iso8601)

    static func write(_ diary: Diary, _ moment: String, _ emotion: Emotion, _ intensity: Int, _ title: String) throws {
        _ = try diary.create(DiaryDraft(moment: try Date(moment, strategy: .iso8601), timeZone: TimeZone(identifier: "UTC")!,
                                        emotion: emotion, intensity: intensity, title: title, text: "", tags: [], images: []))
    }

    @Test func theTimelineAndTheOnThisDayPageBringBackEarlierYears() async throws {
        let fixture = try WebFixture(clock: { Self.now })
        let diary = Diary(store: fixture.store)
        try Self.write(diary, "2025-12-03T12:00:00Z", .joy, 4, "LastYearPicnic")
        try Self.write(diary, "2023-12-03T09:00:00Z", .calm, 2, "ThreeYearsTea")
        try Self.write(diary, "2025-11-20T09:00:00Z", .fear, 2, "NotThisDay")

        let timeline = try await fixture.get("/diary")
        #expect(timeline.text.contains("class=\"on-this-day\""))
        #expect(timeline.text.contains("1 year ago</strong> LastYearPicnic"))
        #expect(timeline.text.contains("3 years ago</strong> ThreeYearsTea"))
        #expect(timeline.text.contains("/diary/on-this-day?day=2026-12-03"))
        // The band is kept between requests, and read again once anything has changed.
        #expect(try await fixture.get("/diary").text == timeline.text)
        try Self.write(diary, "2024-12-03T09:00:00Z", .love, 3, "TwoYearsAdded")
        #expect(try await fixture.get("/diary").text.contains("2 years ago</strong> TwoYearsAdded"))

        let page = try await fixture.get("/diary/on-this-day")
        #expect(page.status == 200)
        #expect(page.text.contains("1 year ago"))
        #expect(page.text.contains("3 years ago"))
        #expect(page.text.contains("LastYearPicnic") && page.text.contains("ThreeYearsTea"))
        #expect(!page.text.contains("NotThisDay"))
        let newestFirst = try #require(page.text.range(of: "LastYearPicnic")).lowerBound < (try #require(page.text.range(of: "ThreeYearsTea"))).lowerBound
        #expect(newestFirst)
        let empty = try await fixture.get("/diary/on-this-day?day=2026-01-01")
        #expect(empty.text.contains("Nothing was written on this day in earlier years."))
        let korean = try await fixture.get("/diary/on-this-day", headers: ["Accept-Language: ko"])
        #expect(korean.text.contains("오늘의 추억") && korean.text.contains("1년 전"))

        // Nothing on this day in earlier years: no band.
        let other = try WebFixture(clock: { Self.now })
        try Self.write(Diary(store: other.store), "2025-11-20T09:00:00Z", .fear, 2, "NotThisDay")
        #expect(!(try await other.get("/diary")).text.contains("class=\"on-this-day\""))
    }

    @Test func theYearInPixelsColoursEachDayByItsDominantEmotionAndShadesItByIntensity() async throws {
        let fixture = try WebFixture(clock: { Self.now })
        let diary = Diary(store: fixture.store)
        try Self.write(diary, "2025-06-14T08:00:00Z", .anger, 5, "Angry")
        try Self.write(diary, "2025-06-14T20:00:00Z", .anger, 5, "Angrier")
        try Self.write(diary, "2025-06-15T08:00:00Z", .calm, 1, "Faint")

        let page = try await fixture.get("/diary/year?year=2025")
        #expect(page.status == 200)
        #expect(page.text.contains("data-year=\"2025\""))
        #expect(page.text.contains("has-entries emo-anger s5\"><a href=\"/diary?day=2025-06-14\""))
        #expect(page.text.contains("has-entries emo-calm s1\"><a href=\"/diary?day=2025-06-15\""))
        #expect(page.text.components(separatedBy: "class=\"has-entries").count - 1 == 2, "only the two days with entries are coloured")
        // February 2025 has 28 days: the 29th to 31st are not days.
        #expect(page.text.components(separatedBy: "<td class=\"none\"></td>").count - 1 == 3 + 4,
                "Feb 29–31, Apr/Jun/Sep/Nov 31 are no days")
        #expect(page.text.contains("/diary/year?year=2024") && page.text.contains("/diary/year?year=2026"))
        let thisYear = try await fixture.get("/diary/year")
        #expect(thisYear.text.contains("data-year=\"2026\""))
        #expect(thisYear.text.contains("No entries this year."))
        #expect(try await fixture.get("/diary/year", headers: ["Accept-Language: ko"]).text.contains("한 해의 감정"))
    }

    @Test func theAPIGivesTheSameDaysAndYears() async throws {
        let web = try WebFixture(clock: { Self.now })
        let api = try APIFixture(web: web)
        let diary = Diary(store: web.store)
        try Self.write(diary, "2025-12-03T12:00:00Z", .joy, 4, "LastYearPicnic")
        try Self.write(diary, "2025-12-03T13:00:00Z", .sadness, 2, "LastYearRain")
        try Self.write(diary, "2024-12-03T13:00:00Z", .love, 3, "TwoYearsLove")

        let year = try APIFixture.object(try await api.call("/diary/year?year=2025"))
        #expect(year["year"] as? Int == 2025)
        let days = try #require(year["days"] as? [[String: Any]])
        #expect(days.count == 1)
        #expect(days.first?["day"] as? String == "2025-12-03")
        #expect(days.first?["count"] as? Int == 2)
        #expect(days.first?["dominantEmotion"] as? String == "joy", "one each: the stronger wins")
        #expect(days.first?["averageIntensity"] as? Double == 3)

        let onThisDay = try APIFixture.object(try await api.call("/diary/on-this-day"))
        #expect(onThisDay["day"] as? String == "2026-12-03", "today in UTC by default")
        let years = try #require(onThisDay["years"] as? [[String: Any]])
        #expect(years.map { $0["yearsAgo"] as? Int } == [1, 2])
        #expect(years.map { $0["day"] as? String } == ["2025-12-03", "2024-12-03"])
        let titles = (years.first?["entries"] as? [[String: Any]])?.map { $0["title"] as? String }
        #expect(titles == ["LastYearPicnic", "LastYearRain"])
        // 21:00 in Seoul: still 3 December there too.
        let seoul = try APIFixture.object(try await api.call("/diary/on-this-day?timeZone=Asia/Seoul"))
        #expect(seoul["day"] as? String == "2026-12-03")

        #expect(try await api.call("/diary/year?year=0").status == 400)
        #expect(try await api.call("/diary/year").status == 400)
        #expect(try await api.call("/diary/on-this-day?day=2026-02-30").status == 400)
        #expect(try await api.call("/diary/on-this-day?timeZone=Mars/Olympus").status == 400)
    }
}
