import Foundation
import Testing
import KeepsakeDiary
import KeepsakeStore
import KeepsakeTestSupport

@Suite struct DiaryInsightsTests {
    /// One entry at noon (Seoul) on each of `days`.
    func writeDays(_ fixture: DiaryFixture, _ days: [String], _ emotion: Emotion = .calm) throws {
        for day in days { try fixture.write("\(day)T12:00:00+09:00", diarySeoul, emotion) }
    }

    @Test func oftenTogetherCountsEachTagsEntriesByEmotion() throws {
        let fixture = try DiaryFixture()
        try fixture.write("2026-11-02T09:00:00+09:00", diarySeoul, .tiredness, 4, tags: ["work"])
        try fixture.write("2026-11-03T09:00:00+09:00", diarySeoul, .tiredness, 2, tags: ["work", "rain"])
        try fixture.write("2026-11-04T09:00:00+09:00", diarySeoul, .joy, 5, tags: ["work", "friends"])
        try fixture.write("2026-11-05T09:00:00+09:00", diarySeoul, .joy, 3, tags: ["Friends "])
        try fixture.write("2026-11-06T09:00:00+09:00", diarySeoul, .sadness, 1, tags: ["rain"])
        try fixture.write("2026-11-07T09:00:00+09:00", diarySeoul, .calm, 3)
        let insights = try fixture.diary.insights(today: diaryDay("2026-11-30"))

        #expect(insights.entryCount == 6 && insights.dayCount == 6)
        #expect(insights.emotionCounts == [.tiredness: 2, .joy: 2, .sadness: 1, .calm: 1])
        // The most used tag first; equal counts in tag order. The untagged entry is in no tag.
        #expect(insights.tags.map(\.tag) == ["work", "friends", "rain"])
        #expect(insights.tags.map(\.entryCount) == [3, 2, 2])
        let work = try #require(insights.tag("work"))
        #expect(work.emotionCounts == [.tiredness: 2, .joy: 1])
        #expect(work.count(of: .tiredness) == 2 && work.count(of: .fear) == 0)
        #expect(abs(work.share(of: .tiredness) - 2.0 / 3.0) < 1e-9)
        #expect(insights.tag("friends")?.emotionCounts == [.joy: 2])
        #expect(insights.tag("rain")?.emotionCounts == [.tiredness: 1, .sadness: 1])
        #expect(insights.tag("calm") == nil)
    }

    @Test func theLongestStreakRunsAcrossAMonthEndAndAGapBreaksIt() throws {
        let fixture = try DiaryFixture()
        // 30 Jan to 2 Feb: four days across the month end; then a gap; then 5 and 6 Feb.
        try writeDays(fixture, ["2027-01-30", "2027-01-31", "2027-02-01", "2027-02-02", "2027-02-05", "2027-02-06"])
        // Two entries on one day count as one day.
        try fixture.write("2027-01-31T20:00:00+09:00", diarySeoul, .joy)
        let insights = try fixture.diary.insights(today: diaryDay("2027-03-01"))
        #expect(insights.dayCount == 6 && insights.entryCount == 7)
        #expect(insights.longestStreak == DiaryStreak(firstDay: diaryDay("2027-01-30"), lastDay: diaryDay("2027-02-02")))
        #expect(insights.longestStreak?.length == 4)
        #expect(insights.currentStreak == nil)

        // Within a range that cuts the first run, the later run (equally long) is the longest.
        let cut = try fixture.diary.insights(from: diaryDay("2027-02-01"), until: diaryDay("2027-02-07"), today: diaryDay("2027-02-07"))
        #expect(cut.longestStreak == DiaryStreak(firstDay: diaryDay("2027-02-05"), lastDay: diaryDay("2027-02-06")))
        #expect(cut.longestStreak?.length == 2)
        #expect(cut.dayCount == 4)
        // Today (the 7th) has no entry yet, but yesterday has: the run is still current.
        #expect(cut.currentStreak == DiaryStreak(firstDay: diaryDay("2027-02-05"), lastDay: diaryDay("2027-02-06")))
    }

