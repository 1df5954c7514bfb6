import Foundation
import KeepsakeStore

/// A deliberately broken file system for showing that the power-loss lane catches a missing
/// fsync: the real one, except that new files (`files`) or folders (`folders`) or both (`all`) are
/// never flushed. Chosen with `KEEPSAKE_CRASH_WORKER_SKIP_FSYNC`; never used otherwise.
struct UnsyncedFileSystem: FileSystem {
    /// Which flushes are skipped.
    enum Skip: String, Sendable {
        case files, folders, all
    }

    let skip: Skip
    let real = PosixFileSystem()

    func makeDirectory(_ path: String) throws { try real.makeDirectory(path) }

    func writeNewFile(_ path: String, data: Data) throws {
        guard skip != .folders else { return try real.writeNewFile(path, data: data) }
        // The real write, without its fsync: the bytes stay in the page cache until the kernel
        // writes them back by itself.
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw KeepsakeError.posix(errno, operation: "create", path: path) }
        defer { close(fd) }
        try data.withUnsafeBytes { buffer in
            var done = 0
            while done < buffer.count {
                let n = write(fd, buffer.baseAddress! + done, buffer.count - done)
                if n < 0 {
                    if errno == EINTR { continue }
                    throw KeepsakeError.posix(errno, operation: "write", path: path)
                }
                done += n
            }
        }
    }

    func syncDirectory(_ path: String) throws {
        if skip == .files { try real.syncDirectory(path) }
    }

    func link(_ source: String, to destination: String) throws { try real.link(source, to: destination) }
    func rename(_ source: String, to destination: String) throws { try real.rename(source, to: destination) }
    func removeFile(_ path: String) throws { try real.removeFile(path) }
    func removeDirectory(_ path: String) throws { try real.removeDirectory(path) }
}
