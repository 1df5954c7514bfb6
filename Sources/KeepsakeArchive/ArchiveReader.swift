internal import CArchive
public import Foundation

/// Reads an archive entry by entry through libarchive: the one reader of the store export's tar
/// (KeepsakeStoreTransfer) and of the other apps' zips (KeepsakeForeignImport).
///
/// Not `Sendable`: one reader is used by one thread at a time.
public final class ArchiveReader {
    private let handle: OpaquePointer

    /// Opens the archive at `path`; only `format` is accepted.
    ///
    /// - Throws: ``ArchiveReadError/cannotOpen(reason:missing:)`` (or `.cannotAllocate`).
    public init(path: String, format: ArchiveFormat) throws(ArchiveReadError) {
        guard let handle = archive_read_new() else { throw .cannotAllocate }
        self.handle = handle
        switch format {
        case .tar:
            archive_read_support_filter_all(handle)
            archive_read_support_format_tar(handle)
        case .zip:
            archive_read_support_format_zip(handle)
        }
        guard archive_read_open_filename(handle, path, 64 * 1024) == ARCHIVE_OK else {
            // deinit frees the handle: every stored property is set, so it runs after this throw.
            throw .cannotOpen(reason: Self.message(handle), missing: errno == ENOENT)
        }
    }

    deinit { archive_read_free(handle) }

    /// The next entry's header, or `nil` at the end.
    ///
    /// - Throws: ``ArchiveReadError/damagedHeader(reason:)``.
    public func next() throws(ArchiveReadError) -> ArchiveEntry? {
        var entry: OpaquePointer?
        let status = archive_read_next_header(handle, &entry)
        if status == ARCHIVE_EOF { return nil }
        guard status == ARCHIVE_OK || status == ARCHIVE_WARN, let entry else { throw .damagedHeader(reason: Self.message(handle)) }
        let name = archive_entry_pathname_utf8(entry).map { String(cString: $0) }
            ?? archive_entry_pathname(entry).map { String(cString: $0) } ?? ""
        let type = archive_entry_filetype(entry) & 0o170000
        return ArchiveEntry(name: name, isRegularFile: type == 0o100000, isDirectory: type == 0o040000, size: archive_entry_size(entry))
    }

    /// Reads the current entry's next bytes into `buffer`; returns how many (0 at the entry's end).
    ///
    /// - Throws: ``ArchiveReadError/damagedData(reason:)``.
    public func read(into buffer: inout [UInt8]) throws(ArchiveReadError) -> Int {
        let count = buffer.withUnsafeMutableBytes { archive_read_data(handle, $0.baseAddress, $0.count) }
        guard count >= 0 else { throw .damagedData(reason: Self.message(handle)) }
        return count
    }

    /// The whole data of the current entry, at most `limit` bytes.
    ///
    /// - Throws: ``ArchiveReadError/damagedData(reason:)``, or `.tooLarge` past `limit`.
    public func readData(limit: Int) throws(ArchiveReadError) -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = try read(into: &buffer)
            if count == 0 { break }
            data.append(contentsOf: buffer[0..<count])
            guard data.count <= limit else { throw .tooLarge(limit: limit) }
        }
        return data
    }

    /// libarchive's description of the last failure on `handle`.
    static func message(_ handle: OpaquePointer) -> String {
        archive_error_string(handle).map { String(cString: $0) } ?? "unknown libarchive error"
    }
}
