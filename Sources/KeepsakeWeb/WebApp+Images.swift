import Foundation
import KeepsakeHTTP
import KeepsakeStore

extension WebApp {
    /// `GET /images/<record id>/<attachment id>/<variant>` where the variant is `original`, `256`
    /// or `1024` (thumbnails). The record and attachment are looked up in the database and the file
    /// comes from the store's own checked path: nothing in the URL is ever used as a path, so it
    /// cannot reach outside the store. Unknown or malformed ids are 404.
    ///
    /// Originals and thumbnails are content-addressed (an attachment id always names the same
    /// bytes), so they are sent with `ETag` (the SHA-256), `Last-Modified` and a one-year
    /// `immutable` lifetime; `If-None-Match` gets a `304`.
    func imageResponse(segments: [String], request: HTTPRequest) -> HTTPResponse {
        guard segments.count == 3, let recordID = Self.recordID(segments[0]),
              let attachmentID = Self.attachmentID(segments[1]) else { return .notFound() }
        let variant = segments[2]
        let size: ThumbnailSize?
        if variant == "original" {
            size = nil
        } else if let pixels = Int(variant), variant.allSatisfy(\.isASCII),
                  let known = store.options.thumbnailSizes.first(where: { $0.maxPixels == pixels }) {
            size = known
        } else {
            return .notFound()
        }
        guard let record = try? store.recordIfPresent(recordID),
              let attachment = record.images.first(where: { $0.id == attachmentID }) else { return .notFound() }
        let url: URL
        let contentType: String
        let etag: String
        do {
            if let size {
                url = try store.thumbnailURL(of: attachment, size: size)
                contentType = attachment.thumbnailFormat.mediaType
                etag = "\(attachment.sha256)-\(size.maxPixels)"
            } else {
                url = try store.originalURL(of: attachment)
                contentType = attachment.mediaType
                etag = attachment.sha256
            }
        } catch {
            configuration.errorLog?("image \(recordID)/\(attachmentID)/\(variant): \(error)")
            return .notFound()
        }
        let validators = HTTPValidators(etag: etag, lastModified: attachment.createdAt)
        var response = validators.response(for: request) {
            .file(url, contentType: contentType)
        }
        response.headers.set("Cache-Control", "private, max-age=31536000, immutable")
        return response
    }

    /// A positive attachment id written in ASCII digits only.
    static func attachmentID(_ text: String) -> Int64? {
        guard !text.isEmpty, text.utf8.count <= 18, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
              let value = Int64(text), value > 0 else { return nil }
        return value
    }

    /// The URL of an attachment's original or thumbnail.
    static func imageURL(_ attachment: Attachment, _ variant: String) -> String {
        "/images/\(attachment.recordID.string)/\(attachment.id)/\(variant)"
    }

    /// An `<img>` of an attachment's thumbnail with its display size, so lists never load an
    /// original and the layout does not jump while thumbnails arrive.
    static func thumbnail(_ attachment: Attachment, size: Int = 256, alt: String, className: String = "thumb") -> HTML {
        let longest = max(attachment.width, attachment.height, 1)
        let scale = min(1.0, Double(size) / Double(longest))
        let width = max(1, Int((Double(attachment.width) * scale).rounded()))
        let height = max(1, Int((Double(attachment.height) * scale).rounded()))
        return """
            <img class="\(className)" src="\(imageURL(attachment, String(size)))" width="\(width)" height="\(height)" alt="\(alt)" loading="lazy">
            """
    }
}
