import Foundation
import Testing
@testable import KeepsakeCLI

/// Commands declared once: the parsing, the validation, the usage errors and the help all come from
/// one declaration. A sample command is declared here the way every command of the tool is.
@Suite struct CommandDeclarationTests {
    static let title = Option("--title", .text(), help: "The title.")
    static let tag = Option("--tag", .text("TAG"), repeatable: true, help: "A tag; repeat for several.")
    static let limit = Option("--limit", .integer(in: 1...20), help: "How many, 1 to 20.")
    static let when = Option("--at", .date, help: "When: YYYY-MM-DD or YYYY-MM-DDTHH:MM;\nin your time zone.")
    static let name = Option("--name", .text("NAME"), help: "Required.")
    static let trash = Flag("--trash", help: "The trash instead.")
    static let old = Flag("--old", help: "Old ones.")
    static let words = Argument(.text("WORD"), count: .many(atLeast: 0))
    static let id = Argument(.recordID, hint: "a record id")

    static let sample = Command(
        "sample", abstract: "A sample.", discussion: "Does nothing but read its options.", arguments: [id, words],
        options: [name.asRequired, title, tag, limit, when, trash, old],
        rules: [.atMostOne([[trash], [old]]), .atLeastOne([title, tag], message: "Nothing to do")],
        epilogue: "Said after the options.", examples: ["keepsake sample 3f2504e0-4f89-41d3-9a0c-0305e82c3301 --name x --title y"]) { _ in 0 }
    static let group = Command(group: "group", abstract: "A group.", discussion: "Holds the sample.", subcommands: [sample], examples: ["keepsake group sample --help"])
    static let root = Command(group: "keepsake", abstract: "a test tool.", discussion: "", subcommands: [group], examples: ["keepsake group"])

    static let someID = "3f2504e0-4f89-41d3-9a0c-0305e82c3301"
    let context = CommandContext(io: CapturedIO(), timeZone: TimeZone(identifier: "Asia/Seoul")!, environment: [:])

    /// The sample's invocation for `arguments` (after `keepsake group sample`).
    func parse(_ arguments: [String]) throws -> Invocation {
        let path = [Self.root, Self.group, Self.sample]
        return try Self.sample.invocation(Self.sample.words(of: arguments, path: path), path: path, context: context)
    }

    /// The usage error `arguments` give.
    func usageError(_ arguments: [String]) -> String? {
        do { _ = try parse(arguments) } catch let error as UsageError { return error.description } catch { return "\(error)" }
        return nil
    }

    @Test func optionsTakeTheirValueAfterASpaceOrAnEqualsSignTyped() throws {
        let call = try parse([Self.someID, "--name", "x", "--title=Hello = world", "--limit", "12", "one", "--at", "2026-11-29T23:30", "two"])
        #expect(call[Self.name] == "x" && call[Self.title] == "Hello = world" && call[Self.limit] == 12)
        #expect(try call[Self.when]?.date(in: TimeZone(identifier: "Asia/Seoul")!).timeIntervalSince1970 == 1_795_962_600)
        #expect(call[Self.id]?.string == Self.someID && call.all(Self.words) == ["one", "two"])
        #expect(call.given(Self.title) && !call.given(Self.tag) && !call[Self.trash])
    }

    @Test func repeatableOptionsKeepEveryValueInOrder() throws {
        let call = try parse([Self.someID, "--name", "x", "--tag", "b", "--tag=a", "--tag", "c", "--title", "1", "--title", "2"])
        #expect(call.all(Self.tag) == ["b", "a", "c"])
        #expect(call[Self.title] == "2", "the last one wins for single values")
    }

    @Test func doubleDashEndsTheOptionsAndALoneDashIsAnArgument() throws {
        let call = try parse([Self.someID, "--name", "x", "--tag", "t", "-", "--", "--not-an-option", "-h", "--trash"])
        #expect(call.all(Self.words) == ["-", "--not-an-option", "-h", "--trash"] && !call[Self.trash])
        let path = [Self.root, Self.group, Self.sample]
        #expect(try Self.sample.words(of: ["-h"], path: path).switches == ["--help"], "-h is --help")
    }

