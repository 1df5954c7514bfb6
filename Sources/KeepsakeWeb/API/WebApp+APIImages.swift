import Foundation
import KeepsakeHTTP
import KeepsakeStore
import KeepsakeSupport

/// An image sent to the API, with the SHA-256 of its bytes (the store's `sourceSHA256`).
struct APIUpload: Sendable {
    /// Where the bytes are.
    let source: ImageSource
    /// Their SHA-256.
    let sha256: String
}

/// The photos of an API request: what the store is given, and the files they came as (for the
/// write path's upload limits and the user's file names in its sentences).
struct APIUploads: Sendable {
    /// The photos.
    let uploads: [APIUpload]
    /// The files they came in: the multipart files, or the whole body as one file.
    let files: [UploadedFile]
}

extension WebApp {
    /// The images of a request: the files of a `multipart/form-data` body (field `image`), or a
    /// whole body of type `image/*` or `application/octet-stream`; checked against the web app's
    /// limits (``WebLimits``) by the write path the pages use (``WritePath/checkUploads(_:strings:)``)
    /// before a byte is read. A multipart body holds nothing else: the photos, and the JSON field
    /// `jsonField` of a create.
    func apiUploads(_ request: APIRequest, single: Bool, jsonField: String? = nil) throws -> APIUploads {
        var uploads: [APIUpload] = []
        let files: [UploadedFile]
        switch request.http.mediaType {
        case "multipart/form-data":
            files = request.http.files
            if let other = files.first(where: { $0.fieldName != "image" }) {
                throw APIProblem.invalid("Send photos in file fields named image, not \(KeepsakeError.printable(other.fieldName)).")
            }
            if let other = request.http.form.first(where: { $0.name != jsonField }) {
                throw APIProblem.invalid("This multipart body has a field \(KeepsakeError.printable(other.name)) it does not take; send the photos as files named image\(jsonField.map { " and the JSON in the field \($0)" } ?? "").")
            }
            try writers.path.checkUploads(files, strings: Strings(request.language))
            for file in files {
                guard file.byteCount > 0 else { throw APIProblem.invalid("A photo of this request is empty (no bytes).") }
                uploads.append(APIUpload(source: .file(file.url), sha256: try SHA256.hex(Data(contentsOf: file.url))))
            }
        case let type? where type.hasPrefix("image/") || type == "application/octet-stream":
            let body = request.http.body, name = request.language == .korean ? "보낸 사진" : "the uploaded photo"
            switch body {
            case .file(let url, _):
                files = [UploadedFile(fieldName: "image", fileName: name, contentType: type, byteCount: body.byteCount, url: url)]
                try writers.path.checkUploads(files, strings: Strings(request.language))
                uploads.append(APIUpload(source: .file(url), sha256: try SHA256.hex(Data(contentsOf: url))))
            case .data(let data):
                // Held in memory: no file to rename in a sentence, only its size to check.
                files = [UploadedFile(fieldName: "image", fileName: name, contentType: type, byteCount: data.count,
                                      url: FileManager.default.temporaryDirectory.appendingPathComponent("keepsake-api-body-\(UUID().uuidString)"))]
                try writers.path.checkUploads(files, strings: Strings(request.language))
                uploads.append(APIUpload(source: .data(data, name: name), sha256: SHA256.hex(data)))
            case .empty:
                files = []
            }
            guard body.byteCount > 0 else { throw APIProblem.invalid("The request carries no photo: its body is empty.") }
        default:
            throw APIProblem(status: .unsupportedMediaType, code: "unsupportedMediaType",
                             detail: "Send a photo as multipart/form-data (file field image) or as the whole body with its image/* type.")
        }
        guard !uploads.isEmpty else { throw APIProblem.invalid("The request carries no photo.") }
        if single && uploads.count > 1 { throw APIProblem.invalid("Send exactly one photo here.") }
        return APIUploads(uploads: uploads, files: files)
    }

