import Foundation
import Testing
import KeepsakeDiary
import KeepsakeStore
import KeepsakeTestSupport

@Suite struct DiaryQueryTests {
    @Test func pagingThroughTwentyFiveEntriesVisitsEachOnceNewestFirst() throws {
        let fixture = try DiaryFixture()
        let start = diaryDate("2026-11-01T09:00:00+09:00")
        var created: [RecordID] = []
        for index in 0..<25 {
            let entry = try fixture.diary.create(DiaryDraft(moment: start.addingTimeInterval(Double(index) * 3600), timeZone: diarySeoul,
                                                            emotion: Emotion.allCases[index % 10], text: "entry \(index)"))
            created.append(entry.id)
        }
        var pages: [[DiaryEntry]] = []
        var cursor: RecordCursor?
        repeat {
            let page = try fixture.diary.newest(limit: 10, after: cursor)
            pages.append(page.entries)
            // The cursor survives being printed and read back (a web page's "more" link).
            cursor = try page.nextCursor.map { try RecordCursor(parsing: $0.description) }
        } while cursor != nil
        #expect(pages.map(\.count) == [10, 10, 5])
        let seen = pages.flatMap { $0 }
        #expect(seen.map(\.id) == created.reversed())
        #expect(seen.map(\.text).first == "entry 24" && seen.map(\.text).last == "entry 0")
        #expect(try fixture.diary.newest(limit: 25).nextCursor == nil)
        #expect { try fixture.diary.newest(limit: 0) } throws: { diaryError($0, .invalidArgument) }
    }

