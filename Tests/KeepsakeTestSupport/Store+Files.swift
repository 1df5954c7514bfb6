public import Foundation
public import KeepsakeStore

extension Store {
    /// For tests that look at the disk of an embedded store: the file of an attachment's original
    /// (the library itself hands out images only as its blob store answers, never as file URLs).
    /// Throws `notFound` when the file is missing.
    public func originalURL(of attachment: Attachment) throws -> URL {
        let url = location.dataDirectory.appendingPathComponent(attachment.path.string)
        guard case .file = FileInspector.kind(of: url.path) else {
            throw KeepsakeError(.notFound, "The stored file \(attachment.path) is missing.", path: attachment.path.string)
        }
        return url
    }
}