    @Test func everyMistakeIsAUsageErrorThatSaysWhatToDo() {
        let base = [Self.someID, "--name", "x", "--tag", "t"]
        #expect(usageError(base + ["--bogus"]) == #"Unknown option "--bogus"; see keepsake group sample --help."#)
        #expect(usageError(base + ["--bogus=1"]) == #"Unknown option "--bogus"; see keepsake group sample --help."#)
        #expect(usageError(base + ["--title"]) == "--title needs a value.")
        #expect(usageError(base + ["--title", "--trash"]) == "--title needs a value.", "followed by an option, the value is missing")
        #expect(usageError(base + ["--trash=yes"]) == "--trash takes no value.")
        #expect(usageError(base + ["--limit", "0"]) == #"--limit takes a whole number from 1 to 20, not "0"."#)
        #expect(usageError(base + ["--at", "2026-02-30"])?.hasPrefix(#""2026-02-30" is not a date"#) == true)
        #expect(usageError(["--name", "x", "--tag", "t"]) == "group sample needs one ID (a record id); write it as: keepsake group sample ID [WORD]...")
        #expect(usageError(["../../etc", "--name", "x", "--tag", "t"])?.hasPrefix(#""../../etc" is not a record id"#) == true)
        #expect(usageError([Self.someID, "--tag", "t"]) == "group sample needs --name NAME; see keepsake group sample --help.")
        #expect(usageError(base + ["--trash", "--old"]) == "Give --trash or --old, not both.")
        #expect(usageError([Self.someID, "--name", "x"]) == "Nothing to do: give at least one of --title or --tag.")
        #expect(throws: Never.self) { try parse(base + ["--title=--trash"]) }
    }

    @Test func theCommandIsTheFirstWordThatIsNotAnOptionOrItsValue() throws {
        guard case .run(let path, let arguments) = try Self.root.resolve(["--store", "/tmp/s", "group", "--title", "sample", "sample", "x"]) else {
            Issue.record("no command found")
            return
        }
        #expect(path.map(\.name) == ["keepsake", "group", "sample"])
        #expect(arguments == ["--store", "/tmp/s", "--title", "sample", "x"], "a group skips the values of its actions' options")
        guard case .help = try Self.root.resolve(["group", "-h"]), case .noAction = try Self.root.resolve(["--store", "/tmp/s"]) else {
            Issue.record("help or no action")
            return
        }
        #expect(throws: UsageError.self) { try Self.root.resolve(["--store"]) }
        #expect(throws: UsageError.self) { try Self.root.resolve(["group", "frobnicate"]) }
    }

    @Test func theHelpIsMadeFromTheDeclaration() {
        #expect(Command.help([Self.root, Self.group, Self.sample]) == """
            Usage: keepsake [--store DIR] group sample ID [WORD]... --name NAME [--title TEXT] [--tag TAG]...
                                                       [--limit N] [--at DATE] [--trash | --old] [--json]

            Does nothing but read its options.

              --name NAME        Required.
              --title TEXT       The title.
              --tag TAG          A tag; repeat for several.
              --limit N          How many, 1 to 20.
              --at DATE          When: YYYY-MM-DD or YYYY-MM-DDTHH:MM;
                                 in your time zone.
              --trash            The trash instead.
              --old              Old ones.

            Said after the options.

            Examples:
              keepsake sample 3f2504e0-4f89-41d3-9a0c-0305e82c3301 --name x --title y

            """)
        #expect(Command.help([Self.root, Self.group]).hasPrefix("""
            Usage: keepsake [--store DIR] group <action> [options]

            Holds the sample.

            Actions:
              sample ID [WORD]...    A sample.

            """))
    }

    @Test func datesAreReadInTheGivenTimeZoneAndBareDaysEndAtTheNextMidnight() throws {
        let seoul = TimeZone(identifier: "Asia/Seoul")!
        #expect(try DateText.parse("2026-11-29T23:30", timeZone: seoul).timeIntervalSince1970 == 1_795_962_600)
        #expect(try DateText.parseEnd("2026-11-29", timeZone: seoul) == DateText.parse("2026-11-30", timeZone: seoul))
        #expect(try DateText.parseEnd("2026-11-29T10:00", timeZone: seoul) == DateText.parse("2026-11-29T10:00", timeZone: seoul))
        #expect(throws: UsageError.self) { try DateText.parse("2026-02-30", timeZone: seoul) }
        #expect(throws: UsageError.self) { try DateText.parse("yesterday", timeZone: seoul) }
        #expect(throws: UsageError.self) { try DateText.parse("2026-11-29T24:00", timeZone: seoul) }
        #expect(DateText.format(Date(timeIntervalSince1970: 1_795_962_600), timeZone: seoul) == "2026-11-29T23:30:00+09:00")
    }
}
