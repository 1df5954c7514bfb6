import Foundation
import Testing
import KeepsakeSupport
import KeepsakeTestSupport

/// Argon2id through libargon2, checked against the reference command-line tool (Debian's `argon2`).
@Suite struct PasswordHashingTests {
    /// Made by `printf 'correct horse battery' | argon2 somesaltsomesalt -id -k 19456 -t 2 -p 1 -l 32 -e`.
    static let referenceHash = "$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$/HetJC6LZ4lnwgLB+wJSS2a9bFu2Kq4HxwNWzoJq2qU"
    /// Made by `printf '비밀번호는 길어야 합니다' | argon2 AAAAAAAAAAAAAAAA -id -k 19456 -t 2 -p 1 -l 32 -e` (UTF-8 input).
    static let referenceKoreanHash = "$argon2id$v=19$m=19456,t=2,p=1$QUFBQUFBQUFBQUFBQUFBQQ$kK7Euc0yY0ZJAG+mvUBRvWyQld6u3hwJUw/DZe6n750"
    /// Made by `printf 'x' | argon2 saltsaltsalt -id -k 64 -t 1 -p 1 -l 32 -v 10 -e` (Argon2 version 1.0).
    static let referenceVersion16Hash = "$argon2id$v=16$m=64,t=1,p=1$c2FsdHNhbHRzYWx0$WN+rQvAHdkmF6IvToaZdCS5B/jri8xX0pFWGv+XtJwQ"

    static let argon2Tool = URL(fileURLWithPath: "/usr/bin/argon2")

    @Test func theReferenceToolsHashesVerifyAndOthersDoNot() throws {
        let hasher = Argon2idHasher()
        #expect(try hasher.verify("correct horse battery", against: Self.referenceHash))
        #expect(try !hasher.verify("correct horse batterY", against: Self.referenceHash))
        #expect(try !hasher.verify("", against: Self.referenceHash))
        #expect(try hasher.verify("비밀번호는 길어야 합니다", against: Self.referenceKoreanHash))
        #expect(try hasher.verify("x", against: Self.referenceVersion16Hash))
        #expect(try !hasher.verify("y", against: Self.referenceVersion16Hash))
    }

