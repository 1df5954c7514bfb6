public import Foundation

/// The one error type every Keepsake operation throws.
///
/// It is a value with context: a ``Code`` to match on in `catch`, a sentence a person can act on,
/// and, where one applies, the store-relative or user-supplied path it concerns. Bound SQL values and
/// image bytes never appear in a message.
public struct KeepsakeError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// What kind of failure this is; stable across releases, suitable for `switch`.
    public enum Code: String, Sendable, Hashable, Codable, CaseIterable {
        /// The record, attachment or file asked for does not exist.
        case notFound
        /// An argument was malformed or out of range (bad id, index, name, date, limit).
        case invalidArgument
        /// The image bytes could not be decoded: damaged, truncated, or not an image.
        case corruptImage
        /// The image is valid but of a kind Keepsake does not accept (format, precision, codec).
        case unsupportedImage
        /// The image is larger than the configured pixel or byte limit.
        case imageTooLarge
        /// A path would leave the store, or names something the store refuses (e.g. `..`).
        case unsafePath
        /// A symbolic link was found where the store expects a real file or folder.
        case symlinkRefused
        /// The disk is full (ENOSPC or a quota).
        case diskFull
        /// The store, or the folder it lives in, is read-only or not writable by this user.
        case readOnly
        /// A file-system call failed for another reason (EIO and the like).
        case io
        /// The SQLite database returned an error.
        case database
        /// The database stayed locked by another process for longer than the busy timeout.
        case busy
        /// The store on disk is newer than this program, or is not a Keepsake store.
        case incompatibleStore
        /// A limit was exceeded (too many images on one record, and the like).
        case limitExceeded
        /// The record changed in a way that makes the requested operation impossible now.
        case conflict
        /// The caller may see this but not do this to it (a viewer editing, a read-only token
        /// writing); the message says which role is needed.
        case forbidden
        /// Something failed that Keepsake does not expect to fail (a bug); the message says what.
        case unexpected
        /// What was asked for existed but can no longer be used: an invitation used already or
        /// expired (HTTP 410 Gone); the message says which and when.
        case gone
        /// The account's storage quota would be exceeded; the message names the quota, the usage
        /// and the upload's size, and nothing was written.
        case quotaExceeded
    }

    /// The kind of failure.
    public let code: Code
    /// One clear sentence saying what went wrong and, where possible, what to do about it.
    public let message: String
    /// The path involved (store-relative for files inside the store), if any.
    public let path: String?
    /// The POSIX `errno`, SQLite result code or other backend code behind the failure, if any.
    public let underlyingCode: Int32?
    /// What the person can do about it, beyond the message, if there is something: each edge (the
    /// CLI, the web app) says it in its own words and language.
    public let remedy: Remedy?

    /// Creates an error; prefer the static constructors, which phrase the message consistently.
    public init(_ code: Code, _ message: String, path: String? = nil, underlyingCode: Int32? = nil, remedy: Remedy? = nil) {
        self.code = code
        self.message = message
        self.path = path
        self.underlyingCode = underlyingCode
        self.remedy = remedy
    }

    /// The message followed by the remedy in plain words.
    public var description: String {
        guard let remedy else { return message }
        return message + " " + remedy.sentence
    }
    /// Same as ``description``, for `localizedDescription`.
    public var errorDescription: String? { description }
}

extension KeepsakeError {
    /// A record with this id does not exist (or is in the trash when a live one was asked for).
    public static func recordNotFound(_ id: String) -> KeepsakeError {
        KeepsakeError(.notFound, "No record with id \(id) exists in this store.", remedy: .listRecords)
    }

    /// `error` as a ``KeepsakeError``: itself if it is one, otherwise an ``Code/unexpected`` failure
    /// that says what it was (so no failure is ever reduced to a bare string or lost).
    public static func wrapping(_ error: any Error) -> KeepsakeError {
        if let error = error as? KeepsakeError { return error }
        return KeepsakeError(.unexpected, "Something unexpected failed: \(printable(String(describing: error))).")
    }

    /// An image index outside `0..<count`.
    public static func imageIndexOutOfRange(_ index: Int, count: Int) -> KeepsakeError {
        let valid = count == 0 ? "the record has no images" : "valid indexes are 0 to \(count - 1)"
        return KeepsakeError(.invalidArgument, "Image index \(index) is out of range: \(valid).")
    }

    /// User-supplied text (a name, a path, a value from the command line, a form or a file) as it
    /// may appear in a message: control characters (a NUL, a line break, a terminal escape sequence,
    /// the Unicode line and paragraph separators) shown as `\u{…}`, so they never reach a terminal,
    /// a page or a log raw, and text longer than `limit` characters cut there with `…`. The one
    /// helper that makes user text safe and short in messages; ``quoted(_:limit:)`` adds quotes.
    public static func printable(_ text: String, limit: Int = 200) -> String {
        var shown = ""
        for character in text.prefix(limit) {
            for scalar in character.unicodeScalars {
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar == "\u{2028}" || scalar == "\u{2029}" {
                    shown += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    shown.unicodeScalars.append(scalar)
                }
            }
        }
        return text.count > limit ? shown + "…" : shown
    }

    /// ``printable(_:limit:)`` in double quotes, for a value inside a sentence:
    /// `"2026-13-01" is not a date`. Values are cut shorter than paths by default (60 characters),
    /// so the sentence stays on one line.
    public static func quoted(_ text: String, limit: Int = 60) -> String {
        "\"" + printable(text, limit: limit) + "\""
    }

    /// Maps an `errno` from a file-system call to a typed error with an actionable message.
    public static func posix(_ errnoValue: Int32, operation: String, path rawPath: String) -> KeepsakeError {
        let reason = String(cString: strerror(errnoValue))
        let path = printable(rawPath)
        switch errnoValue {
        case ENOSPC, EDQUOT:
            return KeepsakeError(.diskFull, "The disk is full while trying to \(operation) \(path); nothing was changed.", path: rawPath, underlyingCode: errnoValue, remedy: .freeSpace)
        case EROFS, EACCES, EPERM:
            return KeepsakeError(.readOnly, "Cannot \(operation) \(path): \(reason); nothing was changed.", path: rawPath, underlyingCode: errnoValue, remedy: .checkPermissions)
        case EEXIST:
            return KeepsakeError(.conflict, "Cannot \(operation) \(path): something with that name already exists, and the store never writes over it.", path: rawPath, underlyingCode: errnoValue)
        case ENOENT:
            return KeepsakeError(.notFound, "Cannot \(operation) \(path): it does not exist.", path: rawPath, underlyingCode: errnoValue)
        case ELOOP:
            return KeepsakeError(.symlinkRefused, "Refused to \(operation) \(path): it is a symbolic link, and the store does not follow links.", path: rawPath, underlyingCode: errnoValue)
        default:
            return KeepsakeError(.io, "Cannot \(operation) \(path): \(reason) (errno \(errnoValue)).", path: rawPath, underlyingCode: errnoValue)
        }
    }
}
