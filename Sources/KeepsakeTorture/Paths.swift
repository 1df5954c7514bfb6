import Foundation
import KeepsakeStore
import Synchronization
import KeepsakeSupport

enum Paths {
    /// The folder of this executable (its siblings are the other built products).
    static let binaryDirectory: URL = {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        if count > 0 {
            return URL(fileURLWithPath: String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)).deletingLastPathComponent()
        }
        return URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
    }()

    static func binary(_ name: String) -> URL { binaryDirectory.appendingPathComponent(name) }

    /// The shared corpus: `KEEPSAKE_CORPUS`, or `shared/corpus` beside an ancestor of this binary or of
    /// the current folder.
    static func corpus(_ explicit: String?) -> URL {
        if let explicit { return URL(fileURLWithPath: explicit) }
        if let value = ProcessInfo.processInfo.environment["KEEPSAKE_CORPUS"], !value.isEmpty { return URL(fileURLWithPath: value) }
        for start in [binaryDirectory, URL(fileURLWithPath: FileManager.default.currentDirectoryPath)] {
            var url = start
            while url.pathComponents.count > 1 {
                let candidate = url.appendingPathComponent("shared/corpus")
                if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("MANIFEST.tsv").path) { return candidate }
                url.deleteLastPathComponent()
            }
        }
        usage("cannot find the corpus (../shared/corpus); pass --corpus DIR or set KEEPSAKE_CORPUS")
    }

    /// A fresh folder for one run.
    static func scratch(_ label: String, under parent: String? = nil) -> URL {
        let base = parent.map { URL(fileURLWithPath: $0) } ?? FileManager.default.temporaryDirectory
        let url = base.appendingPathComponent("keepsake-torture-\(label)-\(UUID().uuidString.prefix(8))", isDirectory: true)
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
