import Foundation
import Testing
import KeepsakeStore
import KeepsakeSupport
import KeepsakeTestSupport

/// `keepsake user …`, `keepsake book …`, `move` and the global `--user`, run as the built binary on a
/// fresh store: two people, a book shared as viewer, passwords, and removal with an heir.
@Suite struct AccountCommandTests {
    /// A book as `book list --json` prints it.
    struct ListedBook: Decodable {
        let id: String
        let app: String
        let name: String
        let role: String?
    }

    /// A member as `book members --json` prints it.
    struct ListedMember: Decodable {
        let login: String
        let role: String
    }

    /// An account as `user list --json` prints it.
    struct ListedAccount: Decodable {
        let login: String
        let isAdmin: Bool
        let disabled: Bool
        let hasPassword: Bool
    }

    static let anaPassword = "ana's long passphrase"
    static let benPassword = "벤의 아주 긴 비밀번호입니다"

    /// Runs the binary on `cli`'s store.
    @discardableResult
    static func keepsake(_ cli: CLI, _ arguments: [String], stdin: String? = nil, expect status: Int32 = 0,
                         sourceLocation: SourceLocation = #_sourceLocation) throws -> ProcessResult {
        let result = try cli.runBinary(cli.storeArguments + arguments, stdin: stdin)
        #expect(result.status == status, "keepsake \(arguments.joined(separator: " ")) exited \(result.status): \(result.stderr)",
                sourceLocation: sourceLocation)
        if status != 0 {
            #expect(result.stderr.hasPrefix("keepsake: ") && result.stderr.split(separator: "\n").count == 1, "\(result.stderr)",
                    sourceLocation: sourceLocation)
        }
        return result
    }

    /// Decodes the JSON a run printed.
    static func decode<T: Decodable>(_ type: T.Type, _ result: ProcessResult) throws -> T {
        try CLI.decoder.decode(T.self, from: Data(result.stdout.utf8))
    }

    /// A store with ana and ben, ana's diary entry in her default diary book, shared with ben as viewer.
    static func sharedStore(_ label: String) throws -> (cli: CLI, book: ListedBook, entry: String) {
        let cli = CLI(label)
        try keepsake(cli, ["user", "add", "ana", "--display-name", "Ana Kim", "--password-stdin"], stdin: anaPassword + "\n")
        try keepsake(cli, ["user", "add", "ben", "--language", "ko", "--time-zone", "Asia/Seoul", "--password-stdin"], stdin: benPassword)
        let entry = try #require(printedID(try keepsake(cli, ["--user", "ana", "diary", "add", "--emotion", "joy", "--text", "ana's day"]).stdout))
        let books = try decode([ListedBook].self, try keepsake(cli, ["--user", "ana", "book", "list", "--app", "diary", "--json"]))
        #expect(books.count == 1 && books.first?.role == "owner", "\(books)")
        let book = try #require(books.first)
        try keepsake(cli, ["--user", "ana", "book", "share", book.id, "ben", "--role", "viewer"])
        return (cli, book, entry)
    }

    @Test func aViewerListsTheSharedBookAndReadsItButCannotWriteToIt() throws {
        let (cli, book, entry) = try Self.sharedStore("cli-accounts-viewer")
        let benBooks = try Self.decode([ListedBook].self, try Self.keepsake(cli, ["book", "list", "--user", "ben", "--json"]))
        #expect(benBooks.map(\.id) == [book.id])
        #expect(benBooks.first?.role == "viewer")
        #expect(try Self.keepsake(cli, ["--user", "ben", "diary", "show", entry]).stdout.contains("ana's day"))
        #expect(try Self.keepsake(cli, ["--user", "ben", "diary", "list"]).stdout.contains(entry))

        // Ben's own entry goes to his own default book; he cannot put it into ana's book, nor change hers.
        let own = try #require(printedID(try Self.keepsake(cli, ["--user", "ben", "diary", "add", "--emotion", "calm", "--text", "ben's"]).stdout))
        let moved = try Self.keepsake(cli, ["--user", "ben", "diary", "move", own, "--book", book.id], expect: 1)
        #expect(moved.stderr.contains("editor") || moved.stderr.contains("owner"), "the refusal names the role it needs: \(moved.stderr)")
        let edited = try Self.keepsake(cli, ["--user", "ben", "diary", "edit", entry, "--text", "ben was here"], expect: 1)
        #expect(edited.stderr.contains("editor") || edited.stderr.contains("owner"), "\(edited.stderr)")
        try Self.keepsake(cli, ["--user", "ben", "diary", "delete", entry], expect: 1)
        #expect(try Self.keepsake(cli, ["--user", "ana", "diary", "show", entry]).stdout.contains("ana's day"), "nothing changed")

        // Ben may not manage the book either, and ana's unshared entry is invisible to a third account.
        try Self.keepsake(cli, ["--user", "ben", "book", "rename", book.id, "Mine now"], expect: 1)
        try Self.keepsake(cli, ["user", "add", "cho", "--password-stdin"], stdin: "cho's long password")
        try Self.keepsake(cli, ["--user", "cho", "diary", "show", entry], expect: 1)
        #expect(try Self.decode([ListedBook].self, try Self.keepsake(cli, ["--user", "cho", "book", "list", "--json"])).isEmpty)

        // As editor, ben can move his entry in.
        try Self.keepsake(cli, ["--user", "ana", "book", "share", book.id, "ben", "--role", "editor"])
        try Self.keepsake(cli, ["--user", "ben", "ledger", "move", own, "--book", book.id], expect: 1)  // not a transaction
        let movedIn = try Self.keepsake(cli, ["--user", "ben", "diary", "move", own, "--book", book.id])
        #expect(movedIn.stdout.hasPrefix("Moved diary entry \(own) to the book \"Diary\"") && movedIn.stdout.contains("ben's"), "\(movedIn.stdout)")
        let members = try Self.decode([ListedMember].self, try Self.keepsake(cli, ["--user", "ana", "book", "members", book.id, "--json"]))
        #expect(members.map(\.login) == ["ana", "ben"] && members.map(\.role) == ["owner", "editor"], "\(members)")
    }

    @Test func aBookIsNamedByItsIdOrItsUniqueName() throws {
        let (cli, book, _) = try Self.sharedStore("cli-accounts-names")
        try Self.keepsake(cli, ["--user", "ana", "book", "rename", "Diary", "Ana's diary"])
        #expect(try Self.keepsake(cli, ["--user", "ben", "book", "members", "Ana's diary"]).stdout.contains("viewer"))
        try Self.keepsake(cli, ["--user", "ben", "book", "members", "Nothing called this"], expect: 1)
        // Two readable books with one name: the name is refused and the ids are listed.
        try Self.keepsake(cli, ["--user", "ben", "book", "create", "diary", "Ana's diary"])
        let ambiguous = try Self.keepsake(cli, ["--user", "ben", "book", "members", "Ana's diary"], expect: 1)
        #expect(ambiguous.stderr.contains(book.id), "\(ambiguous.stderr)")
    }

    @Test func passwdWithPasswordStdinChangesTheStoredHash() throws {
        let (cli, _, _) = try Self.sharedStore("cli-accounts-passwd")
        func storedHash() throws -> String {
            try #require(try TestStores.open(cli.directory).account(login: LoginName("ana")).passwordHash)
        }
        let before = try storedHash()
        #expect(try Argon2idHasher().verify(Self.anaPassword, against: before), "the trailing line break of --password-stdin is dropped")
        #expect(before.hasPrefix("$argon2id$v=19$m=19456,t=2,p=1$"))

        let newPassword = "a brand new passphrase"
        try Self.keepsake(cli, ["--user", "ana", "user", "passwd", "ana", "--password-stdin"], stdin: newPassword + "\r\n")
        let after = try storedHash()
        #expect(after != before)
        #expect(try Argon2idHasher().verify(newPassword, against: after))
        #expect(try !Argon2idHasher().verify(Self.anaPassword, against: after))

        // Ben may not set ana's password; a short one is refused with the rule; nothing changes.
        try Self.keepsake(cli, ["--user", "ben", "user", "passwd", "ana", "--password-stdin"], stdin: "ben sets it now", expect: 1)
        let short = try Self.keepsake(cli, ["user", "passwd", "ana", "--password-stdin"], stdin: "short", expect: 1)
        #expect(short.stderr.contains("at least 10 characters"), "\(short.stderr)")
        // Without --password-stdin and without a terminal, nothing is asked and nothing changes.
        let noTerminal = try Self.keepsake(cli, ["user", "passwd", "ana"], expect: 2)
        #expect(noTerminal.stderr.contains("--password-stdin"), "\(noTerminal.stderr)")
        #expect(try storedHash() == after)
        let listing = try Self.keepsake(cli, ["user", "list", "--json"])
        let listed = try Self.decode([ListedAccount].self, listing)
        #expect(listed.filter(\.hasPassword).map(\.login) == ["ana", "ben"], "\(listed)")
        #expect(!listing.stdout.contains("argon2"), "the hash is never printed")
    }

    @Test func removeRefusesWhileSharedBooksAreOwnedAndGivesThemToTheHeir() throws {
        let (cli, book, entry) = try Self.sharedStore("cli-accounts-remove")
        let refused = try Self.keepsake(cli, ["user", "remove", "ana", "--yes"], expect: 3)
        #expect(refused.stderr.contains("heir"), "\(refused.stderr)")
        try Self.keepsake(cli, ["user", "remove", "ana", "--heir", "ben"], expect: 2)  // no terminal to ask on, and no --yes
        try Self.keepsake(cli, ["user", "remove", "ana", "--heir", "ben", "--yes"])

        let members = try Self.decode([ListedMember].self, try Self.keepsake(cli, ["--user", "ben", "book", "members", book.id, "--json"]))
        #expect(members.map(\.login) == ["ben"] && members.map(\.role) == ["owner"], "\(members)")
        #expect(try Self.keepsake(cli, ["--user", "ben", "diary", "show", entry]).stdout.contains("ana's day"))
        let gone = try Self.keepsake(cli, ["--user", "ana", "diary", "list"], expect: 1)
        #expect(gone.stderr.contains("No account has the login ana"), "\(gone.stderr)")
    }

    @Test func anUnknownOrDisabledLoginIsRefusedAndNothingIsWritten() throws {
        let (cli, _, _) = try Self.sharedStore("cli-accounts-disabled")
        try Self.keepsake(cli, ["--user", "nobody", "diary", "add", "--emotion", "joy", "--text", "x"], expect: 1)
        try Self.keepsake(cli, ["--user", "Not A Login!", "diary", "list"], expect: 2)
        try Self.keepsake(cli, ["user", "disable", "ben"])
        let disabled = try Self.keepsake(cli, ["--user", "ben", "diary", "add", "--emotion", "joy", "--text", "x"], expect: 1)
        #expect(disabled.stderr.contains("disabled"), "\(disabled.stderr)")
        let accounts = try Self.decode([ListedAccount].self, try Self.keepsake(cli, ["user", "list", "--json"]))
        #expect(accounts.first { $0.login == "ben" }?.disabled == true)
        try Self.keepsake(cli, ["--user", "ana", "book", "share", "Diary", "ben", "--role", "editor"], expect: 1)  // not with a disabled account
        try Self.keepsake(cli, ["--user", "ana", "user", "disable", "admin"], expect: 1)  // only admins manage accounts
        let afterRefusals = try Self.decode([ListedAccount].self, try Self.keepsake(cli, ["user", "list", "--json"]))
        #expect(afterRefusals.first { $0.login == "admin" }?.disabled == false)
        try Self.keepsake(cli, ["user", "enable", "ben"])
        try Self.keepsake(cli, ["--user", "ben", "diary", "add", "--emotion", "joy", "--text", "x"])
        // A taken login is a conflict; book delete asks, and without a terminal needs --yes.
        try Self.keepsake(cli, ["user", "add", "ben", "--password-stdin"], stdin: "another long one", expect: 3)
        try Self.keepsake(cli, ["--user", "ana", "book", "delete", "Diary"], expect: 2)
    }
}

