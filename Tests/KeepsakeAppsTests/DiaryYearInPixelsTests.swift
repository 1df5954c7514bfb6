import Foundation
import Testing
import KeepsakeDiary
import KeepsakeStore
import KeepsakeTestSupport

@Suite struct DiaryYearInPixelsTests {
    @Test func eachDayOfTheYearWithEntriesHasItsDominantEmotionAndAverageIntensity() throws {
        let fixture = try DiaryFixture()
        // 1 January: two calms (2 + 4) beat one stronger anger.
        try fixture.write("2026-01-01T09:00:00+09:00", diarySeoul, .calm, 2)
        try fixture.write("2026-01-01T12:00:00+09:00", diarySeoul, .anger, 5)
        try fixture.write("2026-01-01T18:00:00+09:00", diarySeoul, .calm, 4)
        // 31 December at 23:30 in New York is 2027 in UTC and Seoul: still the year's last day.
        try fixture.write("2026-12-31T23:30:00-05:00", diaryNewYork, .joy, 5)
        // 08:00 on 1 January 2026 in Seoul is 2025 in UTC: in 2026. 23:00 on 31 December 2025 in
        // Seoul (still 2025) is not.
        try fixture.write("2026-01-02T08:00:00+09:00", diarySeoul, .love, 3)
        try fixture.write("2025-12-31T23:00:00+09:00", diarySeoul, .fear, 3)
        // A trashed entry does not count.
        let trashed = try fixture.write("2026-06-01T12:00:00+09:00", diarySeoul, .sadness, 1)
        try fixture.diary.delete(trashed.id)

        let year = try fixture.diary.yearInPixels(2026)
        #expect(year.year == 2026)
        #expect(year.days.map(\.day.string) == ["2026-01-01", "2026-01-02", "2026-12-31"])
        #expect(year.days.map(\.dominantEmotion) == [.calm, .love, .joy])
        #expect(year.days[0].count == 3)
        #expect(year.days[0].emotionCounts == [.calm: 2, .anger: 1])
        #expect(year.days[0].averageIntensity == 11.0 / 3.0)
        #expect(year.days[2].averageIntensity == 5)
        #expect(try fixture.diary.yearInPixels(2025).days.map(\.day.string) == ["2025-12-31"])
        #expect(try fixture.diary.yearInPixels(2024).days.isEmpty)

        // The same days and emotions as the month calendar, which is computed the same way.
        #expect(try fixture.diary.calendar(year: 2026, month: 1) == Array(year.days.prefix(2)))
        #expect { try fixture.diary.yearInPixels(0) } throws: { diaryError($0, .invalidArgument, "0 is not a year") }
        #expect { try fixture.diary.yearInPixels(10_000) } throws: { diaryError($0, .invalidArgument, "10000 is not a year") }
    }
}
