import Foundation
#if KEEPSAKE_FUZZING
import CFuzzing
#endif

/// `keepsake-fuzz`: the fuzz targets of fuzz/run.sh.
///
/// Built with `-sanitize=fuzzer,address -D KEEPSAKE_FUZZING` (scratch path `.build-fuzz`), it is a
/// libFuzzer binary: `KEEPSAKE_FUZZ_TARGET=csv keepsake-fuzz [libFuzzer flags] CORPUS...`.
/// Built normally, it lists the targets, writes their seeds and replays inputs (the regression
/// tests replay every crash fuzzing found, fuzz/regressions/TARGET/*):
///
///     keepsake-fuzz list
///     keepsake-fuzz seeds TARGET FOLDER [--corpus DIR]
///     keepsake-fuzz replay TARGET FILE_OR_FOLDER...
@main
struct FuzzMain {
    static func main() {
        #if KEEPSAKE_FUZZING
        let name = ProcessInfo.processInfo.environment["KEEPSAKE_FUZZ_TARGET"] ?? ""
        guard FuzzTargets.named(name) != nil else { fail("set KEEPSAKE_FUZZ_TARGET to one of \(FuzzTargets.all.map(\.name).joined(separator: ", "))") }
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in
            selected.check(Data(bytes: data!, count: size))
            return 0
        })
        #else
        var arguments = CommandLine.arguments.dropFirst()
        switch arguments.popFirst() {
        case "list":
            for target in FuzzTargets.all { print("\(target.name.padding(toLength: 12, withPad: " ", startingAt: 0)) \(target.summary)") }
        case "seeds":
            guard let name = arguments.popFirst(), let target = FuzzTargets.named(name), let folder = arguments.popFirst() else { fail("seeds TARGET FOLDER [--corpus DIR]") }
            var corpus = URL(fileURLWithPath: "../shared/corpus")
            if arguments.first == "--corpus", arguments.count >= 2 { corpus = URL(fileURLWithPath: Array(arguments)[1]) }
            let url = URL(fileURLWithPath: folder)
            do {
                try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
                try target.seeds(corpus, url)
            } catch {
                fail("writing the seeds of \(name): \(error)")
            }
            let count = (try? FileManager.default.contentsOfDirectory(atPath: url.path).count) ?? 0
            print("\(name): \(count) seeds in \(folder)")
        case "replay":
            guard let name = arguments.popFirst(), let target = FuzzTargets.named(name) else { fail("replay TARGET FILE_OR_FOLDER...") }
            var count = 0
            for path in arguments {
                for file in files(path) {
                    target.check((try? Data(contentsOf: file)) ?? Data())
                    count += 1
                }
            }
            print("\(name): \(count) inputs replayed, every property held")
        default:
            fail("usage: keepsake-fuzz list | seeds TARGET FOLDER [--corpus DIR] | replay TARGET FILE_OR_FOLDER...")
        }
        #endif
    }

    /// The files at `path`: itself, or the regular files directly inside it.
    static func files(_ path: String) -> [URL] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { fail("\(path) does not exist") }
        guard isFolder.boolValue else { return [URL(fileURLWithPath: path)] }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
        return names.map { URL(fileURLWithPath: path).appendingPathComponent($0) }
    }

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("keepsake-fuzz: \(message)\n".utf8))
        exit(2)
    }
}

#if KEEPSAKE_FUZZING
/// The target libFuzzer drives, chosen once from the environment.
let selected: FuzzTarget = FuzzTargets.named(ProcessInfo.processInfo.environment["KEEPSAKE_FUZZ_TARGET"] ?? "")!
#endif
