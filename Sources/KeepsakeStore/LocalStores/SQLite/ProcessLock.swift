import Foundation

/// The lock that tells a live store instance from a dead one: an exclusive `flock` on
/// `locks/<token>.lock`, held for as long as the ``Store`` lives.
///
/// `flock` locks belong to the open file, so they are released by the kernel when a process dies
/// (even by SIGKILL), and two instances in one process exclude each other too.
final class ProcessLock: Sendable {
    /// The token written in the intent journal as the owner of this instance's operations.
    let token: String
    let path: String
    private let descriptor: Int32

    /// Creates and locks `locks/<token>.lock` inside `directory`.
    ///
    /// The file is created and locked under a temporary name and only then renamed into place, so
    /// another process's recovery can never find it unlocked and take a live instance for a dead one.
    ///
    /// Between the create and the lock, another process's recovery may find the temporary file
    /// unlocked and remove it (it cannot tell it from one left by a crash), or hold it for a moment:
    /// then this open sees its rename fail (ENOENT) or its lock refused (EWOULDBLOCK) and simply
    /// starts again; nothing was in place yet.
    init(directory: String, token: String = UUID().uuidString.lowercased()) throws {
        self.token = token
        path = directory + "/" + token + ".lock"
        let temporary = path + Self.temporarySuffix
        var attempt = 0
        while true {
            let fd = open(temporary, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
            guard fd >= 0 else { throw KeepsakeError.posix(errno, operation: "create the process lock", path: temporary) }
            if flock(fd, LOCK_EX | LOCK_NB) == 0, Foundation.rename(temporary, path) == 0 {
                descriptor = fd
                return
            }
            let code = errno
            close(fd)
            unlink(temporary)  // ours (the token is unique), or already removed by that recovery
            attempt += 1
            guard (code == ENOENT || code == EWOULDBLOCK || code == EAGAIN), attempt < 100 else {
                throw KeepsakeError.posix(code, operation: "lock", path: path)
            }
            usleep(UInt32(attempt) * 200)
        }
    }

    /// The suffix of a lock file not yet in place (left behind only by a crash during open).
    static let temporarySuffix = ".creating"

    /// Releases the lock and removes the file (the kernel releases it anyway if the process dies).
    func release() {
        unlink(path)
        close(descriptor)
    }

    /// Tries to take the lock of `token`. Returns an open descriptor (lock held) if the owner is
    /// dead, or `nil` if it is alive. A missing lock file means the owner is gone: returns -1.
    static func lockIfDead(directory: String, token: String) -> Int32? {
        let path = directory + "/" + token + ".lock"
        let fd = open(path, O_RDWR | O_NOFOLLOW | O_CLOEXEC)
        if fd < 0 { return errno == ENOENT ? -1 : nil }
        if flock(fd, LOCK_EX | LOCK_NB) == 0 { return fd }
        close(fd)
        return nil
    }
}
