import Foundation
import Testing
import KeepsakeDiary
import KeepsakeStore
import KeepsakeTestSupport

/// `keepsake diary year` and `keepsake diary on-this-day`, in-process on fresh stores, in Asia/Seoul.
@Suite struct DiaryYearsCommandTests {
    @Test func aYearInPixelsAndOnThisDay() async throws {
        let cli = CLI("cli-diary-years")
        try await cli.ok(["diary", "add", "--emotion", "joy", "--intensity", "5", "--title", "LastYear", "--text", "a", "--at", "2025-12-03T10:00"])
        try await cli.ok(["diary", "add", "--emotion", "anxiety", "--intensity", "2", "--text", "b", "--at", "2025-01-02T20:00"])
        try await cli.ok(["diary", "add", "--emotion", "calm", "--intensity", "3", "--title", "TwoYears", "--text", "c", "--at", "2024-12-03T09:00"])
        try await cli.ok(["diary", "add", "--emotion", "fear", "--text", "d", "--at", "2025-12-04T09:00"])

        let year = try await cli.ok(["diary", "year", "2025"])
        #expect(year.contains("2025: 3 days with entries"))
        #expect(year.contains("  2025-01  .x" + String(repeating: ".", count: 29) + "\n"), "the 2nd: anxiety, faint")
        #expect(year.contains("  2025-12  ..Jf" + String(repeating: ".", count: 27) + "\n"), "the 3rd: strong joy; the 4th: fear")
        #expect(year.contains("  2025-02  " + String(repeating: ".", count: 28) + "\n"), "February has 28 days")
        #expect(year.contains("x anxiety"))
        let pixels = try await cli.json(DiaryYearInPixels.self, ["diary", "year", "2025"])
        #expect(pixels.days.map(\.day.string) == ["2025-01-02", "2025-12-03", "2025-12-04"])
        #expect(pixels.days.map(\.dominantEmotion) == [.anxiety, .joy, .fear])

        let groups = try await cli.json([DiaryOnThisDay].self, ["diary", "on-this-day", "--day", "2026-12-03"])
        #expect(groups.map(\.yearsAgo) == [1, 2])
        #expect(groups.map { $0.entries.map(\.title) } == [["LastYear"], ["TwoYears"]])
        let text = try await cli.ok(["diary", "on-this-day", "--day", "2026-12-03"])
        #expect(text.contains("2025-12-03 (1 year ago):"))
        #expect(text.contains("2024-12-03 (2 years ago):"))
        #expect(try await cli.ok(["diary", "on-this-day", "--day", "2026-07-01"]).contains("Nothing was written on 07-01 in the years before 2026."))

        try await cli.fails(2, ["diary", "year", "0"])
        try await cli.fails(2, ["diary", "year", "twenty"])
        try await cli.fails(2, ["diary", "on-this-day", "--day", "2026-02-30"])
    }
}
