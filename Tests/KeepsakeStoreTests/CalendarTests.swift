import Foundation
import Testing
import KeepsakeStore

/// The engine's one calendar day and one calendar month: pure arithmetic, time zones only where a
/// day meets an instant.
@Suite struct CalendarTests {
    let seoul = TimeZone(identifier: "Asia/Seoul")!
    let newYork = TimeZone(identifier: "America/New_York")!
    let utc = TimeZone(identifier: "UTC")!

    func date(_ text: String) -> Date { try! Date(text, strategy: .iso8601) }

    func code(_ body: () throws -> Void) -> (KeepsakeError.Code, String)? {
        do { try body() } catch let error as KeepsakeError { return (error.code, error.message) } catch { return nil }
        return nil
    }

    @Test func aDayIsReadOnlyAsYearMonthDayAndMustExist() throws {
        let day = try CalendarDay(parsing: "2024-02-29")
        #expect((day.year, day.month, day.day) == (2024, 2, 29))
        #expect(day.string == "2024-02-29" && "\(day)" == "2024-02-29" && day.calendarMonth.string == "2024-02")
        #expect(try CalendarDay(year: 5, month: 1, day: 2).string == "0005-01-02")
        for bad in ["2025-02-29", "2100-02-29", "2025-13-01", "2025-04-31", "0000-01-01"] {
            #expect(code { _ = try CalendarDay(parsing: bad) }?.1.contains("is not a valid date") == true, "\(bad)")
        }
        for bad in ["2025-3-14", "14/03/2025", "2025-03-14T00:00", " 2025-03-14", "", "２０２５-03-14", "2025-03-1\n"] {
            let failure = code { _ = try CalendarDay(parsing: bad) }
            #expect(failure?.0 == .invalidArgument && failure?.1.contains("yyyy-MM-dd") == true, "\(bad)")
        }
        #expect(code { _ = try CalendarDay(parsing: "2025-03-1\n") }?.1.hasPrefix("\"2025-03-1\\u{a}\"") == true, "the bad text is quoted safely")
        #expect(try JSONDecoder().decode([CalendarDay].self, from: Data(#"["2026-11-29"]"#.utf8)) == [try CalendarDay(parsing: "2026-11-29")])
        #expect(String(decoding: try JSONEncoder().encode([day]), as: UTF8.self) == #"["2024-02-29"]"#)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([CalendarDay].self, from: Data(#"["2026-02-30"]"#.utf8)) }
    }

    @Test func dayArithmeticWeekdaysAndISOWeeksAreExact() throws {
        let day = try CalendarDay(parsing: "2026-11-29")
        #expect(day.weekday == 7 && day.startOfWeek.string == "2026-11-23" && day.startOfMonth.string == "2026-11-01")
        #expect(day.adding(days: 33).string == "2027-01-01" && day.adding(days: -1_000_000).adding(days: 1_000_000) == day)
        #expect(CalendarDay(daysSince1970: 0).string == "1970-01-01" && CalendarDay(daysSince1970: -1).string == "1969-12-31")
        // ISO weeks belong to the year of their Thursday.
        let weeks = ["2026-11-29": "2026-W48", "2020-12-31": "2020-W53", "2021-01-03": "2020-W53", "2024-12-30": "2025-W01", "2026-01-01": "2026-W01"]
        for (text, week) in weeks { #expect(try CalendarDay(parsing: text).isoWeekString == week, "\(text)") }
        var walk = try CalendarDay(parsing: "1999-12-25")
        for _ in 0..<800 {
            let next = walk.adding(days: 1)
            #expect(next.daysSince1970 == walk.daysSince1970 + 1 && walk < next && next.weekday == walk.weekday % 7 + 1)
            walk = next
        }
    }

    @Test func theDayOfAnInstantDependsOnTheZoneAndDaysStartAtLocalMidnight() throws {
        let moment = date("2026-11-29T15:30:00Z")
        #expect(CalendarDay(containing: moment, in: seoul).string == "2026-11-30")
        #expect(CalendarDay(containing: moment, in: utc).string == "2026-11-29")
        #expect(CalendarDay(containing: moment, in: newYork).string == "2026-11-29")
        let springForward = try CalendarDay(parsing: "2026-03-08")
        #expect(springForward.start(in: newYork) == date("2026-03-08T00:00:00-05:00"))
        #expect(springForward.adding(days: 1).start(in: newYork) == date("2026-03-09T00:00:00-04:00"))
        #expect(CalendarDay(containing: date("2026-03-08T23:59:59-04:00"), in: newYork) == springForward)
        #expect(try CalendarDay(parsing: "2026-11-30").start(in: seoul) == date("2026-11-30T00:00:00+09:00"))
        #expect(CalendarDay(containing: Date(timeIntervalSince1970: .nan), in: utc).string == "1970-01-01", "absurd instants cannot trap")
    }

    @Test func aMonthIsReadAsYearMonthAndStepsAcrossYears() throws {
        let december = try CalendarMonth(parsing: "2025-12")
        #expect(december.next == (try CalendarMonth(year: 2026, month: 1)))
        #expect(december.previous?.string == "2025-11" && december.adding(months: -12)?.string == "2024-12" && december.adding(months: 25)?.string == "2028-01")
        #expect(try CalendarMonth(year: 9999, month: 12).next == nil && CalendarMonth(year: 1, month: 1).previous == nil)
        #expect(december.firstDay.string == "2025-12-01" && december.lastDay.string == "2025-12-31")
        #expect(try CalendarMonth(parsing: "2024-02").dayCount == 29 && CalendarMonth(parsing: "2100-02").dayCount == 28)
        #expect(try CalendarMonth(parsing: "2000-02").days.map(\.day) == Array(1...29))
        #expect(try december == CalendarDay(parsing: "2025-12-31").calendarMonth && december < CalendarMonth(parsing: "2026-01"))
        #expect(CalendarMonth(containing: date("2025-12-31T15:30:00Z"), in: seoul).string == "2026-01")
        #expect(december.start(in: seoul) == date("2025-12-01T00:00:00+09:00") && december.end(in: seoul) == date("2026-01-01T00:00:00+09:00"))
        for bad in ["2025-13", "2025-00", "0000-01", "2025-1", "November", "2025-11-01", ""] {
            let failure = code { _ = try CalendarMonth(parsing: bad) }
            #expect(failure?.0 == .invalidArgument && failure?.1.contains("yyyy-MM") == true, "\(bad)")
        }
        #expect(code { _ = try CalendarMonth(year: 2025, month: 0) }?.1.contains("month 0") == true)
        #expect(code { _ = try CalendarMonth(year: 10_000, month: 1) }?.1.contains("year 10000") == true)
        #expect(String(decoding: try JSONEncoder().encode([december]), as: UTF8.self) == #"["2025-12"]"#)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([CalendarMonth].self, from: Data(#"["2025-13"]"#.utf8)) }
    }

    @Test func numbersArePaddedWithZerosOneWay() {
        #expect(7.zeroPadded(2) == "07" && 2026.zeroPadded(4) == "2026" && 12345.zeroPadded(4) == "12345" && (-5).zeroPadded(3) == "-005" && 0.zeroPadded(0) == "0")
    }
}
