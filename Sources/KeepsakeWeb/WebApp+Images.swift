import Foundation
import KeepsakeHTTP
import KeepsakeStore

extension WebApp {
    /// `GET /images/<record id>/<attachment id>/<variant>` where the variant is `original`, `256`
    /// or `1024` (thumbnails). The record and attachment are looked up in the metadata store and the
    /// bytes come as the blob store answers (an open, checked file sent with `sendfile`, bytes, or a
    /// redirect): nothing in the URL is ever used as a path, so it cannot reach outside the store.
    /// Unknown or malformed ids are 404; a store failure is answered with its own status.
    ///
    /// Originals and thumbnails are content-addressed (an attachment id always names the same
    /// bytes), so they are sent with `ETag` (the SHA-256), `Last-Modified` and a one-year
    /// `immutable` lifetime; `If-None-Match` gets a `304`.
    func imageResponse(segments: [String], request: WebRequest) -> HTTPResponse {
        guard segments.count == 3, let recordID = Self.recordID(segments[0]),
              let attachmentID = Self.attachmentID(segments[1]) else { return notFound(request) }
        let variant: ImageVariant
        if segments[2] == "original" {
            variant = .original
        } else if let pixels = Int(segments[2]), segments[2].allSatisfy(\.isASCII),
                  let known = store.options.thumbnailSizes.first(where: { $0.maxPixels == pixels }) {
            variant = .thumbnail(known)
        } else {
            return notFound(request)
        }
        do {
            guard let record = try store.recordIfPresent(recordID),
                  let attachment = record.images.first(where: { $0.id == attachmentID }) else { return notFound(request) }
            let body = try store.imageBody(of: attachment, variant: variant)
            let (contentType, etag) = switch variant {
            case .original: (attachment.mediaType, attachment.sha256)
            case .thumbnail(let size): (attachment.thumbnailFormat.mediaType, "\(attachment.sha256)-\(size.maxPixels)")
            }
            let validators = HTTPValidators(etag: etag, lastModified: attachment.createdAt)
            var response = try validators.response(for: request.http) { try Self.response(for: body, contentType: contentType) }
            response.headers.set("Cache-Control", "private, max-age=31536000, immutable")
            return response
        } catch {
            configuration.errorLog?("image \(recordID)/\(attachmentID)/\(segments[2]): \(error)")
            return errorResponse(error, request)
        }
    }

    /// The HTTP body for what the blob store answered.
    /// A file is sent from the descriptor the blob store opened (never opened again by name).
    static func response(for body: BlobBody, contentType: String) throws -> HTTPResponse {
        switch body {
        case .file(let file):
            do {
                return .file(try OpenFile(descriptor: file.takeDescriptor()), contentType: contentType)
            } catch {
                throw KeepsakeError(.io, "The image file could not be sent: \(error.description)")
            }
        case .bytes(let data):
            return HTTPResponse(status: .ok, headers: ["Content-Type": contentType], body: .data(data))
        case .redirect(let url):
            return HTTPResponse(status: .temporaryRedirect, headers: ["Location": url.absoluteString])
        }
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
