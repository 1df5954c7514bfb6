import Foundation
import KeepsakeStore

/// An open cache folder: every file call is relative to this descriptor (`openat`, `renameat`,
/// `unlinkat`, `fstatat`) with `O_NOFOLLOW` / `AT_SYMLINK_NOFOLLOW`, so neither a symbolic link
/// planted in the folder nor the folder being swapped for a link can redirect a read or a write.
struct FolderHandle: ~Copyable {
    /// The descriptor (`O_DIRECTORY | O_NOFOLLOW`).
    let fd: Int32
    /// The folder's path, for messages.
    let path: String

    /// Opens the folder at `path`; `nil` if it does not exist.
    ///
    /// - Throws: `.symlinkRefused` if `path` is a symbolic link, `.invalidArgument` if something
    ///   other than a folder is there.
    static func open(_ path: String) throws -> FolderHandle? {
        switch FileInspector.kind(of: path) {
        case .missing: return nil
        case .directory: break
        case .symlink:
            throw KeepsakeError(.symlinkRefused, "Refused to use the image cache folder \(path): it is a symbolic link, and the cache never follows links. Remove the link or choose another folder.", path: path)
        default:
            throw KeepsakeError(.invalidArgument, "Cannot use \(path) as the image cache folder: something other than a folder is there.", path: path)
        }
        let fd = Foundation.open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else {
            if errno == ENOENT { return nil }  // removed between the check and the open
            throw KeepsakeError.posix(errno == ENOTDIR ? ELOOP : errno, operation: "open the image cache folder", path: path)
        }
        return FolderHandle(fd: fd, path: path)
    }

    deinit { close(fd) }

    /// Takes the folder's exclusive lock (shared by every process using the folder) until the
    /// handle is closed.
    func lock() throws {
        while flock(fd, LOCK_EX) != 0 {
            if errno == EINTR { continue }
            throw KeepsakeError.posix(errno, operation: "lock", path: path)
        }
    }

    /// Whether `path` still names this very folder (not removed or replaced since it was opened).
    func isStillLinked() -> Bool {
        var open = stat()
        var named = stat()
        guard fstat(fd, &open) == 0, lstat(path, &named) == 0 else { return false }
        return open.st_dev == named.st_dev && open.st_ino == named.st_ino
    }

    /// What `name` is, without following links.
    func kind(of name: String) -> FileKind {
        var info = stat()
        guard fstatat(fd, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return .missing }
        return PosixFile.kind(info)
    }

    /// The names in the folder (not `.` or `..`), sorted.
    func entries() throws -> [String] {
        let copy = dup(fd)
        guard copy >= 0, let dir = fdopendir(copy) else {
            let code = errno
            if copy >= 0 { close(copy) }
            throw KeepsakeError.posix(code, operation: "list", path: path)
        }
        defer { closedir(dir) }
        rewinddir(dir)
        return PosixFile.names { readdir(dir) }
    }

    /// Reads the regular file `name` (a symbolic link fails with `.symlinkRefused`).
    func read(_ name: String) throws -> Data {
        let file = openat(fd, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard file >= 0 else { throw KeepsakeError.posix(errno, operation: "read", path: path + "/" + name) }
        defer { close(file) }
        var info = stat()
        guard fstat(file, &info) == 0 else { throw KeepsakeError.posix(errno, operation: "read", path: path + "/" + name) }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw KeepsakeError(.invalidArgument, "\(path)/\(name) is not a regular file.", path: path + "/" + name)
        }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { Foundation.read(file, $0.baseAddress!, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw KeepsakeError.posix(errno, operation: "read", path: path + "/" + name)
            }
            if count == 0 { return data }
            data.append(contentsOf: buffer[0..<count])
        }
    }

    /// Creates the new file `name` (which must not exist), writes `data`, fsyncs and closes it; on
    /// failure the partial file is removed.
    func writeNewFile(_ name: String, data: Data) throws {
        let full = path + "/" + name
        let file = openat(fd, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard file >= 0 else { throw KeepsakeError.posix(errno, operation: "create", path: full) }
        let failure = PosixFile.finishNewFile(file, data: data, path: full)
        if let failure {
            unlinkat(fd, name, 0)  // the half-written temporary file is ours; the error above is what counts
            throw failure
        }
    }

    /// Renames `source` to `destination` inside the folder, replacing it atomically.
    func rename(_ source: String, to destination: String) throws {
        guard renameat(fd, source, fd, destination) == 0 else {
            throw KeepsakeError.posix(errno, operation: "rename", path: path + "/" + source)
        }
    }

    /// Removes the entry `name` (never following a link); succeeds if it is already gone.
    func remove(_ name: String) throws {
        if unlinkat(fd, name, 0) != 0, errno != ENOENT {
            throw KeepsakeError.posix(errno, operation: "remove", path: path + "/" + name)
        }
    }

    /// Flushes the folder's entries to disk.
    func sync() throws {
        guard fsync(fd) == 0 else { throw KeepsakeError.posix(errno, operation: "flush (fsync) the folder", path: path) }
    }
}
