import Foundation
import KeepsakeArchive
import KeepsakeStore

/// Unpacks a zip, entry by entry (KeepsakeArchive's ``ArchiveReader``), into a folder: only regular files whose names are
/// safe and that the caller accepts, each at most ``maxEntryBytes``, all together at most
/// ``maxTotalBytes`` (or less, as the caller says). `ExportFolder` is its one user.
final class ZipExtractor {
    /// The largest single file unpacked.
    static let maxEntryBytes: Int64 = 1 << 30
    /// The most bytes unpacked from one zip, unless the caller says less.
    static let maxTotalBytes: Int64 = ExportFolder.defaultMaxUnpackedBytes

    private let reader: ArchiveReader
    private let path: String
    /// How messages name the zip.
    private let shown: String

    init(path: String, displayName: String) throws {
        self.path = path
        self.shown = KeepsakeError.printable(displayName)
        do throws(ArchiveReadError) {
            reader = try ArchiveReader(path: path, format: .zip)
        } catch .cannotOpen(let reason, _) {
            throw KeepsakeError(.invalidArgument, "Cannot open the zip \(KeepsakeError.printable(displayName)): \(reason).", path: path)
        } catch {
            throw KeepsakeError(.io, "libarchive could not allocate a reader.")
        }
    }

    /// Unpacks the accepted entries into `folder`; returns the names of entries left out as unsafe.
    func extract(into folder: URL, maxTotalBytes: Int64 = ZipExtractor.maxTotalBytes, accepting accept: (String) -> Bool) throws -> [String] {
        var unsafe: [String] = []
        var total: Int64 = 0
        var buffer = [UInt8](repeating: 0, count: 256 * 1024)
        while true {
            let next: ArchiveEntry?
            do throws(ArchiveReadError) { next = try reader.next() } catch { throw damaged(error) }
            guard let entry = next else { break }
            let rawName = entry.name
            if entry.isDirectory { continue }  // folders are made as files need them
            guard let components = Self.safeComponents(rawName), entry.isRegularFile else {
                unsafe.append(KeepsakeError.printable(rawName))
                continue
            }
            let name = components.joined(separator: "/")
            guard accept(name) else { continue }
            let size = entry.size
            guard size <= Self.maxEntryBytes else {
                throw KeepsakeError(.limitExceeded, "The zip entry \(KeepsakeError.printable(name)) is \(size) bytes, over the limit of \(Self.maxEntryBytes); nothing was imported.", path: path)
            }
            let target = components.dropLast().reduce(folder) { $0.appendingPathComponent($1, isDirectory: true) }
            try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
            let file = target.appendingPathComponent(components.last!)
            guard FileManager.default.createFile(atPath: file.path, contents: nil), let output = FileHandle(forWritingAtPath: file.path) else {
                throw KeepsakeError(.io, "Cannot unpack \(KeepsakeError.printable(name)) into \(folder.path).", path: folder.path)
            }
            defer { try? output.close() }
            var written: Int64 = 0
            while true {
                let count: Int
                do throws(ArchiveReadError) { count = try reader.read(into: &buffer) } catch { throw damaged(error, entry: name) }
                if count == 0 { break }
                written += Int64(count)
                total += Int64(count)
                guard written <= Self.maxEntryBytes, total <= maxTotalBytes else {
                    throw KeepsakeError(.limitExceeded, "The zip \(shown) unpacks to more than the limit (\(Self.maxEntryBytes) bytes per file, \(maxTotalBytes) in all); nothing was imported.", path: path)
                }
                do {
                    try output.write(contentsOf: Data(buffer[0..<count]))
                } catch {
                    throw KeepsakeError(.io, "Cannot unpack \(KeepsakeError.printable(name)): \(error.localizedDescription)", path: folder.path)
                }
            }
        }
        return unsafe
    }

    /// The path's components when every one is safe (not empty, `.` or `..`, no NUL), else `nil`.
    /// Backslashes count as separators (zips made on Windows).
    static func safeComponents(_ name: String) -> [String]? {
        guard !name.hasPrefix("/"), !name.contains("\0") else { return nil }
        let parts = name.replacingOccurrences(of: "\\", with: "/").split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        guard !parts.isEmpty, parts.allSatisfy({ $0 != "." && $0 != ".." && $0.utf8.count <= 255 }) else { return nil }
        if parts[0].count == 2, parts[0].hasSuffix(":") { return nil }  // C:
        return parts
    }

    private func damaged(_ error: ArchiveReadError, entry: String? = nil) -> KeepsakeError {
        let within = entry.map { " (while reading \(KeepsakeError.printable($0)))" } ?? ""
        let reason: String
        switch error {
        case .damagedHeader(let text), .damagedData(let text), .cannotOpen(let text, _): reason = text
        case .cannotAllocate, .tooLarge: reason = "unknown libarchive error"
        }
        return KeepsakeError(.invalidArgument, "The zip \(shown) is damaged or truncated\(within): \(reason). Nothing was imported; export it again.", path: path)
    }
}