    @Test func theCurrentStreakEndsTodayOrYesterdayAndNotTwoDaysAgo() throws {
        let fixture = try DiaryFixture()
        try writeDays(fixture, ["2026-11-26", "2026-11-27", "2026-11-28"])
        let yesterday = try fixture.diary.insights(today: diaryDay("2026-11-29"))
        #expect(yesterday.currentStreak == DiaryStreak(firstDay: diaryDay("2026-11-26"), lastDay: diaryDay("2026-11-28")))
        #expect(yesterday.currentStreak?.length == 3)

        let twoDaysAgo = try fixture.diary.insights(today: diaryDay("2026-11-30"))
        #expect(twoDaysAgo.currentStreak == nil)
        #expect(twoDaysAgo.longestStreak?.length == 3)

        let sameDay = try fixture.diary.insights(today: diaryDay("2026-11-28"))
        #expect(sameDay.currentStreak?.length == 3)
        // Seen from the 27th, the 28th is not yet: the run up to today is two days long.
        let before = try fixture.diary.insights(today: diaryDay("2026-11-27"))
        #expect(before.currentStreak == DiaryStreak(firstDay: diaryDay("2026-11-26"), lastDay: diaryDay("2026-11-27")))

        // Written today too: the streak includes today.
        try writeDays(fixture, ["2026-11-29"])
        let today = try fixture.diary.insights(today: diaryDay("2026-11-29"))
        #expect(today.currentStreak == DiaryStreak(firstDay: diaryDay("2026-11-26"), lastDay: diaryDay("2026-11-29")))
        #expect(today.longestStreak == today.currentStreak)
    }

    @Test func entriesNearMidnightCountOnTheirOwnDayInTheirOwnTimeZone() throws {
        let fixture = try DiaryFixture()
        // 23:30 on Sunday 29 November in Seoul is 14:30 UTC on the 29th: the 29th, a Sunday.
        try fixture.write("2026-11-29T23:30:00+09:00", diarySeoul, .joy, 4)
        // 23:30 on Monday 30 November in New York is 04:30 UTC on 1 December: the 30th, a Monday.
        try fixture.write("2026-11-30T23:30:00-05:00", diaryNewYork, .anger, 2)
        // 00:30 on Tuesday 1 December in Seoul is 15:30 UTC on 30 November: the 1st, a Tuesday.
        try fixture.write("2026-12-01T00:30:00+09:00", diarySeoul, .calm, 5)

        let all = try fixture.diary.insights(today: diaryDay("2026-12-01"))
        #expect(all.longestStreak == DiaryStreak(firstDay: diaryDay("2026-11-29"), lastDay: diaryDay("2026-12-01")))
        #expect(all.currentStreak?.length == 3)
        #expect(all.weekday(7)?.emotionCounts == [.joy: 1])
        #expect(all.weekday(1)?.emotionCounts == [.anger: 1])
        #expect(all.weekday(2)?.emotionCounts == [.calm: 1])

        // The range is of days: November holds the first two, whatever their moment in UTC.
        let november = try fixture.diary.insights(from: diaryDay("2026-11-01"), until: diaryDay("2026-12-01"), today: diaryDay("2026-12-01"))
        #expect(november.entryCount == 2)
        #expect(november.emotionCounts == [.joy: 1, .anger: 1])
        #expect(november.currentStreak == DiaryStreak(firstDay: diaryDay("2026-11-29"), lastDay: diaryDay("2026-11-30")))
        let december = try fixture.diary.insights(from: diaryDay("2026-12-01"), until: diaryDay("2026-12-02"), today: diaryDay("2026-12-01"))
        #expect(december.entryCount == 1 && december.emotionCounts == [.calm: 1])
        let lastDayOfNovember = try fixture.diary.insights(from: diaryDay("2026-11-30"), until: diaryDay("2026-12-01"), today: diaryDay("2026-12-05"))
        #expect(lastDayOfNovember.emotionCounts == [.anger: 1])
    }

