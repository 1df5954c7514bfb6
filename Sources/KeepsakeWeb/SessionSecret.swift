public import Foundation
public import KeepsakeStore
import KeepsakeSupport
#if canImport(Glibc)
import Glibc
#endif

/// The secret that signs the web app's session cookies and CSRF tokens (``WebConfiguration/sessionSecret``),
/// kept in the store's metadata store (setting `secret` of namespace `web.session`), so that every
/// `keepsake serve` of one store — on one machine or several, on SQLite or PostgreSQL — signs and
/// accepts the same cookies, and logins survive a restart.
///
/// The setting holds 32 random bytes as 64 hex digits. It is made on first use by whichever server
/// starts first: the setting is only inserted when absent, so servers starting at once end up with
/// the same secret. Whoever can read the metadata store can read it (as they can read every
/// record); removing the setting while no server runs logs everyone out.
///
/// Stores served before the secret moved there kept it in a file of the data folder,
/// `web-session-secret` (mode 0600): when that file exists and the setting does not, the file's
/// secret is adopted, so nobody is logged out by the upgrade. The file is checked as before
/// (a symbolic link, another owner, a mode readable by others or a damaged content are refused).
public enum SessionSecret {
    /// The legacy file's name in the data folder.
    public static let fileName = "web-session-secret"
    /// The settings namespace and key of the secret.
    public static let namespace = "web.session", key = "secret"
    /// The secret's size in bytes.
    public static let byteCount = 32

    /// 32 fresh random bytes: a secret for one process only (cookies then end with it).
    public static func random() -> Data {
        SecureBytes.random(byteCount)
    }

    /// The store's secret, made first (or adopted from the legacy file) if it has none.
    ///
    /// - Throws: ``WebError`` when the stored secret or the legacy file is damaged or refused;
    ///   the ``KeepsakeStore/KeepsakeError`` of the metadata store when it cannot be read or written.
    public static func loadOrCreate(for store: Store) throws -> Data {
        if let secret = try stored(in: store) { return secret }
        let legacy = store.location.dataDirectory.appendingPathComponent(fileName, isDirectory: false)
        let candidate = try load(legacy) ?? random()
        _ = try store.metadata.write { try $0.insertSetting(key, in: namespace, value: Hex.encode(candidate)) }
        // Another server may have inserted its secret first: the stored one is the store's.
        guard let secret = try stored(in: store) else {
            throw WebError("The session secret was stored but cannot be read back from the store; is another program removing it?")
        }
        return secret
    }

    /// The secret in the metadata store, or `nil` when there is none yet.
    static func stored(in store: Store) throws -> Data? {
        guard let text = try store.metadata.read({ try $0.setting(key, in: namespace) }) else { return nil }
        guard let secret = decodeHex(ArraySlice(text.utf8)), secret.count == byteCount else {
            throw WebError("The session secret (setting \(namespace).\(key) of the store) is damaged: it must hold \(byteCount * 2) hex digits. "
                           + "Remove that setting while no server runs (everyone is logged out) and a new one is made on the next start.")
        }
        return secret
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
