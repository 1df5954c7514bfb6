import Foundation
import KeepsakeStore

/// Reading the file an import was given, with errors a person can act on.
enum ImportFile {
    /// The largest file an import reads into memory.
    static let maxBytes = 512 << 20

    /// The bytes of `url` (at most 512 MiB: statements and diary exports are far smaller).
    static func read(_ url: URL) throws -> Data {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw KeepsakeError(.notFound, "\(KeepsakeError.printable(url.path)) does not exist; check the path.", path: url.path)
        }
        guard !isDirectory.boolValue else {
            throw KeepsakeError(.invalidArgument, "\(KeepsakeError.printable(url.path)) is a folder; give the file itself.", path: url.path)
        }
        let size = ((try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? NSNumber)?.intValue ?? 0
        guard size <= maxBytes else {
            throw KeepsakeError(.limitExceeded, "\(KeepsakeError.printable(url.path)) is \(size) bytes; an import reads files of at most \(maxBytes) bytes.", path: url.path)
        }
        do {
            return try Data(contentsOf: url)
        } catch {
            throw KeepsakeError(.io, "Cannot read \(KeepsakeError.printable(url.path)): \(error.localizedDescription)", path: url.path)
        }
    }
}
