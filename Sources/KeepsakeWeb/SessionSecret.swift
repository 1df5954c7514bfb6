public import Foundation
import KeepsakeStore
#if canImport(Glibc)
import Glibc
#endif

/// The secret that signs the web app's session cookies and CSRF tokens (``WebConfiguration/sessionSecret``),
/// kept in a file of the store's data folder so that every `keepsake serve` of one store signs and
/// accepts the same cookies, and logins survive a restart.
///
/// The file, `web-session-secret`, holds 32 random bytes as 64 hex digits and a line feed, mode
/// 0600. It is made on first use, atomically (written whole to a new file, synced, then linked
/// to its name, so two servers starting at once end up with the same secret), and refused when it
/// is a symbolic link, not a regular file, not the user's own, readable or writable by anyone
/// else, or not 64 hex digits. Several servers serving one store must share it: they do when they
/// use the same data folder. Deleting it (while no server runs) logs everyone out.
public enum SessionSecret {
    /// The file's name in the data folder.
    public static let fileName = "web-session-secret"
    /// The secret's size in bytes.
    public static let byteCount = 32

    /// 32 fresh random bytes: a secret for one process only (cookies then end with it).
    public static func random() -> Data {
        SecureBytes.random(byteCount)
    }

    /// The secret in `directory`'s `web-session-secret`, made first if the file does not exist.
    ///
    /// - Throws: ``WebError`` saying what is wrong with the file (a link, its mode, its owner, its
    ///   content) or why it cannot be made.
    public static func loadOrCreate(in directory: URL) throws(WebError) -> Data {
        let file = directory.appendingPathComponent(fileName, isDirectory: false)
        for _ in 0..<3 {
            if let secret = try load(file) { return secret }
            try create(file)
        }
        throw WebError("The session secret \(file.path) could not be made: it kept disappearing; is another program removing it?")
    }

    /// The secret in `file`, or `nil` when the file does not exist.
    static func load(_ file: URL) throws(WebError) -> Data? {
        let descriptor = open(file.path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT { return nil }
            if code == ELOOP {
                throw WebError("The session secret \(file.path) is a symbolic link, which is refused: it must be a regular file "
                               + "of the data folder. Remove the link; a new secret is made on the next start.")
            }
            throw WebError("The session secret \(file.path) cannot be read: \(String(cString: strerror(code))).")
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw WebError("The session secret \(file.path) cannot be examined: \(String(cString: strerror(errno))).")
        }
        guard (status.st_mode & S_IFMT) == S_IFREG else {
            throw WebError("The session secret \(file.path) is not a regular file; remove it and a new one is made on the next start.")
        }
        guard status.st_uid == geteuid() else {
            throw WebError("The session secret \(file.path) belongs to another user (uid \(status.st_uid)); it must be yours.")
        }
        guard status.st_mode & 0o077 == 0 else {
            throw WebError("The session secret \(file.path) can be read or changed by others (mode \(String(status.st_mode & 0o777, radix: 8))); "
                           + "run chmod 600 on it.")
        }
        var buffer = [UInt8](repeating: 0, count: byteCount * 2 + 2)
        let count = read(descriptor, &buffer, buffer.count)
        guard count >= 0 else {
            throw WebError("The session secret \(file.path) cannot be read: \(String(cString: strerror(errno))).")
        }
        var text = buffer[0..<count]
        if text.last == UInt8(ascii: "\n") { text = text.dropLast() }
        guard let secret = decodeHex(text), secret.count == byteCount else {
            throw WebError("The session secret \(file.path) is damaged: it must hold \(byteCount * 2) hex digits. "
                           + "Remove it (everyone is logged out) and a new one is made on the next start.")
        }
        return secret
    }

    /// Makes `file` with a new secret, unless another process made it first.
    private static func create(_ file: URL) throws(WebError) {
        let temporary = file.deletingLastPathComponent()
            .appendingPathComponent(".\(fileName).\(UUID().uuidString.lowercased())", isDirectory: false)
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw WebError("The session secret \(file.path) cannot be made: \(String(cString: strerror(errno))).")
        }
        defer { unlink(temporary.path) }
        let text = Array((Hex.encode(random()) + "\n").utf8)
        let written = text.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        let synced = written == text.count && fsync(descriptor) == 0
        let code = errno
        close(descriptor)
        guard synced else {
            throw WebError("The session secret \(file.path) cannot be written: \(String(cString: strerror(code))).")
        }
        // link(2) never replaces an existing name: if another server made the file meanwhile, its
        // secret stays and is the one read next.
        if link(temporary.path, file.path) != 0 && errno != EEXIST {
            throw WebError("The session secret \(file.path) cannot be made: \(String(cString: strerror(errno))).")
        }
        let folder = open(file.deletingLastPathComponent().path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folder >= 0 {
            _ = fsync(folder)
            close(folder)
        }
    }

    private static func decodeHex(_ text: ArraySlice<UInt8>) -> Data? {
        guard text.count % 2 == 0 else { return nil }
        func value(_ byte: UInt8) -> UInt8? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
            default: return nil
            }
        }
        var bytes = Data()
        var index = text.startIndex
        while index < text.endIndex {
            guard let high = value(text[index]), let low = value(text[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
    }
}