    @Test func emotionsByWeekdayCountEachEmotionAndAverageTheIntensity() throws {
        let fixture = try DiaryFixture()
        // Mondays 2 and 9 November, a Wednesday (4th) and a Sunday (8th).
        try fixture.write("2026-11-02T08:00:00+09:00", diarySeoul, .tiredness, 4)
        try fixture.write("2026-11-02T20:00:00+09:00", diarySeoul, .calm, 1)
        try fixture.write("2026-11-09T08:00:00+09:00", diarySeoul, .tiredness, 5)
        try fixture.write("2026-11-04T08:00:00+09:00", diarySeoul, .joy, 3)
        try fixture.write("2026-11-08T08:00:00+09:00", diarySeoul, .love, 2)
        let insights = try fixture.diary.insights(today: diaryDay("2026-11-30"))
        #expect(insights.weekdays.map(\.weekday) == [1, 2, 3, 4, 5, 6, 7])
        #expect(insights.weekdays.map(\.entryCount) == [3, 0, 1, 0, 0, 0, 1])
        #expect(insights.weekdays.map(\.averageIntensity) == [10.0 / 3.0, nil, 3.0, nil, nil, nil, 2.0])
        #expect(insights.weekday(1)?.emotionCounts == [.tiredness: 2, .calm: 1])
        #expect(insights.weekday(1)?.totalIntensity == 10)
        #expect(insights.weekday(2)?.emotionCounts.isEmpty == true)

        // The JSON carries the average too, and reads back the same.
        let data = try JSONEncoder().encode(insights)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains(#""averageIntensity":3"#) && text.contains(#""averageIntensity":null"#))
        #expect(try JSONDecoder().decode(DiaryInsights.self, from: data) == insights)
    }

    @Test func trashedEntriesDoNotCount() throws {
        let fixture = try DiaryFixture()
        try writeDays(fixture, ["2026-11-27", "2026-11-29"])
        let bridge = try fixture.write("2026-11-28T12:00:00+09:00", diarySeoul, .fear, 5, tags: ["gone"])
        #expect(try fixture.diary.insights(today: diaryDay("2026-11-29")).currentStreak?.length == 3)
        try fixture.diary.delete(bridge.id)
        let insights = try fixture.diary.insights(today: diaryDay("2026-11-29"))
        #expect(insights.entryCount == 2 && insights.dayCount == 2)
        #expect(insights.currentStreak == DiaryStreak(firstDay: diaryDay("2026-11-29"), lastDay: diaryDay("2026-11-29")))
        #expect(insights.tags.isEmpty && insights.emotionCounts[.fear] == nil)
        #expect(insights.weekday(6)?.entryCount == 0)
    }

    @Test func anEmptyDiaryHasNoStreaksAndSevenEmptyWeekdays() throws {
        let fixture = try DiaryFixture()
        let insights = try fixture.diary.insights(today: diaryDay("2026-11-29"))
        #expect(insights.entryCount == 0 && insights.dayCount == 0)
        #expect(insights.emotionCounts.isEmpty && insights.tags.isEmpty)
        #expect(insights.longestStreak == nil && insights.currentStreak == nil)
        #expect(insights.weekdays.count == 7 && insights.weekdays.allSatisfy { $0.entryCount == 0 && $0.averageIntensity == nil })
        #expect(insights.today == diaryDay("2026-11-29") && insights.from == nil && insights.until == nil)
    }

    @Test func aRangeThatEndsBeforeItStartsIsRefusedAndAnEmptyOneHasNoFigures() throws {
        let fixture = try DiaryFixture()
        try writeDays(fixture, ["2026-11-28"])
        #expect { try fixture.diary.insights(from: diaryDay("2026-11-29"), until: diaryDay("2026-11-28"), today: diaryDay("2026-11-29")) } throws: {
            diaryError($0, .invalidArgument, "must not end before it starts")
        }
        let empty = try fixture.diary.insights(from: diaryDay("2026-11-28"), until: diaryDay("2026-11-28"), today: diaryDay("2026-11-29"))
        #expect(empty.entryCount == 0 && empty.longestStreak == nil)
        let open = try fixture.diary.insights(from: diaryDay("2026-11-28"), today: diaryDay("2026-11-29"))
        #expect(open.entryCount == 1 && open.currentStreak?.length == 1)
        let before = try fixture.diary.insights(until: diaryDay("2026-11-28"), today: diaryDay("2026-11-29"))
        #expect(before.entryCount == 0)
    }
}
