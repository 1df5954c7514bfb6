import Foundation
import KeepsakeHTTP
import KeepsakeStore

/// The web app's own upload limits (``WebLimits``), written once: what a request's files break
/// (``WritePath`` refuses the write with it), and the user's file names in a failure's message.
enum UploadCheck {
    /// The sentence, in a language of the caller's choice, for the request's files when one is over
    /// ``WebLimits/maxFileBytes`` or all together are over ``WebLimits/maxRequestBytes``; `nil`
    /// when they are within the limits.
    static func sentence(_ files: [UploadedFile], limits: WebLimits) -> (@Sendable (Strings) -> String)? {
        if let large = files.first(where: { $0.byteCount > limits.maxFileBytes }) {
            let name = large.fileName, size = Int64(large.byteCount), limit = Int64(limits.maxFileBytes)
            return { strings in
                let formats = Formats(language: strings.language)
                return strings.fileTooLarge(name: name, size: formats.bytes(size), limit: formats.bytes(limit))
            }
        }
        let total = Int64(files.reduce(0) { $0 + $1.byteCount })
        if total > Int64(limits.maxRequestBytes) {
            let limit = Int64(limits.maxRequestBytes)
            return { strings in
                let formats = Formats(language: strings.language)
                return strings.requestTooLarge(size: formats.bytes(total), limit: formats.bytes(limit))
            }
        }
        return nil
    }

    /// A problem with the request's files for a page that stores nothing of an app (the imports):
    /// 413 with the sentence in the page's language; `nil` within the limits.
    static func problem(with files: [UploadedFile], limits: WebLimits, strings: Strings) -> FormProblem? {
        sentence(files, limits: limits).map { FormProblem(status: .contentTooLarge, message: $0(strings)) }
    }

    /// `message` with the staged uploads' names (`http-upload-<UUID>`) replaced by the names the
    /// user picked, so an error about a photo names the photo the user knows, and with no path of
    /// the server's disk left in it (``ServerPaths``).
    static func naming(_ message: String?, after files: [UploadedFile]) -> String? {
        message.map { ServerPaths.removed(from: renaming($0, after: files)) }
    }

    /// `error` with its message naming the user's files, code and remedy kept; its other paths are
    /// left for ``Strings/describe(_:)`` and ``APIProblem/from(_:ifMatch:)`` to remove, so the log can
    /// still have them.
    static func naming(_ error: KeepsakeError?, after files: [UploadedFile]) -> KeepsakeError? {
        guard let error else { return nil }
        return KeepsakeError(error.code, renaming(error.message, after: files), path: error.path,
                             underlyingCode: error.underlyingCode, remedy: error.remedy)
    }

    /// `message` with each staged upload (its path, or its name alone) named as the user named it.
    private static func renaming(_ message: String, after files: [UploadedFile]) -> String {
        var message = message
        for file in files {
            message = message.replacingOccurrences(of: file.url.path, with: file.fileName)
            message = message.replacingOccurrences(of: file.url.lastPathComponent, with: file.fileName)
        }
        return message
    }
}
