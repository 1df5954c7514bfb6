import Foundation
import Testing
@testable import KeepsakeCLI
import KeepsakeStore

/// Commands declared once: the parsing, the validation, the usage errors and the help all come from
/// one declaration. A sample command is declared here the way every command of the tool is.
@Suite struct CommandDeclarationTests {
    /// A command declared as every command of the tool is: typed properties, rules by key path.
    struct Sample: ParsableCommand {
        static let configuration = CommandConfiguration(
            "sample", abstract: "A sample.", discussion: "Does nothing but read its options.", epilogue: "Said after the options.",
            examples: ["keepsake sample 3f2504e0-4f89-41d3-9a0c-0305e82c3301 --name x --title y"])

        @Argument(.recordID, hint: "a record id") var id: RecordID
        @Argument(.text("WORD")) var words: [String]
        @Option("--name", .text("NAME"), help: "Required.") var name: String
        @Option("--title", .text(), help: "The title.") var title: String?
        @Option("--tag", .text("TAG"), help: "A tag; repeat for several.") var tags: [String]
        @Option("--limit", .integer(in: 1...20), help: "How many, 1 to 20.") var limit: Int?
        @Option("--at", .date, help: "When: YYYY-MM-DD or YYYY-MM-DDTHH:MM;\nin your time zone.") var when: DateInput?
        @Flag("--trash", help: "The trash instead.") var trash: Bool
        @Flag("--old", help: "Old ones.") var old: Bool

        static var rules: [OptionRule] {
            [.atMostOne([[\Self.$trash], [\Self.$old]]), .atLeastOne([\Self.$title, \Self.$tags], message: "Nothing to do")]
        }

        func validate() throws(UsageError) {
            if title == "invalid" { throw UsageError(description: "The title may not be invalid.") }
        }

        func run(_ call: Invocation) async throws -> Int32 { 0 }
    }

    static let sample = Command(Sample.self)
    static let group = Command(group: "group", abstract: "A group.", discussion: "Holds the sample.", subcommands: [sample], examples: ["keepsake group sample --help"])
    static let root = Command(group: "keepsake", abstract: "a test tool.", discussion: "", subcommands: [group], examples: ["keepsake group"])

    static let someID = "3f2504e0-4f89-41d3-9a0c-0305e82c3301"
    let context = CommandContext(io: CapturedIO(), timeZone: TimeZone(identifier: "Asia/Seoul")!, environment: [:])

    /// The sample's typed options for `arguments` (after `keepsake group sample`).
    func parse(_ arguments: [String]) throws -> Sample {
        let path = [Self.root, Self.group, Self.sample]
        return try Command.parse(Sample.self, Self.sample.words(of: arguments, path: path), path: path, context: context).options
    }

    /// The usage error `arguments` give.
    func usageError(_ arguments: [String]) -> String? {
        do { _ = try parse(arguments) } catch let error as UsageError { return error.description } catch { return "\(error)" }
        return nil
    }

    @Test func optionsTakeTheirValueAfterASpaceOrAnEqualsSignTyped() throws {
        let call = try parse([Self.someID, "--name", "x", "--title=Hello = world", "--limit", "12", "one", "--at", "2026-11-29T23:30", "two"])
        #expect(call.name == "x" && call.title == "Hello = world" && call.limit == 12)
        #expect(try call.when?.date(in: TimeZone(identifier: "Asia/Seoul")!).timeIntervalSince1970 == 1_795_962_600)
        #expect(call.id.string == Self.someID && call.words == ["one", "two"])
        #expect(call.title != nil && call.tags.isEmpty && !call.trash)
    }

    @Test func repeatableOptionsKeepEveryValueInOrder() throws {
        let call = try parse([Self.someID, "--name", "x", "--tag", "b", "--tag=a", "--tag", "c", "--title", "1", "--title", "2"])
        #expect(call.tags == ["b", "a", "c"])
        #expect(call.title == "2", "the last one wins for single values")
    }

    @Test func doubleDashEndsTheOptionsAndALoneDashIsAnArgument() throws {
        let call = try parse([Self.someID, "--name", "x", "--tag", "t", "-", "--", "--not-an-option", "-h", "--trash"])
        #expect(call.words == ["-", "--not-an-option", "-h", "--trash"] && !call.trash)
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
        #expect(usageError(base + ["--title", "invalid"]) == "The title may not be invalid.", "validate() runs after the declared checks")
        #expect(usageError(base + ["--title", "invalid", "--trash", "--old"]) == "Give --trash or --old, not both.", "the declared rules come first")
    }

    @Test func thePropertyTypesSayWhatIsRequiredRepeatableOrOptional() {
        let options = Dictionary(uniqueKeysWithValues: Self.sample.options.map { ($0.name, $0) })
        #expect(Self.sample.options.map(\.name) == ["--name", "--title", "--tag", "--limit", "--at", "--trash", "--old"], "in declaration order")
        #expect(options["--name"]?.isRequired == true && options["--title"]?.isRequired == false && options["--limit"]?.isRequired == false)
        #expect(options["--tag"]?.isRepeatable == true && options["--title"]?.isRepeatable == false)
        #expect(options["--trash"]?.takesValue == false && options["--at"]?.takesValue == true && options["--at"]?.placeholder == "DATE")
        #expect(Self.sample.arguments.map(\.count) == [.one, .many(atLeast: 0)])
        #expect(Self.sample.arguments.map(\.synopsis) == ["ID", "[WORD]..."])
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
