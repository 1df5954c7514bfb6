import Foundation
import Testing
@testable import KeepsakeCLI
import KeepsakeTestSupport

/// The conventions every command follows: help with examples (and in docs/CLI.md as printed), usage
/// errors with exit code 2 and one sentence on stderr, JSON on read commands. The help is checked on
/// the built binary, for every command the tool declares.
@Suite struct ConventionsTests {
    /// The words that reach every command of the tree under `command` (a default subcommand is
    /// reached by its argument: `import FILE`).
    static func paths(_ command: Command, _ words: [String] = []) -> [[String]] {
        [words] + command.subcommands.flatMap { child in
            paths(child, words + [child.name == command.defaultSubcommand ? "backup.tar.gz" : child.name])
        }
    }

    @Test func everyCommandAndActionHasHelpWithExamples() async throws {
        let cli = CLI("cli-help")
        let paths = Self.paths(KeepsakeCommand.root)
        #expect(paths.count > 45 && paths.contains(["ledger", "receipt", "attach"]) && paths.contains(["import", "backup.tar.gz"]))
        var invocations: [[String]] = [["help"], ["diary", "-h"], ["ledger", "help"]]
        invocations += paths.map { $0 + ["--help"] }
        var helps: [[String]: String] = [:]
        for arguments in invocations {
            let result = try runProcess(cli.binary, arguments, environment: cli.environment)
            helps[arguments] = result.stdout
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(result.stdout.contains("Usage: keepsake"), "\(arguments)")
            #expect(result.stdout.contains("Examples:\n"), "\(arguments)")
            #expect(result.stderr.isEmpty, "\(arguments)")
        }
        let overview = try #require(helps[["--help"]])
        // docs/CLI.md shows each help as the tool prints it, so the two cannot drift apart.
        let docs = try String(contentsOf: Corpus.repositoryRoot.appendingPathComponent("docs/CLI.md"), encoding: .utf8)
        for (arguments, help) in helps where arguments.last == "--help" {
            #expect(docs.contains("```\n" + help + "```"), "docs/CLI.md lacks the current help of keepsake \(arguments.dropLast().joined(separator: " "))")
        }
        for command in KeepsakeCommand.root.subcommands { #expect(overview.contains("  \(command.name) "), "the overview lists \(command.name)") }
        #expect(overview.contains("Exit codes: 0 success; 1 error"))
        #expect(!FileManager.default.fileExists(atPath: cli.directory.appending("keepsake.sqlite").path), "help never opens the store")
    }

    @Test func usageErrorsExitWithTwoAndOneSentence() async throws {
        let cli = CLI("cli-usage")
        let cases: [[String]] = [
            ["diary"], ["diary", "frobnicate"], ["ledger", "add", "--bogus"], ["feed", "list", "--json=yes"],
            ["diary", "show"], ["diary", "show", "a", "b"], ["feed", "post", "--title"], ["ledger", "export"],
            ["demo", "extra"], ["diary", "add", "--emotion", "joy", "--text", "x", "--image"],
        ]
        for arguments in cases {
            let result = try await cli.fails(2, arguments)
            #expect(result.stderr.split(separator: "\n").count == 1, "\(arguments): \(result.stderr)")
            #expect(result.stdout.isEmpty, "\(arguments)")
        }
    }

    @Test func theGlobalStoreOptionWorksBeforeOrAfterTheCommand() async throws {
        let cli = CLI("cli-global")
        let added = try runProcess(cli.binary, ["diary", "add", "--emotion", "calm", "--text", "x", "--store", cli.store], environment: cli.environment)
        #expect(added.status == 0, "\(added.stderr)")
        let listed = try runProcess(cli.binary, ["--store=\(cli.store)", "--json", "diary", "list"], environment: cli.environment)
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.stdout.contains("\"entries\""))
        var environment = cli.environment
        environment["KEEPSAKE_HOME"] = cli.store
        let viaEnvironment = try runProcess(cli.binary, ["diary", "list"], environment: environment)
        #expect(viaEnvironment.stdout.contains("calm/3"))
    }

    @Test func everyReadCommandPrintsJSON() async throws {
        let cli = CLI("cli-json")
        let diaryID = try #require(printedID(try await cli.ok(["diary", "add", "--emotion", "joy", "--text", "json", "--at", "2026-11-02"])))
        let ledgerID = try #require(printedID(try await cli.ok(["ledger", "add", "--amount", "1", "--category", "x", "--date", "2026-11-02"])))
        let feedID = try #require(printedID(try await cli.ok(["feed", "post", "--title", "json", "--date", "2026-11-02"])))
        let reads: [[String]] = [
            ["status"], ["fsck"], ["trash", "list"],
            ["diary", "list"], ["diary", "show", diaryID], ["diary", "search", "json"], ["diary", "calendar", "2026-11"],
            ["diary", "stats", "--from", "2026-11-01", "--to", "2026-11-30"],
            ["ledger", "list", "--month", "2026-11"], ["ledger", "show", ledgerID], ["ledger", "report", "--month", "2026-11"],
            ["feed", "list"], ["feed", "show", feedID],
        ]
        for arguments in reads {
            let output = try await cli.ok(arguments + ["--json"])
            #expect((try? JSONSerialization.jsonObject(with: Data(output.utf8))) != nil, "\(arguments): \(output)")
        }
        // Dates in JSON are ISO 8601 in the user's time zone, as in the text.
        #expect(try await cli.ok(["diary", "show", diaryID, "--json"]).contains("\"moment\" : \"2026-11-02T00:00:00+09:00\""))
    }
}
