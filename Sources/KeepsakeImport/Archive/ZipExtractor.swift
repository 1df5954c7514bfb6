internal import CArchiveSystem
import Foundation
import KeepsakeStore

/// Unpacks a zip with libarchive, entry by entry, into a folder: only regular files whose names are
/// safe and that the caller accepts, each at most ``maxEntryBytes``, all together at most
/// ``maxTotalBytes`` (or less, as the caller says). `ExportFolder` is its one user.
final class ZipExtractor {
    /// The largest single file unpacked.
    static let maxEntryBytes: Int64 = 1 << 30
    /// The most bytes unpacked from one zip, unless the caller says less.
    static let maxTotalBytes: Int64 = ExportFolder.defaultMaxUnpackedBytes

    private let handle: OpaquePointer
    private let path: String
    /// How messages name the zip.
    private let shown: String

    init(path: String, displayName: String) throws {
        guard let handle = archive_read_new() else { throw KeepsakeError(.io, "libarchive could not allocate a reader.") }
        self.handle = handle
        self.path = path
        self.shown = KeepsakeError.printable(displayName)
        archive_read_support_format_zip(handle)
        guard archive_read_open_filename(handle, path, 64 * 1024) == ARCHIVE_OK else {
            // deinit frees the handle: every stored property is set, so it runs after this throw.
            let message = Self.message(handle)
            throw KeepsakeError(.invalidArgument, "Cannot open the zip \(KeepsakeError.printable(displayName)): \(message).", path: path)
        }
    }

    deinit { archive_read_free(handle) }

    /// Unpacks the accepted entries into `folder`; returns the names of entries left out as unsafe.
    func extract(into folder: URL, maxTotalBytes: Int64 = ZipExtractor.maxTotalBytes, accepting accept: (String) -> Bool) throws -> [String] {
        var unsafe: [String] = []
        var total: Int64 = 0
        var buffer = [UInt8](repeating: 0, count: 256 * 1024)
        while true {
            var entry: OpaquePointer?
            let status = archive_read_next_header(handle, &entry)
            if status == ARCHIVE_EOF { break }
            guard status == ARCHIVE_OK || status == ARCHIVE_WARN, let entry else { throw damaged() }
            let rawName = archive_entry_pathname_utf8(entry).map { String(cString: $0) }
                ?? archive_entry_pathname(entry).map { String(cString: $0) } ?? ""
            let type = archive_entry_filetype(entry) & 0o170000
            if type == 0o040000 { continue }  // folders are made as files need them
            guard let components = Self.safeComponents(rawName), type == 0o100000 else {
                unsafe.append(KeepsakeError.printable(rawName))
                continue
            }
            let name = components.joined(separator: "/")
            guard accept(name) else { continue }
            let size = archive_entry_size(entry)
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
                let count = buffer.withUnsafeMutableBytes { archive_read_data(handle, $0.baseAddress, $0.count) }
                if count == 0 { break }
                guard count > 0 else { throw damaged(entry: name) }
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

    private func damaged(entry: String? = nil) -> KeepsakeError {
        let within = entry.map { " (while reading \(KeepsakeError.printable($0)))" } ?? ""
        return KeepsakeError(.invalidArgument, "The zip \(shown) is damaged or truncated\(within): \(Self.message(handle)). Nothing was imported; export it again.", path: path)
    }

    static func message(_ handle: OpaquePointer) -> String {
        archive_error_string(handle).map { String(cString: $0) } ?? "unknown libarchive error"
    }
}