    /// The record `id` of `collection` (`notFound` for another collection's) and the position of
    /// its image `attachment` (`notFound` when it has no such image).
    func apiAttachment(_ request: APIRequest, in collection: CollectionName) throws -> (record: Record, index: Int) {
        guard let record = try store.recordIfPresent(request.id), record.collection == collection else {
            throw KeepsakeError(.notFound, "No \(collection) record with id \(request.id) exists.", remedy: .listRecords)
        }
        guard let index = record.images.firstIndex(where: { $0.id == request.attachmentID }) else {
            throw KeepsakeError(.notFound, "Record \(request.id) has no image \(request.attachmentID); list its images to see their ids.")
        }
        return (record, index)
    }

    /// `POST …/{id}/images`: adds the photos (at the end, or before `?position=`), once per
    /// `Idempotency-Key`; `201` with the record.
    func apiAddImages<App: RecordImagesApp, Body>(_ resource: APIResource<App, Body>, _ request: APIRequest) async throws -> APIAnswer<Body> {
        let photos = try apiUploads(request, single: false), uploads = photos.uploads
        let position = try request.integer(.position)
        let expected = try request.expectedVersion()
        return try await idempotent(request, target: { nil }) { attempt in
            let current = try resource.app.read(request.id)
            if attempt.isRetry, Self.holds(current.attachments, uploads, since: attempt.since) {
                return try self.apiRecord(resource, current, request, status: .created)
            }
            let item = try self.writers.path.addImages(resource.app, uploads.map(\.source), to: request.id, at: position, expectedVersion: expected,
                                                       files: photos.files, language: request.language)
            return try self.apiRecord(resource, item, request, status: .created)
        }
    }

    /// `PUT …/{id}/images/{attachment}`: replaces that photo (the old file goes after the commit),
    /// once per `Idempotency-Key`, honouring `If-Match`.
    func apiReplaceImage<App: RecordImagesApp, Body>(_ resource: APIResource<App, Body>, _ request: APIRequest) async throws -> APIAnswer<Body> {
        let photos = try apiUploads(request, single: true), upload = photos.uploads[0]
        let expected = try request.expectedVersion()
        let (record, index) = try apiAttachment(request, in: App.collection)
        return try await idempotent(request, target: { String(index) }) { attempt in
            let current = try resource.app.read(request.id)
            if attempt.isRetry, current.attachments.indices.contains(index),
               Self.holds([current.attachments[index]], [upload], since: attempt.since) {
                return try self.apiRecord(resource, current, request)
            }
            let item = try self.writers.path.replaceImage(resource.app, of: request.id, at: index, with: upload.source,
                                                          expectedVersion: expected ?? record.version, files: photos.files, language: request.language)
            return try self.apiRecord(resource, item, request)
        }
    }

    /// `DELETE …/{id}/images/{attachment}`: removes that photo, honouring `If-Match`.
    func apiRemoveImage<App: RecordImagesApp, Body>(_ resource: APIResource<App, Body>, _ request: APIRequest) throws -> APIAnswer<Body> {
        let expected = try request.expectedVersion()
        let (record, index) = try apiAttachment(request, in: App.collection)
        return try apiRecord(resource, try writers.path.removeImage(resource.app, of: request.id, at: index, expectedVersion: expected ?? record.version,
                                                                    language: request.language), request)
    }

    /// `PUT …/{id}/images`: the photos in a new order, `{"order": [attachment ids]}` listing each
    /// once; honours `If-Match`. No file is touched.
    func apiReorderImages<App: RecordImagesApp, Body>(_ resource: APIResource<App, Body>, _ request: APIRequest,
                                                      _ body: APIImageOrder) throws -> APIAnswer<Body> {
        let order = body.order
        let expected = try request.expectedVersion()
        let current = try resource.app.read(request.id)
        let ids = current.attachments.map(\.id)
        guard order.count == ids.count, Set(order) == Set(ids) else {
            throw KeepsakeError(.conflict, "The order must list each of the record's image ids (\(ids.map(String.init).joined(separator: ", "))) exactly once.")
        }
        let positions = order.map { id in ids.firstIndex(of: id)! }
        return try apiRecord(resource, try writers.path.reorderImages(resource.app, of: request.id, order: positions, expectedVersion: expected ?? current.version,
                                                                      language: request.language), request)
    }

    /// `GET …/{id}/images`: the record's images in order.
    func apiListImages<App, Body>(_ resource: APIResource<App, Body>, _ request: APIRequest, base: String) throws -> APIAnswer<APIList<APIImage>> {
        let item = try resource.app.read(request.id)
        let sizes = store.options.thumbnailSizes.map(\.maxPixels)
        let images = item.attachments.map { APIImage($0, base: "\(base)/\($0.id)", sizes: sizes) }
        return try APIAnswer(APIList(items: images), version: item.version, request: request)
    }

