import Foundation
import KeepsakeDiary
import KeepsakeStore
import KeepsakeTestSupport
import Testing

/// `GET /api/v1/diary/insights`: the figures of a small diary, the current streak against the
/// `today` asked, and the refusals.
@Suite struct APIDiaryInsightsTests {
    /// Writes an entry through the API.
    func write(_ fixture: APIFixture, _ json: String) async throws {
        let response = try await fixture.call("/diary/entries", ["-H", "Idempotency-Key: \(UUID())", "-H", "Content-Type: application/json", "--data-binary", json])
        try #require(response.status == 201, "\(response.text)")
    }

    @Test func theAnswerCountsTagsStreaksAndWeekdaysByEachEntrysOwnDay() async throws {
        let fixture = try APIFixture()
        try await write(fixture, #"{"emotion":"tiredness","intensity":4,"text":"a","tags":["work"],"moment":"2025-11-03T09:00:00+09:00","timeZone":"Asia/Seoul"}"#)
        try await write(fixture, #"{"emotion":"tiredness","intensity":2,"text":"b","tags":["work"],"moment":"2025-11-04T09:00:00+09:00","timeZone":"Asia/Seoul"}"#)
        try await write(fixture, #"{"emotion":"joy","intensity":5,"text":"c","tags":["work","friends"],"moment":"2025-11-05T09:00:00+09:00","timeZone":"Asia/Seoul"}"#)
        // 23:30 on Sunday 9 November in New York is Monday in UTC: it counts on Sunday.
        try await write(fixture, #"{"emotion":"calm","intensity":3,"text":"d","moment":"2025-11-09T23:30:00-05:00","timeZone":"America/New_York"}"#)
        // 00:30 on 1 December in Seoul is still November in UTC: outside November.
        try await write(fixture, #"{"emotion":"fear","intensity":1,"text":"e","tags":["work"],"moment":"2025-12-01T00:30:00+09:00","timeZone":"Asia/Seoul"}"#)

        let response = try await fixture.call("/diary/insights?from=2025-11-01&until=2025-12-01&timeZone=Asia/Seoul&today=2025-11-06")
        #expect(response.status == 200, "\(response.text)")
        let body = try APIFixture.object(response)
        #expect(body["from"] as? String == "2025-11-01" && body["until"] as? String == "2025-12-01")
        #expect(body["today"] as? String == "2025-11-06" && body["timeZone"] as? String == "Asia/Seoul")
        #expect(body["entryCount"] as? Int == 4 && body["dayCount"] as? Int == 4)
        let emotions = try #require(body["emotions"] as? [String: Int])
        #expect(emotions["tiredness"] == 2 && emotions["joy"] == 1 && emotions["calm"] == 1 && emotions["fear"] == 0 && emotions.count == 10)

        let tags = try #require(body["tags"] as? [[String: Any]])
        #expect(tags.map { $0["tag"] as? String } == ["work", "friends"])
        #expect(tags.map { $0["entryCount"] as? Int } == [3, 1])
        let work = try #require(tags.first?["emotions"] as? [String: Int])
        #expect(work["tiredness"] == 2 && work["joy"] == 1 && work["fear"] == 0)

        let longest = try #require(body["longestStreak"] as? [String: Any])
        #expect(longest["firstDay"] as? String == "2025-11-03" && longest["lastDay"] as? String == "2025-11-05" && longest["length"] as? Int == 3)
        // Today (the 6th) has no entry, yesterday has: the streak is still current.
        let current = try #require(body["currentStreak"] as? [String: Any])
        #expect(current["firstDay"] as? String == "2025-11-03" && current["length"] as? Int == 3)

        let weekdays = try #require(body["weekdays"] as? [[String: Any]])
        #expect(weekdays.map { $0["weekday"] as? Int } == [1, 2, 3, 4, 5, 6, 7])
        #expect(weekdays.map { $0["entryCount"] as? Int } == [1, 1, 1, 0, 0, 0, 1])
        #expect(weekdays[0]["averageIntensity"] as? Double == 4 && weekdays[6]["averageIntensity"] as? Double == 3)
        #expect(weekdays[3]["averageIntensity"] is NSNull)
        #expect((weekdays[6]["emotions"] as? [String: Int])?["calm"] == 1)

        // Two days later the streak is no longer current: null, not left out.
        let later = try APIFixture.object(try await fixture.call("/diary/insights?from=2025-11-01&until=2025-12-01&today=2025-11-07"))
        #expect(later["currentStreak"] is NSNull)
        #expect(later["timeZone"] as? String == "UTC")
        // Without a range every entry counts; the fear of 1 December joins "work".
        let all = try APIFixture.object(try await fixture.call("/diary/insights?today=2025-12-01"))
        #expect(all["entryCount"] as? Int == 5 && all["from"] is NSNull && all["until"] is NSNull)
        #expect((all["tags"] as? [[String: Any]])?.first?["entryCount"] as? Int == 4)
        #expect((all["currentStreak"] as? [String: Any])?["firstDay"] as? String == "2025-12-01")
        // Without today, it is today in the time zone asked.
        let now = try APIFixture.object(try await fixture.call("/diary/insights?timeZone=Pacific/Kiritimati"))
        let zone = try #require(TimeZone(identifier: "Pacific/Kiritimati"))
        let days = [Date(timeIntervalSinceNow: -60), Date()].map { DiaryDay(containing: $0, in: zone).string }
        #expect(days.contains(now["today"] as? String ?? ""), "\(now["today"] ?? "nothing") is today in Kiritimati (\(days))")
    }

    @Test func badDaysRangesAndZonesAre400() async throws {
        let fixture = try APIFixture()
        for query in ["from=2025-12-01&until=2025-11-01", "from=November", "until=2025-02-30", "today=tomorrow", "timeZone=Mars/Olympus"] {
            let response = try await fixture.call("/diary/insights?\(query)")
            #expect(response.status == 400, "\(query): \(response.status) \(response.text)")
        }
        let empty = try APIFixture.object(try await fixture.call("/diary/insights?from=2025-11-01&until=2025-11-01"))
        #expect(empty["entryCount"] as? Int == 0 && empty["longestStreak"] is NSNull && (empty["weekdays"] as? [Any])?.count == 7)
    }
}
