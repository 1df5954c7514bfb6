import Foundation
import Testing
import KeepsakeTestSupport

/// Every input that made a fuzz target crash (fuzz/regressions/TARGET/, see fuzz/run.sh), replayed
/// through the same target's checks in the normal build, plus each target's seeds: a parser that
/// regresses on one of them stops `keepsake-fuzz replay` with the property it broke.
@Suite(.serialized) struct FuzzRegressionTests {
    static let targets = ["csv", "ledger-csv", "fields-json", "percent", "http", "png-chunks", "jpeg-frame", "image", "archive",
                                 "bank-csv", "xml", "ofx", "qif", "camt"]

    @Test(arguments: targets)
    func everyCrashFuzzingFoundAndEverySeedPasses(_ target: String) throws {
        let fuzz = Binaries.url("keepsake-fuzz")
        let scratch = TemporaryDirectory("fuzz-\(target)")
        let seeds = try runProcess(fuzz, ["seeds", target, scratch.path, "--corpus", Corpus.root.path])
        #expect(seeds.status == 0, "\(seeds.stderr)")
        var inputs = [scratch.path]
        let regressions = Corpus.repositoryRoot.appendingPathComponent("fuzz/regressions/\(target)")
        if FileManager.default.fileExists(atPath: regressions.path) { inputs.append(regressions.path) }
        let result = try runProcess(fuzz, ["replay", target] + inputs)
        #expect(result.status == 0, "keepsake-fuzz replay \(target) failed:\n\(result.stdout)\n\(result.stderr.suffix(3000))")
        #expect(result.stdout.contains("every property held"))
    }
}
