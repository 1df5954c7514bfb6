import Foundation
import KeepsakeArchive
import KeepsakeStore

/// A store export (a tar, any compression) read through KeepsakeArchive's ``ArchiveReader``, its
/// failures as ``KeepsakeError``s in the words of `keepsake import`.
struct ExportReader {
    private let reader: ArchiveReader
    private let path: String

    /// Opens the export at `path`.
    init(path: String) throws {
        self.path = path
        do throws(ArchiveReadError) { reader = try ArchiveReader(path: path, format: .tar) } catch { throw Self.failure(error, path: path) }
    }

    /// The next entry's header, or `nil` at the end.
    func next() throws -> ArchiveEntry? {
        do throws(ArchiveReadError) { return try reader.next() } catch { throw Self.failure(error, path: path) }
    }

    /// The data of the current entry (at most `limit` bytes, else an error).
    func readData(limit: Int) throws -> Data {
        do throws(ArchiveReadError) { return try reader.readData(limit: limit) } catch { throw Self.failure(error, path: path) }
    }

    static func failure(_ error: ArchiveReadError, path: String) -> KeepsakeError {
        switch error {
        case .cannotAllocate:
            KeepsakeError(.io, "libarchive could not allocate a reader.")
        case .cannotOpen(let reason, let missing):
            KeepsakeError(missing ? .notFound : .invalidArgument, "Cannot open the archive \(path): \(reason).", path: path)
        case .damagedHeader(let reason):
            KeepsakeError(.invalidArgument, "The archive \(path) is damaged or not a Keepsake export: \(reason).", path: path)
        case .damagedData(let reason):
            KeepsakeError(.invalidArgument, "The archive \(path) is damaged: \(reason).", path: path)
        case .tooLarge(let limit):
            KeepsakeError(.limitExceeded, "An entry of the archive \(path) is larger than \(limit) bytes; refusing it.", path: path)
        }
    }
}
