public import Foundation

/// A file received in a `multipart/form-data` request, already stored in the staging folder.
///
/// The file at ``url`` is removed as soon as the handler returns. To keep it, move it (a rename
/// within the same file system) or copy it before returning.
public struct UploadedFile: Sendable, Hashable {
    /// The name of the form field that carried the file.
    public let fieldName: String
    /// The file name the client gave, for display only: it is untrusted, so path parts, control
    /// characters and surrounding blanks are removed, and it is never empty. Do not use it as a path.
    public let fileName: String
    /// The media type the client declared (e.g. `image/jpeg`); untrusted, check the content.
    public let contentType: String
    /// The size of the file in bytes.
    public let byteCount: Int
    /// The staged file holding the bytes.
    public let url: URL

    /// Creates a description of an uploaded file (the server makes these; tests may too).
    public init(fieldName: String, fileName: String, contentType: String, byteCount: Int, url: URL) {
        self.fieldName = fieldName
        self.fileName = fileName
        self.contentType = contentType
        self.byteCount = byteCount
        self.url = url
    }

    /// Makes a client-supplied file name safe to show: keeps the last path component (either
    /// separator), drops control characters, trims blanks and caps the length at 255 characters.
    /// Returns `"upload"` when nothing is left.
    static func displayName(from raw: String) -> String {
        let last = raw.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? ""
        let visible = String(String.UnicodeScalarView(last.unicodeScalars.filter {
            !$0.properties.generalCategory.isControlOrFormat
        }))
        let trimmed = visible.trimmingCharacters(in: .whitespaces)
        let capped = String(trimmed.prefix(255))
        return capped.isEmpty || capped == "." || capped == ".." ? "upload" : capped
    }
}

extension Unicode.GeneralCategory {
    /// Control (Cc) and format (Cf, e.g. bidirectional overrides) characters.
    fileprivate var isControlOrFormat: Bool { self == .control || self == .format }
}
