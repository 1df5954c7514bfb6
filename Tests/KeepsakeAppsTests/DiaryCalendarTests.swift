import Foundation
import Testing
import KeepsakeDiary
import KeepsakeStore
import KeepsakeTestSupport

@Suite struct DiaryCalendarTests {
    @Test func theMonthCalendarShowsEachDaysCountAndDominantEmotion() throws {
        let fixture = try DiaryFixture()
        // 3 Nov: two joys beat one stronger sadness (count first).
        try fixture.write("2026-11-03T09:00:00+09:00", diarySeoul, .joy, 2)
        try fixture.write("2026-11-03T12:00:00+09:00", diarySeoul, .sadness, 5)
        try fixture.write("2026-11-03T18:00:00+09:00", diarySeoul, .joy, 1)
        // 5 Nov: one each; the higher total intensity wins.
        try fixture.write("2026-11-05T09:00:00+09:00", diarySeoul, .joy, 2)
        try fixture.write("2026-11-05T21:00:00+09:00", diarySeoul, .sadness, 5)
        // 7 Nov: one each, same intensity; the emotion listed first wins (calm before gratitude).
        try fixture.write("2026-11-07T09:00:00+09:00", diarySeoul, .gratitude, 3)
        try fixture.write("2026-11-07T10:00:00+09:00", diarySeoul, .calm, 3)
        // A trashed entry does not count.
        let trashed = try fixture.write("2026-11-09T10:00:00+09:00", diarySeoul, .fear, 4)
        try fixture.diary.delete(trashed.id)
        // 23:30 on 30 November in New York (1 December in Seoul and in UTC) is on the 30th.
        try fixture.write("2026-11-30T23:30:00-05:00", diaryNewYork, .anger, 4)
        // 08:30 on 1 December in Seoul (30 November in UTC) is in December.
        try fixture.write("2026-12-01T08:30:00+09:00", diarySeoul, .love, 5)

        let november = try fixture.diary.calendar(year: 2026, month: 11)
        #expect(november.map(\.day.string) == ["2026-11-03", "2026-11-05", "2026-11-07", "2026-11-30"])
        #expect(november.map(\.count) == [3, 2, 2, 1])
        #expect(november.map(\.dominantEmotion) == [.joy, .sadness, .calm, .anger])
        #expect(november[0].emotionCounts == [.joy: 2, .sadness: 1])
        #expect(november[2].emotionCounts == [.gratitude: 1, .calm: 1])
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(String(decoding: try encoder.encode(november[0]), as: UTF8.self)
                == #"{"count":3,"day":"2026-11-03","dominantEmotion":"joy","emotionCounts":{"joy":2,"sadness":1},"totalIntensity":8}"#)
        #expect(try JSONDecoder().decode(DiaryCalendarDay.self, from: try encoder.encode(november[0])) == november[0])

        let december = try fixture.diary.calendar(year: 2026, month: 12)
        #expect(december == [DiaryCalendarDay(day: diaryDay("2026-12-01"), count: 1, dominantEmotion: .love, emotionCounts: [.love: 1], totalIntensity: 5)])
        #expect(try fixture.diary.calendar(year: 2026, month: 1).isEmpty)
        #expect { try fixture.diary.calendar(year: 2026, month: 0) } throws: { diaryError($0, .invalidArgument, "month 0") }
        #expect(Diary.dominantEmotion(of: []) == nil)
    }
}

@Suite struct DiaryStatisticsTests {
    /// Entries in Seoul around November 2026 (UTC times in the comments).
    func writeAutumn(_ fixture: DiaryFixture) throws {
        try fixture.write("2026-11-01T23:00:00+09:00", diarySeoul, .joy, 2)        // Sun, ISO week 44; Nov 1 14:00 UTC
        try fixture.write("2026-11-02T09:00:00+09:00", diarySeoul, .joy, 4)        // Mon, W45; Nov 2 00:00 UTC
        try fixture.write("2026-11-05T12:00:00+09:00", diarySeoul, .joy, 5)        // W45; Nov 5 03:00 UTC
        try fixture.write("2026-11-08T20:00:00+09:00", diarySeoul, .sadness, 3)    // Sun, W45; Nov 8 11:00 UTC
        try fixture.write("2026-11-09T00:30:00+09:00", diarySeoul, .tiredness, 1)  // Mon, W46; Sun Nov 8 15:30 UTC
        try fixture.write("2026-11-23T10:00:00+09:00", diarySeoul, .calm, 3)       // W48; Nov 23 01:00 UTC
        try fixture.write("2026-11-29T23:30:00+09:00", diarySeoul, .anxiety, 4)    // Sun, W48; Nov 29 14:30 UTC
        try fixture.write("2026-11-30T00:00:00+09:00", diarySeoul, .love, 5)       // Mon, W49; Nov 29 15:00 UTC
        try fixture.write("2026-12-01T08:30:00+09:00", diarySeoul, .gratitude, 3)  // W49; Nov 30 23:30 UTC
        try fixture.write("2026-12-31T23:30:00+09:00", diarySeoul, .love, 5)       // Thu, W53; Dec 31 14:30 UTC
        try fixture.write("2027-01-01T00:30:00+09:00", diarySeoul, .excitement, 2) // Fri, 2026-W53; Dec 31 15:30 UTC
        let trashed = try fixture.write("2026-11-03T10:00:00+09:00", diarySeoul, .sadness, 5)
        try fixture.diary.delete(trashed.id)
    }

