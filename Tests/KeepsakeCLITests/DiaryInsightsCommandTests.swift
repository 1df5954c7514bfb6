import Foundation
import Testing
import KeepsakeDiary
import KeepsakeStore
import KeepsakeTestSupport

/// `keepsake diary insights` end to end, in-process, on a fresh store, in Asia/Seoul.
@Suite struct DiaryInsightsCommandTests {
    @Test func insightsCountTagsStreaksAndWeekdays() async throws {
        let cli = CLI("cli-diary-insights")
        try await cli.ok(["diary", "add", "--emotion", "tiredness", "--intensity", "4", "--text", "a", "--tag", "work", "--at", "2026-11-02T10:00"])
        try await cli.ok(["diary", "add", "--emotion", "tiredness", "--intensity", "2", "--text", "b", "--tag", "work", "--tag", "rain", "--at", "2026-11-03T09:00"])
        try await cli.ok(["diary", "add", "--emotion", "joy", "--intensity", "5", "--text", "c", "--tag", "work", "--at", "2026-11-04T09:00"])
        // 23:30 on Sunday 8 November in New York (Monday in Seoul and in UTC) counts on Sunday.
        try await cli.ok(["diary", "add", "--emotion", "calm", "--text", "d", "--at", "2026-11-08T23:30", "--time-zone", "America/New_York"])

        let insights = try await cli.json(DiaryInsights.self, ["diary", "insights", "--from", "2026-11-01", "--until", "2026-12-01"])
        #expect(insights.entryCount == 4 && insights.dayCount == 4)
        let first = try CalendarDay(parsing: "2026-11-01"), next = try CalendarDay(parsing: "2026-12-01")
        let second = try CalendarDay(parsing: "2026-11-02"), fourth = try CalendarDay(parsing: "2026-11-04")
        #expect(insights.from == first && insights.until == next)
        #expect(insights.tags.map(\.tag) == ["work", "rain"])
        #expect(insights.tag("work")?.emotionCounts == [.tiredness: 2, .joy: 1])
        #expect(insights.longestStreak == DiaryStreak(firstDay: second, lastDay: fourth))
        #expect(insights.currentStreak == nil, "November 2026 is over")
        #expect(insights.weekdays.map(\.entryCount) == [1, 1, 1, 0, 0, 0, 1])
        #expect(insights.weekday(7)?.emotionCounts == [.calm: 1])
        #expect(insights.today == CalendarDay(containing: Date(), in: cli.timeZone) || insights.today == CalendarDay(containing: Date(timeIntervalSinceNow: -60), in: cli.timeZone))

        let text = try await cli.ok(["diary", "insights", "--from", "2026-11-01", "--until", "2026-12-01", "--time-zone", "America/New_York"])
        #expect(text.contains("Entries:        4 on 4 days\n"))
        #expect(text.contains("Longest streak: 3 days, 2026-11-02 to 2026-11-04\n"))
        #expect(text.contains("Current streak: none (today is "))
        #expect(text.contains(" in America/New_York)\n"))
        #expect(text.contains("\n  work                 3  tiredness 2 (67%), joy 1 (33%)\n"), "\(text)")
        #expect(text.contains("\n  rain                 1  tiredness 1 (100%)\n"))
        #expect(text.contains("\n  Mon                  1  4.0  tiredness 1\n"))
        #expect(text.contains("\n  Thu                  0  -\n"))
        #expect(text.contains("\n  Sun                  1  3.0  calm 1\n"))

        // An entry written now makes a current streak of a day, whenever the test runs.
        try await cli.ok(["diary", "add", "--emotion", "love", "--text", "now"])
        let now = try await cli.json(DiaryInsights.self, ["diary", "insights"])
        #expect(now.entryCount == 5 && now.currentStreak?.length == 1)

        try await cli.fails(2, ["diary", "insights", "--from", "2026-12-01", "--until", "2026-11-01"], containing: "--until")
        try await cli.fails(2, ["diary", "insights", "--from", "November"])
        try await cli.fails(2, ["diary", "insights", "--time-zone", "Mars/Olympus"])
    }
}
