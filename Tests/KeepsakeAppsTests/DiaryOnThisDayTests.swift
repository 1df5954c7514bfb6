import Foundation
import Testing
import KeepsakeDiary
import KeepsakeStore
import KeepsakeTestSupport

@Suite struct DiaryOnThisDayTests {
    @Test func earlierYearsOfTheSameDayComeNewestYearFirst() throws {
        let fixture = try DiaryFixture()
        try fixture.write("2025-12-03T09:00:00+09:00", diarySeoul, .joy, title: "last year, morning")
        try fixture.write("2025-12-03T21:00:00+09:00", diarySeoul, .calm, title: "last year, evening")
        try fixture.write("2022-12-03T12:00:00+09:00", diarySeoul, .love, title: "four years ago")
        // Years of gap with no entry at all, then one a decade before.
        try fixture.write("2016-12-03T12:00:00+09:00", diarySeoul, .sadness, title: "ten years ago")
        // Not the same day: the day before and after, and another year's different day.
        try fixture.write("2025-12-02T12:00:00+09:00", diarySeoul, .fear, title: "the day before")
        try fixture.write("2025-12-04T12:00:00+09:00", diarySeoul, .fear, title: "the day after")
        try fixture.write("2024-06-03T12:00:00+09:00", diarySeoul, .fear, title: "another day")
        // Today itself and a later year are not "earlier years".
        try fixture.write("2026-12-03T08:00:00+09:00", diarySeoul, .joy, title: "today")
        // A trashed entry is not shown.
        let trashed = try fixture.write("2023-12-03T12:00:00+09:00", diarySeoul, .anger, title: "trashed")
        try fixture.diary.delete(trashed.id)

        let groups = try fixture.diary.onThisDay(diaryDay("2026-12-03"))
        #expect(groups.map(\.day.string) == ["2025-12-03", "2022-12-03", "2016-12-03"])
        #expect(groups.map(\.yearsAgo) == [1, 4, 10])
        #expect(groups[0].entries.map(\.title) == ["last year, morning", "last year, evening"], "oldest first within a day")
        #expect(groups[1].entries.map(\.title) == ["four years ago"])
        #expect(try fixture.diary.onThisDay(diaryDay("2016-12-03")).isEmpty, "nothing before the first year")
    }

    @Test func anEntryCountsOnItsOwnDayInItsOwnTimeZone() throws {
        let fixture = try DiaryFixture()
        // 23:30 on 2 December in New York is 3 December in UTC and in Seoul: it is on the 2nd.
        try fixture.write("2025-12-02T23:30:00-05:00", diaryNewYork, .joy, title: "new york, the 2nd")
        // 08:00 on 3 December in Seoul is 2 December in UTC: it is on the 3rd.
        try fixture.write("2025-12-03T08:00:00+09:00", diarySeoul, .calm, title: "seoul, the 3rd")
        // 23:59 on 3 December at UTC-11 (Pago Pago) is 4 December almost everywhere: on the 3rd.
        try fixture.write("2025-12-03T23:59:00-11:00", TimeZone(identifier: "Pacific/Pago_Pago")!, .love, title: "pago pago, the 3rd")
        // 00:10 on 3 December at UTC+14 (Kiritimati) is 2 December in UTC: on the 3rd.
        try fixture.write("2025-12-03T00:10:00+14:00", TimeZone(identifier: "Pacific/Kiritimati")!, .gratitude, title: "kiritimati, the 3rd")

        let groups = try fixture.diary.onThisDay(diaryDay("2026-12-03"))
        #expect(groups.count == 1)
        #expect(groups.first?.entries.map(\.title) == ["kiritimati, the 3rd", "seoul, the 3rd", "pago pago, the 3rd"])
        #expect(try fixture.diary.onThisDay(diaryDay("2026-12-02")).first?.entries.map(\.title) == ["new york, the 2nd"])
    }

    @Test func theLeapDayComesBackOnTheLastDayOfFebruary() throws {
        let fixture = try DiaryFixture()
        try fixture.write("2024-02-29T12:00:00+09:00", diarySeoul, .joy, title: "leap day 2024")
        try fixture.write("2024-02-28T12:00:00+09:00", diarySeoul, .calm, title: "28 February 2024")
        try fixture.write("2023-02-28T12:00:00+09:00", diarySeoul, .love, title: "28 February 2023")
        try fixture.write("2020-02-29T12:00:00+09:00", diarySeoul, .sadness, title: "leap day 2020")

        // 28 February of a common year: that day's entries and the leap days of earlier years.
        let common = try fixture.diary.onThisDay(diaryDay("2027-02-28"))
        #expect(common.map(\.day.string) == ["2024-02-28", "2023-02-28", "2020-02-29"])
        #expect(common[0].entries.map(\.title) == ["28 February 2024", "leap day 2024"])
        // 29 February: only the earlier leap days.
        let leap = try fixture.diary.onThisDay(diaryDay("2028-02-29"))
        #expect(leap.map(\.day.string) == ["2024-02-29", "2020-02-29"])
        // 28 February of a leap year: only 28 Februaries (its own 29th is still to come).
        let leapYear28 = try fixture.diary.onThisDay(diaryDay("2028-02-28"))
        #expect(leapYear28.map(\.day.string) == ["2024-02-28", "2023-02-28"])
    }

    @Test func anotherAccountSeesNoneOfTheEntries() throws {
        let fixture = try DiaryFixture()
        try fixture.write("2025-12-03T09:00:00+09:00", diarySeoul, .joy)
        let stranger = try fixture.store.createAccount(AccountDraft(login: try LoginName("stranger")))
        let theirs = Diary(store: fixture.store.acting(as: .account(stranger.id)))
        #expect(try theirs.onThisDay(diaryDay("2026-12-03")).isEmpty)
        #expect(try theirs.yearInPixels(2025).days.isEmpty)
        #expect(try fixture.diary.onThisDay(diaryDay("2026-12-03")).count == 1)
    }
}
