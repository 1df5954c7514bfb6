import CArchive
import Foundation

/// Writes real zip files with libarchive, to build exports the corpus does not have (Journey, a
/// Daylio backup) and zipped copies of the real ones.
enum ZipMaker {
    /// One entry: its name in the zip and its bytes.
    struct Entry {
        var name: String
        var data: Data
    }

    /// Writes `entries` as a zip (deflated) at `url`.
    static func write(_ entries: [Entry], to url: URL) throws {
        guard let handle = archive_write_new() else { throw ZipError("libarchive could not allocate a writer") }
        defer { archive_write_free(handle) }
        guard archive_write_set_format_zip(handle) == ARCHIVE_OK, archive_write_open_filename(handle, url.path) == ARCHIVE_OK else {
            throw ZipError("cannot create \(url.path)")
        }
        for item in entries {
            guard let entry = archive_entry_new() else { throw ZipError("libarchive could not allocate an entry") }
            defer { archive_entry_free(entry) }
            archive_entry_set_pathname_utf8(entry, item.name)
            archive_entry_set_size(entry, la_int64_t(item.data.count))
            archive_entry_set_filetype(entry, 0o100000)
            archive_entry_set_perm(entry, 0o644)
            archive_entry_set_mtime(entry, 1_700_000_000, 0)
            guard archive_write_header(handle, entry) == ARCHIVE_OK else { throw ZipError("cannot write the header of \(item.name)") }
            let written = item.data.withUnsafeBytes { archive_write_data(handle, $0.baseAddress, $0.count) }
            guard written == item.data.count else { throw ZipError("cannot write \(item.name)") }
        }
        guard archive_write_close(handle) == ARCHIVE_OK else { throw ZipError("cannot finish \(url.path)") }
    }

    /// Every file under `folder` as entries named `prefix` + their relative path (sorted).
    static func entries(of folder: URL, prefix: String = "", including: (String) -> Bool = { _ in true }) throws -> [Entry] {
        let root = folder.standardizedFileURL.path + "/"
        var result: [Entry] = []
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = enumerator?.nextObject() as? URL {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true else { continue }
            let relative = String(url.standardizedFileURL.path.dropFirst(root.count))
            guard including(relative) else { continue }
            result.append(Entry(name: prefix + relative, data: try Data(contentsOf: url)))
        }
        return result.sorted { $0.name < $1.name }
    }

    struct ZipError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
