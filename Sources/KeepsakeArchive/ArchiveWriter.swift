internal import CArchive
public import Foundation
import KeepsakeStore

/// Writes a gzip-compressed POSIX (pax) tar archive, entry by entry, through libarchive (the store
/// export's archive). Failures are ``KeepsakeError``s: `.io`, or `.diskFull` when the disk is full.
public final class ArchiveWriter {
    private let handle: OpaquePointer
    private let path: String

    /// Creates the archive file at `path` (it must not exist).
    public init(path: String) throws {
        guard let handle = archive_write_new() else { throw KeepsakeError(.io, "libarchive could not allocate a writer.") }
        self.handle = handle
        self.path = path
        guard archive_write_set_format_pax_restricted(handle) == ARCHIVE_OK,
              archive_write_add_filter_gzip(handle) == ARCHIVE_OK,
              archive_write_open_filename(handle, path) == ARCHIVE_OK else {
            // deinit frees the handle: every stored property is set, so it runs after this throw.
            let message = ArchiveReader.message(handle)
            throw KeepsakeError(.io, "Cannot create the archive \(path): \(message).", path: path)
        }
    }

    deinit { archive_write_free(handle) }

    /// Adds a regular file entry holding `data`.
    public func add(_ name: String, data: Data, modified: Date) throws {
        guard let entry = archive_entry_new() else { throw KeepsakeError(.io, "libarchive could not allocate an entry.") }
        defer { archive_entry_free(entry) }
        archive_entry_set_pathname_utf8(entry, name)
        archive_entry_set_size(entry, la_int64_t(data.count))
        archive_entry_set_filetype(entry, 0o100000)  // AE_IFREG
        archive_entry_set_perm(entry, 0o644)
        archive_entry_set_mtime(entry, time_t(modified.timeIntervalSince1970), 0)
        guard archive_write_header(handle, entry) == ARCHIVE_OK else { throw failure("write the entry \(name) of") }
        let written = data.withUnsafeBytes { archive_write_data(handle, $0.baseAddress, $0.count) }
        guard written == data.count else { throw failure("write the data of \(name) into") }
    }

    /// Finishes the archive (flushing and closing the file).
    public func close() throws {
        guard archive_write_close(handle) == ARCHIVE_OK else { throw failure("finish") }
    }

    private func failure(_ what: String) -> KeepsakeError {
        let message = ArchiveReader.message(handle)
        if archive_errno(handle) == ENOSPC {
            return KeepsakeError(.diskFull, "The disk is full: cannot \(what) the archive \(path).", path: path)
        }
        return KeepsakeError(.io, "Cannot \(what) the archive \(path): \(message).", path: path)
    }
}
