internal import CArchiveSystem
import Foundation
import KeepsakeStore

/// Reads a tar archive (optionally compressed) entry by entry through libarchive.
final class ArchiveReader {
    /// One entry's header.
    struct Entry {
        let name: String
        let isRegularFile: Bool
        let isDirectory: Bool
        let size: Int64
    }

    private let handle: OpaquePointer
    private let path: String

    /// Opens the archive at `path`. Only tar formats are accepted.
    init(path: String) throws {
        guard let handle = archive_read_new() else { throw KeepsakeError(.io, "libarchive could not allocate a reader.") }
        self.handle = handle
        self.path = path
        archive_read_support_filter_all(handle)
        archive_read_support_format_tar(handle)
        guard archive_read_open_filename(handle, path, 64 * 1024) == ARCHIVE_OK else {
            // deinit frees the handle: every stored property is set, so it runs after this throw.
            let message = ArchiveWriter.message(handle)
            throw KeepsakeError(errno == ENOENT ? .notFound : .invalidArgument, "Cannot open the archive \(path): \(message).", path: path)
        }
    }

    deinit { archive_read_free(handle) }

    /// The next entry's header, or `nil` at the end.
    func next() throws -> Entry? {
        var entry: OpaquePointer?
        let status = archive_read_next_header(handle, &entry)
        if status == ARCHIVE_EOF { return nil }
        guard status == ARCHIVE_OK || status == ARCHIVE_WARN, let entry else {
            throw KeepsakeError(.invalidArgument, "The archive \(path) is damaged or not a Keepsake export: \(ArchiveWriter.message(handle)).", path: path)
        }
        let name = archive_entry_pathname_utf8(entry).map { String(cString: $0) }
            ?? archive_entry_pathname(entry).map { String(cString: $0) } ?? ""
        let type = archive_entry_filetype(entry) & 0o170000
        return Entry(name: name, isRegularFile: type == 0o100000, isDirectory: type == 0o040000, size: archive_entry_size(entry))
    }

    /// The data of the current entry (at most `limit` bytes, else an error).
    func readData(limit: Int) throws -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { archive_read_data(handle, $0.baseAddress, $0.count) }
            if count == 0 { break }
            guard count > 0 else {
                throw KeepsakeError(.invalidArgument, "The archive \(path) is damaged: \(ArchiveWriter.message(handle)).", path: path)
            }
            data.append(contentsOf: buffer[0..<count])
            guard data.count <= limit else {
                throw KeepsakeError(.limitExceeded, "An entry of the archive \(path) is larger than \(limit) bytes; refusing it.", path: path)
            }
        }
        return data
    }
}
