import Foundation
import Testing
import KeepsakeTestSupport

/// The README's Swift examples are the bodies of functions that the test suite compiles and runs;
/// this test keeps the two identical, so the README can never show code that does not compile.
@Suite struct ReadmeExamplesTests {
    static let examples: [(name: String, file: String, function: String)] = [
        ("engine", "Tests/KeepsakeStoreTests/EngineReadmeExample.swift", "func engineReadmeExample("),
        ("diary", "Tests/KeepsakeAppsTests/DiaryReadmeExample.swift", "func diaryReadmeExample("),
        ("ledger", "Tests/KeepsakeAppsTests/LedgerReadmeExample.swift", "func ledgerReadmeExample("),
        ("feed", "Tests/KeepsakeAppsTests/FeedReadmeExample.swift", "func feedReadmeExample("),
        ("image-cache", "Tests/KeepsakeAppsTests/ImageCacheReadmeExample.swift", "func imageCacheReadmeExample("),
    ]

    /// The lines of a function's body, without the common indentation.
    static func body(of function: String, in source: String) -> [String] {
        var lines = source.components(separatedBy: "\n")
        guard let start = lines.firstIndex(where: { $0.hasPrefix(function) }),
              let end = lines[start...].firstIndex(where: { $0 == "}" }) else { return [] }
        lines = Array(lines[(start + 1)..<end])
        return dedent(lines)
    }

    /// The lines of the README's ```swift block right after `<!-- example: name -->`.
    static func readmeBlock(_ name: String, in readme: String) -> [String] {
        let lines = readme.components(separatedBy: "\n")
        guard let marker = lines.firstIndex(of: "<!-- example: \(name) -->"),
              let open = lines[marker...].firstIndex(of: "```swift"),
              let close = lines[(open + 1)...].firstIndex(of: "```") else { return [] }
        return dedent(Array(lines[(open + 1)..<close]))
    }

    static func dedent(_ lines: [String]) -> [String] {
        let trimmed = lines.map { line in String(line.reversed().drop(while: { $0 == " " }).reversed()) }
        let indent = trimmed.filter { !$0.isEmpty }.map { $0.prefix(while: { $0 == " " }).count }.min() ?? 0
        return trimmed.map { $0.isEmpty ? $0 : String($0.dropFirst(indent)) }
    }

    @Test(arguments: examples.map(\.name))
    func theReadmeShowsExactlyTheCodeTheTestsCompile(_ name: String) throws {
        let example = try #require(Self.examples.first { $0.name == name })
        let root = Corpus.repositoryRoot
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let source = try String(contentsOf: root.appendingPathComponent(example.file), encoding: .utf8)
        let expected = Self.body(of: example.function, in: source)
        #expect(!expected.isEmpty, "no function \(example.function) in \(example.file)")
        let shown = Self.readmeBlock(name, in: readme)
        #expect(shown == expected, "README example \(name) differs from \(example.file); paste the function body into the README")
    }
}
