import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The sessions ended by logging out, kept in a file in the store's data folder
/// (`web-session-revocations`) that every server of the store reads, so a logout on one server
/// ends the session on all of them.
///
/// One line per ended session, `<nonce> <until>\n` (`until` in seconds since 1970): a cookie with
/// that nonce is refused until then, by which time every cookie carrying it has expired anyway.
/// A logout appends its line under an exclusive `flock(2)` and `fsync`s; when many lines have
/// expired the file is rewritten without them (a new file renamed over the old one). Readers take
/// no lock: they look at the file's identity (`stat`) on each check and read it again only when
/// it changed; a last line without its line feed (an append in progress) is not read yet.
final class SessionRevocations: Sendable {
    /// The file's name in the data folder.
    static let fileName = "web-session-revocations"
    /// Expired lines tolerated before a logout rewrites the file without them.
    static let expiredLinesBeforeRewrite = 64

    /// The file.
    let file: URL

    private struct Identity: Equatable {
        var device: UInt64, inode: UInt64, size: Int64, seconds: Int, nanoseconds: Int
    }

    private struct Cache {
        var identity: Identity?
        var entries: [String: Int64] = [:]
    }

    private let cache = Mutex(Cache())

    /// The revocations of the store whose data folder is `directory`.
    init(directory: URL) {
        file = directory.appendingPathComponent(Self.fileName, isDirectory: false)
    }

    /// Whether the session named `nonce` was ended and its revocation has not expired at `now`.
    ///
    /// - Throws: ``WebError`` when the file exists but cannot be read or is damaged.
    func isRevoked(_ nonce: String, now: Date) throws(WebError) -> Bool {
        let entries = try current()
        guard let until = entries[nonce] else { return false }
        return until > SessionSigner.seconds(now)
    }

    /// Ends the session named `nonce` until `until` (seconds since 1970), for every server of the store.
    ///
    /// - Throws: ``WebError`` when the file cannot be written.
    func revoke(_ nonce: String, until: Int64, now: Date) throws(WebError) {
        let path = file.path
        for _ in 0..<8 {
            let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else { throw failure("cannot be opened for writing", errno) }
            defer { close(descriptor) }
            guard flock(descriptor, LOCK_EX) == 0 else { throw failure("cannot be locked", errno) }
            // A rewrite may have replaced the file between open and lock: append to the new one.
            var opened = stat(), named = stat()
            guard fstat(descriptor, &opened) == 0 else { throw failure("cannot be examined", errno) }
            guard lstat(path, &named) == 0, named.st_ino == opened.st_ino, named.st_dev == opened.st_dev else { continue }

            let now = SessionSigner.seconds(now)
            var entries = try read()
            let expired = entries.values.filter { $0 <= now }.count
            entries[nonce] = max(entries[nonce] ?? 0, until)
            if expired >= Self.expiredLinesBeforeRewrite {
                try rewrite(entries.filter { $0.value > now })
            } else {
                let line = Array("\(nonce) \(until)\n".utf8)
                let written = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
                guard written == line.count else { throw failure("could not be written", errno) }
                guard fsync(descriptor) == 0 else { throw failure("could not be written to disk", errno) }
                if opened.st_size == 0 { syncFolder() }  // the file is new: make its name durable too
            }
            cache.withLock { $0 = Cache(identity: nil, entries: entries) }
            return
        }
        throw WebError("The session file \(path) keeps being replaced while a logout writes to it; try again.")
    }

    // MARK: - Reading

    /// The revocations, read again if the file changed since the last look.
    private func current() throws(WebError) -> [String: Int64] {
        var status = stat()
        guard lstat(file.path, &status) == 0 else {
            if errno == ENOENT { return [:] }
            throw failure("cannot be examined", errno)
        }
        let identity = Self.identity(status)
        if let cached = cache.withLock({ $0.identity == identity ? $0.entries : nil }) {
            return cached
        }
        let entries = try read()
        cache.withLock { $0 = Cache(identity: identity, entries: entries) }
        return entries
    }

    /// Reads and parses the file (an empty table when it does not exist).
    private func read() throws(WebError) -> [String: Int64] {
        let descriptor = open(file.path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { return [:] }
            throw failure(errno == ELOOP ? "is a symbolic link, which is refused" : "cannot be read", errno)
        }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = Glibc.read(descriptor, &buffer, buffer.count)
            if count < 0 {
                if errno == EINTR { continue }
                throw failure("cannot be read", errno)
            }
            if count == 0 { break }
            bytes += buffer[0..<count]
        }
        var entries: [String: Int64] = [:]
        let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() where index < lines.count - 1 {  // the last piece has no line feed yet
            let fields = line.split(separator: UInt8(ascii: " "))
            guard fields.count == 2, fields[0].count == 32, let until = Int64(String(decoding: fields[1], as: UTF8.self)) else {
                throw WebError("The session file \(file.path) is damaged at line \(index + 1); it lists ended sessions as "
                               + "“<nonce> <until>”. Fix or remove that line (removing a line lets that session back in).")
            }
            let nonce = String(decoding: fields[0], as: UTF8.self)
            entries[nonce] = max(entries[nonce] ?? 0, until)
        }
        return entries
    }

    // MARK: - Writing

    /// Replaces the file by one listing `entries` (written to a new file, synced, renamed over).
    private func rewrite(_ entries: [String: Int64]) throws(WebError) {
        let temporary = file.deletingLastPathComponent()
            .appendingPathComponent(".\(Self.fileName).\(UUID().uuidString.lowercased())", isDirectory: false)
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw failure("could not be rewritten", errno) }
        var renamed = false
        defer {
            close(descriptor)
            if !renamed { unlink(temporary.path) }
        }
        let text = Array(entries.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)\n" }.joined().utf8)
        var offset = 0
        while offset < text.count {
            let written = text[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            guard written > 0 else { throw failure("could not be rewritten", errno) }
            offset += written
        }
        guard fsync(descriptor) == 0 else { throw failure("could not be rewritten to disk", errno) }
        guard rename(temporary.path, file.path) == 0 else { throw failure("could not be replaced", errno) }
        renamed = true
        syncFolder()
    }

    /// Makes the file's name (a creation or a rename) durable.
    private func syncFolder() {
        let folder = open(file.deletingLastPathComponent().path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folder >= 0 {
            _ = fsync(folder)
            close(folder)
        }
    }

    private func failure(_ what: String, _ code: Int32) -> WebError {
        WebError("The session file \(file.path) \(what): \(String(cString: strerror(code))). Logins and logouts need it.")
    }

    private static func identity(_ status: stat) -> Identity {
        Identity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino), size: Int64(status.st_size),
                 seconds: status.st_mtim.tv_sec, nanoseconds: status.st_mtim.tv_nsec)
    }
}