    /// `GET …/{id}/images/{attachment}`: one image's facts.
    func apiImageInfo(_ request: APIRequest, in collection: CollectionName, base: String) throws -> APIAnswer<APIImage> {
        let (record, index) = try apiAttachment(request, in: collection)
        let attachment = record.images[index]
        let sizes = store.options.thumbnailSizes.map(\.maxPixels)
        return try APIAnswer(APIImage(attachment, base: base, sizes: sizes), version: record.version, request: request)
    }

    /// Whether `attachments` hold every upload, stored at or after `since` (a retried upload whose
    /// first run got into the store).
    static func holds(_ attachments: [Attachment], _ uploads: [APIUpload], since: Date) -> Bool {
        let recent = attachments.filter { $0.createdAt.timeIntervalSince1970 >= since.timeIntervalSince1970 - 1 }
        return uploads.allSatisfy { upload in recent.contains { $0.sourceSHA256 == upload.sha256 } }
    }

    /// The bytes of an image (its original, or a thumbnail of `size` pixels), as
    /// ``imageBytes(_:variant:request:ranges:)`` answers them: `ETag` (its SHA-256),
    /// `Last-Modified`, a `304` that reads nothing from the blob store, and one byte range
    /// (`Range: bytes=a-b`, `If-Range`) as `206` from a ranged read of that part only, or `416`
    /// when the range is outside the file.
    func apiImageBytes(_ attachment: Attachment, size: Int?, request: APIRequest) throws -> HTTPResponse {
        let variant: ImageVariant
        if let size, let known = store.options.thumbnailSizes.first(where: { $0.maxPixels == size }) {
            variant = .thumbnail(known)
        } else {
            variant = .original
        }
        // A local store's file, opened at once (``immediateImageBytes(_:of:variant:request:ranges:)``);
        // anything else (a thumbnail to make again, a remote store, a failure) the usual way.
        if let answer = immediateImageBytes(attachment.id, of: attachment.recordID, variant: variant, request: request.http, ranges: true) {
            return answer
        }
        return try imageBytes(attachment, variant: variant, request: request.http, ranges: true)
    }

    /// The one byte range a `GET` asks for, or `nil` for the whole file (no `Range`, several
    /// ranges, a unit other than bytes, or an `If-Range` that is not this file's ETag). `416`
    /// when the range starts beyond the file.
    static func byteRange(_ request: HTTPRequest, total: Int64, etag: String) throws -> Range<Int64>? {
        guard request.method == .get, let header = request.headers["Range"] else { return nil }
        if let ifRange = request.headers["If-Range"], ifRange.trimmingCharacters(in: .whitespaces) != etag { return nil }
        let text = header.trimmingCharacters(in: .whitespaces)
        guard text.lowercased().hasPrefix("bytes=") else { return nil }
        let spec = text.dropFirst(6)
        guard !spec.contains(","), let dash = spec.firstIndex(of: "-") else { return nil }
        let first = spec[..<dash].trimmingCharacters(in: .whitespaces), last = spec[spec.index(after: dash)...].trimmingCharacters(in: .whitespaces)
        func number(_ text: String) -> Int64? {
            guard !text.isEmpty, text.utf8.count <= 18, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
            return Int64(text)
        }
        let range: Range<Int64>
        if first.isEmpty {
            guard let suffix = number(last), suffix > 0 else { return nil }
            range = max(0, total - suffix)..<total
        } else {
            guard let start = number(first) else { return nil }
            let end = last.isEmpty ? total - 1 : (number(last).map { min($0, total - 1) } ?? -1)
            guard !last.isEmpty ? number(last) != nil && number(last)! >= start : true else { return nil }
            guard start < total else {
                throw APIProblem(status: .rangeNotSatisfiable, code: "rangeNotSatisfiable",
                                 detail: "The range starts after the end of the file (\(total) bytes).",
                                 headers: ["Content-Range": "bytes */\(total)"])
            }
            range = start..<(end + 1)
        }
        return range.isEmpty ? nil : range
    }
}