    @Test func hashingWithTheReferenceSaltGivesTheReferenceToolsString() throws {
        let hasher = Argon2idHasher()
        #expect(try hasher.hash("correct horse battery", salt: Data("somesaltsomesalt".utf8)) == Self.referenceHash)
        #expect(try hasher.hash("비밀번호는 길어야 합니다", salt: Data("AAAAAAAAAAAAAAAA".utf8)) == Self.referenceKoreanHash)
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: argon2Tool.path), "the argon2 tool is installed"))
    func theInstalledToolAgreesOnARandomPasswordAndSalt() throws {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        func randomText(_ count: Int) -> String { String((0..<count).map { _ in alphabet.randomElement()! }) }
        for _ in 0..<3 {
            let password = randomText(Int.random(in: 10...40)), salt = randomText(16)
            let result = try runProcess(Self.argon2Tool, [salt, "-id", "-k", "19456", "-t", "2", "-p", "1", "-l", "32", "-e"], stdin: password)
            #expect(result.status == 0, "\(result.stderr)")
            let toolHash = result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(try Argon2idHasher().verify(password, against: toolHash))
            #expect(try Argon2idHasher().hash(password, salt: Data(salt.utf8)) == toolHash)
        }
    }

    @Test func newHashesUseTheRecommendedParametersAFreshSaltAndA32ByteTag() throws {
        let hasher = Argon2idHasher()
        let first = try hasher.hash("a long enough password")
        let second = try hasher.hash("a long enough password")
        #expect(first.hasPrefix("$argon2id$v=19$m=19456,t=2,p=1$"))
        #expect(first != second, "each hash draws its own salt")
        let parsed = try Argon2idEncodedHash(parsing: first)
        #expect(parsed.parameters == .recommended)
        #expect(parsed.salt.count == 16)
        #expect(parsed.tag.count == 32)
        #expect(try hasher.verify("a long enough password", against: first))
        #expect(try hasher.verify("a long enough password", against: second))
        #expect(!hasher.needsRehash(first))
    }

    @Test func verifyReadsTheParametersFromTheStoredHashAndNeedsRehashSeesTheDifference() throws {
        let cheap = Argon2idHasher(parameters: Argon2idParameters(memoryKiB: 64, iterations: 1, parallelism: 1))
        let old = try cheap.hash("an older password")
        #expect(old.hasPrefix("$argon2id$v=19$m=64,t=1,p=1$"))
        let current = Argon2idHasher()
        #expect(try current.verify("an older password", against: old))
        #expect(current.needsRehash(old))
        #expect(!cheap.needsRehash(old))
        #expect(current.needsRehash(Self.referenceVersion16Hash), "version 1.0 hashes are upgraded")
        #expect(current.needsRehash("not a hash"), "an unreadable hash is replaced")
        let twoLanes = try Argon2idHasher(parameters: Argon2idParameters(memoryKiB: 64, iterations: 1, parallelism: 2)).hash("two lanes here")
        #expect(try current.verify("two lanes here", against: twoLanes))
        #expect(current.needsRehash(twoLanes))
    }

    @Test func aTamperedTagOrSaltDoesNotVerify() throws {
        let hash = try Argon2idHasher().hash("tamper with me, please")
        var fields = hash.split(separator: "$", omittingEmptySubsequences: false).map(String.init)
        let tag = fields[5]
        fields[5] = (tag.first == "A" ? "B" : "A") + tag.dropFirst()
        #expect(try !Argon2idHasher().verify("tamper with me, please", against: fields.joined(separator: "$")))
        fields[5] = tag
        fields[4] = (fields[4].first == "A" ? "B" : "A") + fields[4].dropFirst()
        #expect(try !Argon2idHasher().verify("tamper with me, please", against: fields.joined(separator: "$")))
    }

    @Test func passwordsAreHashedAsTheirWholeUTF8Bytes() throws {
        let hasher = Argon2idHasher(parameters: Argon2idParameters(memoryKiB: 64, iterations: 1, parallelism: 1))
        let withNUL = try hasher.hash("before\u{0}after")
        #expect(try hasher.verify("before\u{0}after", against: withNUL))
        #expect(try !hasher.verify("before", against: withNUL), "nothing is cut at a NUL")
        // The same text composed and decomposed are different bytes, so different passwords.
        let composed = try hasher.hash("caf\u{E9} au lait")
        #expect(try !hasher.verify("cafe\u{301} au lait", against: composed))
    }

    @Test(arguments: [
        ("", "five or six"),
        ("plain text", "five or six"),
        ("$argon2i$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$/HetJC6LZ4lnwgLB+wJSS2a9bFu2Kq4HxwNWzoJq2qU", "argon2i"),
        ("$2b$12$abcdefghijklmnopqrstuuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ012", "five or six"),
        ("$argon2id$v=20$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$/HetJC6LZ4lnwgLB+wJSS2a9bFu2Kq4HxwNWzoJq2qU", "v=19 or v=16"),
        ("$argon2id$v=19$t=2,m=19456,p=1$c29tZXNhbHRzb21lc2FsdA$/HetJC6LZ4lnwgLB+wJSS2a9bFu2Kq4HxwNWzoJq2qU", "m=<KiB>,t=<passes>,p=<lanes>"),
        ("$argon2id$v=19$m=19456,t=2$c29tZXNhbHRzb21lc2FsdA$/HetJC6LZ4lnwgLB+wJSS2a9bFu2Kq4HxwNWzoJq2qU", "m=<KiB>,t=<passes>,p=<lanes>"),
        ("$argon2id$v=19$m=4294967295,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$/HetJC6LZ4lnwgLB+wJSS2a9bFu2Kq4HxwNWzoJq2qU", "memory m=4294967295 KiB is outside 8 to 1048576 KiB"),
        ("$argon2id$v=19$m=19456,t=0,p=1$c29tZXNhbHRzb21lc2FsdA$/HetJC6LZ4lnwgLB+wJSS2a9bFu2Kq4HxwNWzoJq2qU", "iterations t=0"),
        ("$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA==$/HetJC6LZ4lnwgLB+wJSS2a9bFu2Kq4HxwNWzoJq2qU", "salt is not base64"),
        ("$argon2id$v=19$m=19456,t=2,p=1$c29tZQ$/HetJC6LZ4lnwgLB+wJSS2a9bFu2Kq4HxwNWzoJq2qU", "salt is 4 bytes"),
        ("$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$/Het*C6LZ4lnwgLB+wJSS2a9bFu2Kq4HxwNWzoJq2qU", "tag is not base64"),
        ("$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$/HetJC6LZ4ln", "tag is 9 bytes"),
    ])
    func aMalformedStoredHashIsATypedErrorThatSaysWhy(hash: String, reason: String) {
        let error = passwordError { _ = try Argon2idHasher().verify("correct horse battery", against: hash) }
        #expect(error?.kind == .malformedHash, "\(hash)")
        #expect(error?.message.contains(reason) == true, "\(error?.message ?? "no error") should say \(reason)")
        #expect(error?.message.contains("PHC string format") == true)
        if hash.count > 20 { #expect(error?.message.contains(hash) == false, "the message never repeats the hash") }
    }
}

/// The ``PasswordError`` `body` throws, or nil when it throws nothing or another error.
func passwordError(_ body: () throws -> Void) -> PasswordError? {
    do {
        try body()
        return nil
    } catch {
        return error as? PasswordError
    }
}