    @Test func weeklyStatisticsCountEmotionsAndAverageIntensityPerISOWeek() throws {
        let fixture = try DiaryFixture()
        try writeAutumn(fixture)
        let weeks = try fixture.diary.statistics(from: diaryDate("2026-11-02T00:00:00+09:00"), to: diaryDate("2026-11-30T00:00:00+09:00"),
                                                 per: .week, timeZone: diarySeoul)
        #expect(weeks.map(\.label) == ["2026-W45", "2026-W46", "2026-W47", "2026-W48"])
        #expect(weeks.map(\.firstDay.string) == ["2026-11-02", "2026-11-09", "2026-11-16", "2026-11-23"])
        #expect(weeks[0].start == diaryDate("2026-11-02T00:00:00+09:00") && weeks[0].end == diaryDate("2026-11-09T00:00:00+09:00"))
        #expect(weeks.map(\.entryCount) == [3, 1, 0, 2])
        #expect(weeks.map(\.averageIntensity) == [4.0, 1.0, nil, 3.5])
        #expect(weeks.map(\.totalIntensity) == [12, 1, 0, 7])
        #expect(weeks[0].emotionCounts == [.joy: 2, .sadness: 1])
        #expect(weeks[0].count(of: .joy) == 2 && weeks[0].count(of: .fear) == 0)
        #expect(weeks[1].emotionCounts == [.tiredness: 1])
        #expect(weeks[2].emotionCounts.isEmpty)
        #expect(weeks[3].emotionCounts == [.calm: 1, .anxiety: 1])

        // Seen from UTC, 00:30 Monday in Seoul is still Sunday: it joins week 45, and 00:00 Monday
        // 30 November in Seoul (15:00 Sunday UTC) joins week 48.
        let utcWeeks = try fixture.diary.statistics(from: diaryDate("2026-11-02T00:00:00Z"), to: diaryDate("2026-11-30T00:00:00Z"),
                                                    per: .week, timeZone: diaryUTC)
        #expect(utcWeeks.map(\.entryCount) == [4, 0, 0, 3])
        #expect(utcWeeks.map(\.totalIntensity) == [13, 0, 0, 12])
        #expect(utcWeeks[0].emotionCounts == [.joy: 2, .sadness: 1, .tiredness: 1])
        #expect(utcWeeks[3].averageIntensity == 4.0)

        // Weeks belong to the ISO week-numbering year of their Thursday.
        let newYear = try fixture.diary.statistics(from: diaryDate("2026-12-28T00:00:00+09:00"), to: diaryDate("2027-01-05T00:00:00+09:00"),
                                                   per: .week, timeZone: diarySeoul)
        #expect(newYear.map(\.label) == ["2026-W53", "2027-W01"])
        #expect(newYear.map(\.entryCount) == [2, 0])
        #expect(newYear[0].emotionCounts == [.love: 1, .excitement: 1] && newYear[0].averageIntensity == 3.5)
    }

