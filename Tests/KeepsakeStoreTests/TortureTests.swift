import Foundation
import Testing
import KeepsakeTestSupport

/// A short slice of each `keepsake-torture` run (`make torture` runs them at full size; see
/// RELIABILITY.md). Each run prints its figures and exits non-zero on any broken promise.
@Suite(.serialized) struct TortureTests {
    /// Runs `keepsake-torture` and checks it passed with nothing lost.
    static func torture(_ arguments: [String]) throws -> String {
        let result = try runProcess(Binaries.url("keepsake-torture"), arguments + ["--corpus", Corpus.root.path])
        let output = result.stdout + result.stderr
        #expect(result.status == 0, "keepsake-torture \(arguments.joined(separator: " ")) failed:\n\(output.suffix(6000))")
        let figures = output.split(separator: "\n").first { $0.hasPrefix("FIGURES ") }.map(String.init) ?? ""
        #expect(figures.contains(" lost=0 ") && figures.contains(" failures=0 "), "\(figures)")
        return output
    }

    static func figure(_ name: String, in output: String) -> Int {
        let line = output.split(separator: "\n").first { $0.hasPrefix("FIGURES ") } ?? ""
        let pair = line.split(separator: " ").first { $0.hasPrefix(name + "=") } ?? ""
        return Int(pair.split(separator: "=").last ?? "") ?? -1
    }

    @Test func crashSlice() throws {
        let output = try Self.torture(["crash", "--kills", "24", "--writers", "3"])
        #expect(Self.figure("kills", in: output) >= 24)
    }

    @Test func faultSlice() throws {
        // Every eighth file-system call of each operation (and the first and last), errnos and
        // persistence rotating; then the real full disk (skipped, and said so, without root).
        let output = try Self.torture(["faults", "--quick", "--every", "8"])
        // The count follows the operations' call counts (about 40 to 60 today); any violation
        // already fails the run, this only checks that the slice really injected faults.
        #expect(Self.figure("faults_injected", in: output) >= 30)
    }

    @Test func badInputSlice() throws {
        let output = try Self.torture(["bad-input", "--count", "200"])
        #expect(Self.figure("inputs_tried", in: output) >= 200)
    }

    @Test func hostileNamesSlice() throws {
        let output = try Self.torture(["hostile-names"])
        #expect(Self.figure("inputs_tried", in: output) > 300)
    }

    @Test func serveSlice() throws {
        // keepsake serve: hostile URLs and requests, 20 mutated uploads under hostile names, 2 s of load.
        let output = try Self.torture(["serve", "--count", "20", "--seconds", "2"])
        #expect(Self.figure("inputs_tried", in: output) > 100)
    }

    @Test func servePairSlice() throws {
        // Two keepsake serve processes on one store and the CLI, 3 s.
        let output = try Self.torture(["serve-pair", "--seconds", "3"])
        #expect(Self.figure("runs", in: output) == 2 && Self.figure("inputs_tried", in: output) > 20)
    }

    @Test func loadSlice() throws {
        let output = try Self.torture(["load", "--seconds", "3"])
        #expect(output.contains("torn reads") && Self.figure("runs", in: output) == 3)
    }
}
