import Foundation
import Testing
import KeepsakeDiary
import KeepsakeStore

@Suite struct DiaryDayTests {
    @Test func aDayParsesAndPrintsAsYearMonthDay() throws {
        let day = try DiaryDay("2026-11-29")
        #expect(day.year == 2026 && day.month == 11 && day.day == 29)
        #expect(day.string == "2026-11-29" && day.calendarMonth.string == "2026-11" && "\(day)" == "2026-11-29")
        #expect(try DiaryDay(year: 5, month: 1, day: 2).string == "0005-01-02")
        #expect(try DiaryDay("2024-02-29").day == 29)
        for bad in ["2026-11-31", "2025-02-29", "2026-13-01", "2026-00-10", "26-11-29", "2026-11-29T", "2026/11/29", "２０２６-11-29", "0000-01-01", ""] {
            #expect { try DiaryDay(bad) } throws: { diaryError($0, .invalidArgument) }
        }
        #expect(try JSONDecoder().decode([DiaryDay].self, from: Data(#"["2026-11-29"]"#.utf8)) == [day])
        #expect(String(decoding: try JSONEncoder().encode([day]), as: UTF8.self) == #"["2026-11-29"]"#)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([DiaryDay].self, from: Data(#"["2026-02-30"]"#.utf8)) }
    }

    @Test func dayArithmeticAndISOWeekdaysAreExact() throws {
        let day = try DiaryDay("2026-11-29")
        #expect(day.weekday == 7, "a Sunday")
        #expect(day.startOfWeek.string == "2026-11-23")
        #expect(day.startOfMonth.string == "2026-11-01")
        #expect(day.adding(days: 1).string == "2026-11-30")
        #expect(day.adding(days: 33).string == "2027-01-01")
        #expect(try DiaryDay("2024-03-01").adding(days: -1).string == "2024-02-29")
        #expect(try DiaryDay("1970-01-01").daysSince1970 == 0 && DiaryDay(daysSince1970: 0).weekday == 4)
        #expect(DiaryDay(daysSince1970: -1).string == "1969-12-31")
        #expect(try DiaryDay("1600-03-01") < DiaryDay("2026-01-01"))
        var walk = try DiaryDay("1999-12-25")
        for _ in 0..<800 {
            let next = walk.adding(days: 1)
            #expect(next.daysSince1970 == walk.daysSince1970 + 1 && walk < next)
            #expect(next.weekday == walk.weekday % 7 + 1)
            walk = next
        }
    }

    @Test func theDayOfAMomentDependsOnTheTimeZoneAndDaysStartAtLocalMidnight() throws {
        let moment = diaryDate("2026-11-29T15:30:00Z")
        #expect(DiaryDay(containing: moment, in: diarySeoul).string == "2026-11-30")
        #expect(DiaryDay(containing: moment, in: diaryUTC).string == "2026-11-29")
        #expect(DiaryDay(containing: moment, in: diaryNewYork).string == "2026-11-29")
        #expect(try DiaryDay("2026-11-30").start(in: diarySeoul) == diaryDate("2026-11-30T00:00:00+09:00"))
        // The day daylight-saving time starts in New York still starts at midnight, at -05:00.
        let springForward = try DiaryDay("2026-03-08")
        #expect(springForward.start(in: diaryNewYork) == diaryDate("2026-03-08T00:00:00-05:00"))
        #expect(springForward.adding(days: 1).start(in: diaryNewYork) == diaryDate("2026-03-09T00:00:00-04:00"))
        #expect(DiaryDay(containing: diaryDate("2026-03-08T23:59:59-04:00"), in: diaryNewYork) == springForward)
    }
}
