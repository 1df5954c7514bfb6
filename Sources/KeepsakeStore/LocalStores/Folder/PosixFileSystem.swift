public import Foundation

/// The real file system, through POSIX calls. Never follows a symbolic link it creates or removes.
public struct PosixFileSystem: FileSystem {
    /// Creates the real file system.
    public init() {}

    public func makeDirectory(_ path: String) throws {
        if mkdir(path, 0o755) == 0 { return }
        let code = errno
        if code == EEXIST {
            switch FileInspector.kind(of: path) {
            case .directory: return
            case .symlink: throw KeepsakeError(.symlinkRefused, "Refused to use \(path): it is a symbolic link, and the store does not follow links.", path: path)
            default: break
            }
        }
        throw KeepsakeError.posix(code, operation: "create the folder", path: path)
    }

    public func writeNewFile(_ path: String, data: Data) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw KeepsakeError.posix(errno, operation: "create", path: path) }
        let failure = PosixFile.finishNewFile(fd, data: data, path: path)
        if let failure {
            unlink(path)  // the half-written file belongs to nobody; the error above is what counts
            throw failure
        }
    }

    public func syncDirectory(_ path: String) throws {
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { throw KeepsakeError.posix(errno, operation: "open the folder", path: path) }
        defer { close(fd) }
        if fsync(fd) != 0 { throw KeepsakeError.posix(errno, operation: "flush (fsync) the folder", path: path) }
    }

    public func link(_ source: String, to destination: String) throws {
        if Foundation.link(source, destination) != 0 {
            throw KeepsakeError.posix(errno, operation: "place", path: destination)
        }
    }

    public func rename(_ source: String, to destination: String) throws {
        if Foundation.rename(source, destination) != 0 {
            throw KeepsakeError.posix(errno, operation: "rename", path: source)
        }
    }

    public func removeFile(_ path: String) throws {
        if unlink(path) != 0, errno != ENOENT {
            throw KeepsakeError.posix(errno, operation: "remove", path: path)
        }
    }

    public func removeDirectory(_ path: String) throws {
        if rmdir(path) != 0, errno != ENOENT {
            throw KeepsakeError.posix(errno, operation: "remove the folder", path: path)
        }
    }
}
