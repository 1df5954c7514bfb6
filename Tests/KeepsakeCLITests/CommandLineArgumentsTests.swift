import Foundation
import Testing
@testable import KeepsakeCLI

/// The one argument parser every command uses.
@Suite struct CommandLineArgumentsTests {
    let values: Set<String> = ["--store", "--title", "--tag"]
    let switches: Set<String> = ["--json", "--help"]

    @Test func flagsTakeTheirValueAfterASpaceOrAnEqualsSign() throws {
        let parsed = try CommandLineArguments(["--store", "/tmp/a", "--title=Hello = world", "add"], valueFlags: values, switchFlags: switches)
        #expect(parsed.value("--store") == "/tmp/a")
        #expect(parsed.value("--title") == "Hello = world")
        #expect(parsed.positionals == ["add"])
        #expect(parsed.given("--store") && !parsed.given("--tag"))
    }

    @Test func repeatableFlagsKeepEveryValueInOrder() throws {
        let parsed = try CommandLineArguments(["--tag", "b", "--tag=a", "--tag", "c"], valueFlags: values, switchFlags: switches)
        #expect(parsed.all("--tag") == ["b", "a", "c"])
        #expect(parsed.value("--tag") == "c", "the last one wins for single values")
        #expect(parsed.all("--title").isEmpty)
    }

    @Test func doubleDashEndsTheOptions() throws {
        let parsed = try CommandLineArguments(["--json", "search", "--", "--not-a-flag", "-h", "--json"], valueFlags: values, switchFlags: switches)
        #expect(parsed.has("--json"))
        #expect(!parsed.has("--help"))
        #expect(parsed.positionals == ["search", "--not-a-flag", "-h", "--json"])
    }

    @Test func aLoneDashIsAPositionalAndDashHIsHelp() throws {
        let parsed = try CommandLineArguments(["export", "-", "-h"], valueFlags: values, switchFlags: switches)
        #expect(parsed.positionals == ["export", "-"])
        #expect(parsed.has("--help"))
    }

    @Test func anUnknownFlagIsAUsageError() {
        #expect(throws: UsageError.self) { try CommandLineArguments(["--bogus"], valueFlags: values, switchFlags: switches) }
        #expect(throws: UsageError.self) { try CommandLineArguments(["--bogus=1"], valueFlags: values, switchFlags: switches) }
        #expect(throws: UsageError.self) { try CommandLineArguments(["-x"], valueFlags: values, switchFlags: switches) }
    }

    @Test func aMissingValueIsAUsageError() {
        let atEnd = #expect(throws: UsageError.self) { try CommandLineArguments(["--title"], valueFlags: values, switchFlags: switches) }
        #expect(atEnd?.description == "--title needs a value.")
        // Followed by another flag: the value is missing, not "--json".
        #expect(throws: UsageError.self) { try CommandLineArguments(["--title", "--json"], valueFlags: values, switchFlags: switches) }
        #expect(throws: UsageError.self) { try CommandLineArguments(["--title", "--tag=x"], valueFlags: values, switchFlags: switches) }
    }

    @Test func aValueThatLooksLikeAFlagCanBeGivenWithEquals() throws {
        let parsed = try CommandLineArguments(["--title=--json", "--tag", "--unknown-looking"], valueFlags: values, switchFlags: switches)
        #expect(parsed.value("--title") == "--json")
        #expect(parsed.value("--tag") == "--unknown-looking")
        #expect(!parsed.has("--json"))
    }

    @Test func aSwitchWithAValueIsAUsageError() {
        let error = #expect(throws: UsageError.self) { try CommandLineArguments(["--json=yes"], valueFlags: values, switchFlags: switches) }
        #expect(error?.description == "--json takes no value.")
    }

    @Test func integersAreCheckedAgainstTheirRange() throws {
        let parsed = try CommandLineArguments(["--title", "12", "--tag", "x"], valueFlags: values, switchFlags: switches)
        #expect(try parsed.integer("--title", in: 1...20) == 12)
        #expect(try parsed.integer("--store", in: 1...20) == nil)
        #expect(throws: UsageError.self) { try parsed.integer("--title", in: 1...10) }
        #expect(throws: UsageError.self) { try parsed.integer("--tag", in: 1...10) }
    }

    @Test func theCommandIsTheFirstWordThatIsNotAnOptionOrItsValue() {
        let split = CommandLineArguments.splitCommand(["--store", "/tmp/s", "--json", "diary", "add", "--title", "x"], valueFlags: ["--store"])
        #expect(split?.command == "diary")
        #expect(split?.rest == ["--store", "/tmp/s", "--json", "add", "--title", "x"])
        #expect(CommandLineArguments.splitCommand(["--store=/tmp/s", "status"], valueFlags: ["--store"])?.command == "status")
        #expect(CommandLineArguments.splitCommand(["--store", "/tmp/s"], valueFlags: ["--store"]) == nil)
        #expect(CommandLineArguments.splitCommand([], valueFlags: ["--store"]) == nil)
    }

    @Test func datesAreReadInTheGivenTimeZoneAndBareDaysEndAtTheNextMidnight() throws {
        let seoul = TimeZone(identifier: "Asia/Seoul")!
        #expect(try DateText.parse("2026-11-29T23:30", timeZone: seoul).timeIntervalSince1970 == 1_795_962_600)
        #expect(try DateText.parseEnd("2026-11-29", timeZone: seoul) == DateText.parse("2026-11-30", timeZone: seoul))
        #expect(try DateText.parseEnd("2026-11-29T10:00", timeZone: seoul) == DateText.parse("2026-11-29T10:00", timeZone: seoul))
        #expect(throws: UsageError.self) { try DateText.parse("2026-02-30", timeZone: seoul) }
        #expect(throws: UsageError.self) { try DateText.parse("yesterday", timeZone: seoul) }
        #expect(DateText.format(Date(timeIntervalSince1970: 1_795_962_600), timeZone: seoul) == "2026-11-29T23:30:00+09:00")
    }
}