    /// A period's and a weekday's figures live in one ``EmotionTally`` but are written flat, beside
    /// the period's (or the weekday's) own fields, with the average intensity, and read back equal.
    @Test func statisticsAndWeekdaysEncodeTheirTallyFlatAndDecodeEqual() throws {
        let fixture = try DiaryFixture()
        try writeAutumn(fixture)
        let week = try #require(try fixture.diary.statistics(from: diaryDate("2026-11-02T00:00:00+09:00"), to: diaryDate("2026-11-09T00:00:00+09:00"),
                                                             per: .week, timeZone: diarySeoul).first)
        let weekJSON = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(week)) as? [String: Any])
        #expect(Set(weekJSON.keys) == ["label", "firstDay", "start", "end", "entryCount", "emotionCounts", "totalIntensity", "averageIntensity"])
        #expect(weekJSON["entryCount"] as? Int == 3 && weekJSON["totalIntensity"] as? Int == 12 && weekJSON["averageIntensity"] as? Double == 4)
        #expect(try JSONDecoder().decode(DiaryStatistics.self, from: JSONEncoder().encode(week)) == week)

        let weekday = DiaryWeekdayEmotions(weekday: 3, entryCount: 2, emotionCounts: [.joy: 2], totalIntensity: 7)
        let weekdayJSON = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(weekday)) as? [String: Any])
        #expect(Set(weekdayJSON.keys) == ["weekday", "entryCount", "emotionCounts", "totalIntensity", "averageIntensity"])
        #expect(weekdayJSON["averageIntensity"] as? Double == 3.5)
        #expect(try JSONDecoder().decode(DiaryWeekdayEmotions.self, from: JSONEncoder().encode(weekday)) == weekday)
        var changed = weekday
        changed.entryCount += 1
        #expect(changed.tally.entryCount == 3 && changed.averageIntensity == 7.0 / 3.0)
    }

    @Test func monthlyStatisticsIncludeEmptyMonthsAndExcludeTheEndOfTheRange() throws {
        let fixture = try DiaryFixture()
        try writeAutumn(fixture)
        let months = try fixture.diary.statistics(from: diaryDate("2026-10-01T00:00:00+09:00"), to: diaryDate("2027-01-01T00:00:00+09:00"),
                                                  per: .month, timeZone: diarySeoul)
        #expect(months.map(\.label) == ["2026-10", "2026-11", "2026-12"])
        #expect(months.map(\.entryCount) == [0, 8, 2])
        #expect(months.map(\.totalIntensity) == [0, 27, 8])
        #expect(months.map(\.averageIntensity) == [nil, 3.375, 4.0])
        #expect(months[1].emotionCounts == [.joy: 3, .sadness: 1, .tiredness: 1, .calm: 1, .anxiety: 1, .love: 1])
        #expect(months[2].emotionCounts == [.gratitude: 1, .love: 1])
        #expect(months[2].start == diaryDate("2026-12-01T00:00:00+09:00") && months[2].end == diaryDate("2027-01-01T00:00:00+09:00"))

        // A range that starts and ends inside months still returns whole-month periods, counting only
        // entries inside the range.
        let partial = try fixture.diary.statistics(from: diaryDate("2026-11-05T00:00:00+09:00"), to: diaryDate("2026-12-01T09:00:00+09:00"),
                                                   per: .month, timeZone: diarySeoul)
        #expect(partial.map(\.label) == ["2026-11", "2026-12"])
        #expect(partial.map(\.entryCount) == [6, 1])

        #expect { try fixture.diary.statistics(from: months[0].end, to: months[0].start, per: .month, timeZone: diarySeoul) } throws: {
            diaryError($0, .invalidArgument, "must end after it starts")
        }
        #expect { try fixture.diary.statistics(from: diaryDate("2000-01-01T00:00:00Z"), to: diaryDate("2030-01-01T00:00:00Z"), per: .week, timeZone: diaryUTC) } throws: {
            diaryError($0, .limitExceeded, "more than 1000 weeks")
        }
    }
}