    @Test func dayMonthAndRangeQueriesUseEachEntrysOwnTimeZone() throws {
        let fixture = try DiaryFixture()
        // 23:30 on 29 November in Seoul: the 29th, 14:30 UTC.
        let lateSeoul = try fixture.write("2026-11-29T23:30:00+09:00", diarySeoul, .tiredness, text: "late in Seoul")
        // 08:30 on 1 December in Seoul is 23:30 on 30 November in UTC: still 1 December for the diary.
        let morningSeoul = try fixture.write("2026-12-01T08:30:00+09:00", diarySeoul, .calm, text: "morning in Seoul")
        // 23:30 on 30 November in New York is already 1 December (04:30) in UTC: the 30th for the diary.
        let lateNewYork = try fixture.write("2026-11-30T23:30:00-05:00", diaryNewYork, .excitement, text: "late in New York")
        let october = try fixture.write("2026-10-31T12:00:00+09:00", diarySeoul, .joy, text: "october")

        #expect(lateSeoul.day == diaryDay("2026-11-29"))
        #expect(morningSeoul.day == diaryDay("2026-12-01"))
        #expect(lateNewYork.day == diaryDay("2026-11-30"))
        #expect(try fixture.diary.entries(on: diaryDay("2026-11-29")).map(\.id) == [lateSeoul.id])
        #expect(try fixture.diary.entries(on: diaryDay("2026-11-30")).map(\.id) == [lateNewYork.id])
        #expect(try fixture.diary.entries(on: diaryDay("2026-12-01")).map(\.id) == [morningSeoul.id])
        #expect(try fixture.diary.entries(on: diaryDay("2026-11-28")).isEmpty)
        #expect(try fixture.diary.entries(inMonth: 2026, month: 11).map(\.id) == [lateSeoul.id, lateNewYork.id], "oldest first")
        #expect(try fixture.diary.entries(inMonth: 2026, month: 12).map(\.id) == [morningSeoul.id])
        #expect(try fixture.diary.entries(inMonth: 2026, month: 10).map(\.id) == [october.id])
        #expect { try fixture.diary.entries(inMonth: 2026, month: 13) } throws: { diaryError($0, .invalidArgument, "month 13") }

        // A range is of instants: 30 November in UTC holds the Seoul morning, not the New York night.
        let utcNovember30 = try fixture.diary.entries(from: diaryDate("2026-11-30T00:00:00Z"), to: diaryDate("2026-12-01T00:00:00Z"))
        #expect(utcNovember30.entries.map(\.id) == [morningSeoul.id])
        let lateNovember = try fixture.diary.entries(from: diaryDate("2026-11-29T00:00:00+09:00"), to: diaryDate("2026-12-02T00:00:00+09:00"), limit: 2)
        #expect(lateNovember.entries.map(\.id) == [lateNewYork.id, morningSeoul.id])
        let rest = try fixture.diary.entries(from: diaryDate("2026-11-29T00:00:00+09:00"), to: diaryDate("2026-12-02T00:00:00+09:00"),
                                             limit: 2, after: lateNovember.nextCursor)
        #expect(rest.entries.map(\.id) == [lateSeoul.id] && rest.nextCursor == nil)
        // The end is excluded.
        #expect(try fixture.diary.entries(from: diaryDate("2026-11-29T00:00:00Z"), to: lateSeoul.moment).entries.isEmpty)
        #expect { try fixture.diary.entries(from: lateSeoul.moment, to: lateSeoul.moment) } throws: {
            diaryError($0, .invalidArgument, "must end after it starts")
        }
    }

    @Test func emotionAndTagQueriesFindLiveEntriesWithNormalisedTags() throws {
        let fixture = try DiaryFixture()
        let a = try fixture.write("2026-11-01T10:00:00+09:00", diarySeoul, .joy, text: "a", tags: ["Travel", "부산"])
        let b = try fixture.write("2026-11-02T10:00:00+09:00", diarySeoul, .joy, text: "b", tags: ["work"])
        let c = try fixture.write("2026-11-03T10:00:00+09:00", diarySeoul, .anxiety, text: "c", tags: ["travel"])
        let d = try fixture.write("2026-11-04T10:00:00+09:00", diarySeoul, .joy, text: "d", tags: ["travel"])
        try fixture.diary.delete(d.id)

        #expect(try fixture.diary.entries(emotion: .joy).entries.map(\.id) == [b.id, a.id])
        #expect(try fixture.diary.entries(emotion: .anxiety).entries.map(\.id) == [c.id])
        #expect(try fixture.diary.entries(emotion: .fear).entries.isEmpty)
        #expect(try fixture.diary.entries(tag: " TRAVEL ").entries.map(\.id) == [c.id, a.id])
        #expect(try fixture.diary.entries(tag: "부산").entries.map(\.id) == [a.id])
        #expect(try fixture.diary.entries(tag: "trav").entries.isEmpty, "tags match whole")
        let first = try fixture.diary.entries(tag: "travel", limit: 1)
        #expect(first.entries.map(\.id) == [c.id])
        #expect(try fixture.diary.entries(tag: "travel", limit: 1, after: first.nextCursor).entries.map(\.id) == [a.id])
        #expect { try fixture.diary.entries(tag: "   ") } throws: { diaryError($0, .invalidArgument, "tag to look for is empty") }
    }

    @Test func searchFindsKoreanAndEnglishWordsInTitlesTextsAndTagsOnly() throws {
        let fixture = try DiaryFixture()
        let picnic = try fixture.write("2026-11-01T10:00:00+09:00", diarySeoul, .joy, 5, title: "한강 피크닉",
                                       text: "오늘은 친구와 피크닉을 갔다. 날씨가 좋았다.", tags: ["친구"])
        let rain = try fixture.write("2026-11-02T10:00:00+09:00", diarySeoul, .sadness, 2, title: "Rainy Monday",
                                     text: "The café was closed, so I walked home in the rain.", tags: ["Walk"])
        let seoulText = try fixture.write("2026-11-03T10:00:00+09:00", diaryNewYork, .calm,
                                          text: "Thinking of Seoul and of a picnic by the river.")

        #expect(try fixture.diary.search("피크닉").map(\.id) == [picnic.id])
        #expect(try fixture.diary.search("친구와").map(\.id) == [picnic.id])
        #expect(try fixture.diary.search("친구").map(\.id) == [picnic.id], "a word also finds its forms with particles")
        #expect(try fixture.diary.search("날씨 피크닉").map(\.id) == [picnic.id])
        #expect(try fixture.diary.search("picnic").map(\.id) == [seoulText.id])
        #expect(try fixture.diary.search("RAIN").map(\.id) == [rain.id])
        #expect(try fixture.diary.search("cafe").map(\.id) == [rain.id], "accents are ignored")
        #expect(try fixture.diary.search("walk").map(\.id) == [rain.id])
        #expect(try fixture.diary.search("rain home").map(\.id) == [rain.id])
        #expect(try fixture.diary.search("rain picnic").isEmpty)
        // Stored metadata is not matched: the time zone, the day and the emotion's name.
        #expect(try fixture.diary.search("Seoul").map(\.id) == [seoulText.id])
        #expect(try fixture.diary.search("Asia").isEmpty)
        #expect(try fixture.diary.search("2026").isEmpty)
        #expect(try fixture.diary.search("sadness").isEmpty)
        #expect(try fixture.diary.search("\" OR *").isEmpty)
        #expect(try fixture.diary.search("   ").isEmpty)
        // Paging through matches.
        let all = try fixture.diary.search("the")
        #expect(all.map(\.id) == [seoulText.id, rain.id])
        #expect(try fixture.diary.search("the", limit: 1, offset: 1).map(\.id) == [rain.id])
        #expect { try fixture.diary.search("the", limit: 0) } throws: { diaryError($0, .invalidArgument) }
    }
}
