import Foundation
import Testing
import KeepsakeDiary
import KeepsakeStore

/// The diary's day is the engine's calendar day (its arithmetic and time zones are proved in
/// `KeepsakeStoreTests.CalendarTests`); here, the diary's spelling of it.
@Suite struct DiaryDayTests {
    @Test func aDiaryDayIsTheEnginesCalendarDayReadAsYearMonthDay() throws {
        #expect(DiaryDay.self == CalendarDay.self)
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
}
