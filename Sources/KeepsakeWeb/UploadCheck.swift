import Foundation
import KeepsakeHTTP
import KeepsakeStore

/// The web app's own upload limits (``WebLimits``), checked before anything is stored so that
/// the refusal is a page in the user's language.
enum UploadCheck {
    /// A problem with the request's files: one over ``WebLimits/maxFileBytes`` or all together over
    /// ``WebLimits/maxRequestBytes`` (413); `nil` when they are within the limits.
    static func problem(with files: [UploadedFile], limits: WebLimits, strings: Strings) -> FormProblem? {
        let formats = Formats(language: strings.language)
        if let large = files.first(where: { $0.byteCount > limits.maxFileBytes }) {
            return FormProblem(status: .contentTooLarge,
                               message: strings.fileTooLarge(name: large.fileName, size: formats.bytes(Int64(large.byteCount)),
                                                             limit: formats.bytes(Int64(limits.maxFileBytes))))
        }
        let total = files.reduce(0) { $0 + $1.byteCount }
        if total > limits.maxRequestBytes {
            return FormProblem(status: .contentTooLarge,
                               message: strings.requestTooLarge(size: formats.bytes(Int64(total)),
                                                                limit: formats.bytes(Int64(limits.maxRequestBytes))))
        }
        return nil
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
