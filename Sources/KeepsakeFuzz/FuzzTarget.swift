import Foundation

/// One parser under fuzzing: a name, what it reads, and a check that runs the parser on one input
/// and stops the process (`fatalError`, which libFuzzer records as a crash with its input) when a
/// property does not hold. A crash of the parser itself is caught by libFuzzer and AddressSanitizer.
struct FuzzTarget: Sendable {
    /// The name given to `KEEPSAKE_FUZZ_TARGET` and `keepsake-fuzz replay`.
    let name: String
    /// What the target reads and checks, for `keepsake-fuzz list`.
    let summary: String
    /// Runs one input.
    let check: @Sendable (Data) -> Void
    /// Writes seed inputs into a folder, from the shared corpus (`corpus`) or built here.
    let seeds: @Sendable (_ corpus: URL, _ folder: URL) throws -> Void
}

/// Every fuzz target, by name.
enum FuzzTargets {
    static let all: [FuzzTarget] = [
        CSVFuzzing.target, LedgerCSVFuzzing.target, FieldsJSONFuzzTarget.target, PercentFuzzing.target, HTTPRequestFuzzing.target,
        PNGChunkFuzzing.target, JPEGFrameFuzzing.target, ImageFuzzing.target, ArchiveFuzzing.target,
        BankCSVFuzzing.target, XMLFuzzing.target, StatementFuzzing.ofx, StatementFuzzing.qif, StatementFuzzing.camt,
    ]

    static func named(_ name: String) -> FuzzTarget? { all.first { $0.name == name } }
}

/// Stops the process with a message when a property does not hold (a finding).
func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("keepsake-fuzz: property violated: \(message())") }
}

/// Copies the corpus files under `subfolders` whose names end in one of `extensions` (and at most
/// `maxBytes` long) into `folder`.
func copySeeds(from corpus: URL, _ subfolders: [String], extensions: [String], maxBytes: Int = 1 << 20, into folder: URL) throws {
    for subfolder in subfolders {
        let root = corpus.appendingPathComponent(subfolder)
        guard let enumerator = FileManager.default.enumerator(atPath: root.path) else { continue }
        while let relative = enumerator.nextObject() as? String {
            let lower = relative.lowercased()
            guard extensions.contains(where: { lower.hasSuffix($0) }) else { continue }
            let source = root.appendingPathComponent(relative)
            guard let data = try? Data(contentsOf: source), data.count <= maxBytes else { continue }
            let name = (subfolder + "/" + relative).replacingOccurrences(of: "/", with: "__")
            try data.write(to: folder.appendingPathComponent(name))
        }
    }
}