/// The questions at a terminal: the binary run under `script`, so its standard input is a real
/// pseudo-terminal (answers typed a second apart, after each prompt).
@Suite struct AccountTerminalTests {
    static let script = URL(fileURLWithPath: "/usr/bin/script")

    /// Runs `keepsake arguments…` on `cli`'s store with a terminal, typing `answers` one per second
    /// (plain text without single quotes, as they go into a shell command line).
    static func atTerminal(_ cli: CLI, _ arguments: String, answers: [String]) throws -> ProcessResult {
        var environment = cli.environment
        environment["KEEPSAKE_HOME"] = cli.store
        environment["KEEPSAKE_BIN"] = cli.binary.path
        let typing = answers.map { "sleep 1; printf '%s\\n' '\($0)'" }.joined(separator: "; ")
        return try runProcess(URL(fileURLWithPath: "/bin/sh"), ["-c", "(\(typing); sleep 1) | script -qec \"$KEEPSAKE_BIN \(arguments)\" /dev/null"],
                              environment: environment)
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: script.path), "script(1) is installed"))
    func passwordsAreAskedTwiceWithoutEchoAndDeletingAsksFirst() throws {
        let cli = CLI("cli-accounts-terminal")
        let made = try Self.atTerminal(cli, "user add dora", answers: ["dora types this password", "dora types this password"])
        #expect(made.status == 0, "\(made.stdout)")
        #expect(made.stdout.contains("New password for dora:") && made.stdout.contains("The same password again:"), "\(made.stdout)")
        #expect(!made.stdout.contains("types this"), "what is typed is not echoed: \(made.stdout)")
        let hash = try #require(try TestStores.open(cli.directory).account(login: LoginName("dora")).passwordHash)
        #expect(try Argon2idHasher().verify("dora types this password", against: hash))

        let differ = try Self.atTerminal(cli, "user add eve", answers: ["eve types one password", "eve types another one"])
        #expect(differ.status == 1 && differ.stdout.contains("The two passwords differ"), "\(differ.stdout)")

        _ = try cli.runBinary(cli.storeArguments + ["book", "create", "feed", "Trip", "--owner", "dora"])
        let kept = try Self.atTerminal(cli, "book delete Trip", answers: ["no"])
        #expect(kept.status == 1 && kept.stdout.contains("Nothing was changed"), "\(kept.stdout)")
        let deleted = try Self.atTerminal(cli, "book delete Trip", answers: ["yes"])
        #expect(deleted.status == 0 && deleted.stdout.contains("Deleted the book \"Trip\""), "\(deleted.stdout)")
    }
}
