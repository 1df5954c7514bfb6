import Foundation
import KeepsakeHTTP
import KeepsakeStore

extension WebApp {
    /// The photo routes of an app whose records carry photos, under `base` (a record's path).
    static func addImageRoutes<App: RecordImagesApp, Body: APIResponseBody>(to table: inout APIRouteTable, base: String, name: String, noun: String,
                                                                         collection: CollectionName,
                                                                         resource: @escaping @Sendable (WebApp) -> APIResource<App, Body>) {
        @Sendable func imageBase(_ app: WebApp, _ request: APIRequest) -> String {
            resource(app).path(request.id) + "/images"
        }
        let images = base + "/images", image = images + "/{attachment:id}"
        table.json(.get, images, APIDoc("list\(name)Images", "The photos of a \(noun)", answer: "The photos in order.", parameters: [.recordID],
                                        etag: true)) { app, request in
            try app.apiListImages(resource(app), request, base: imageBase(app, request))
        }
        table.photos(.post, images, APIDoc("add\(name)Images", "Add photos to a \(noun)", answer: "The \(noun) with its new photos.", status: .created,
                                           parameters: [.recordID, .idempotencyKey, .ifMatch, .position], etag: true), single: false) { app, request in
            try await app.apiAddImages(resource(app), request)
        }
        table.json(.put, images, APIDoc("reorder\(name)Images", "Reorder the photos of a \(noun)", answer: "The \(noun).", parameters: [.recordID, .ifMatch],
                                        etag: true), input: APIImageOrder.self) { app, request, body in
            try app.apiReorderImages(resource(app), request, body)
        }
        table.json(.get, image, APIDoc("get\(name)Image", "One photo's facts", answer: "The photo.", parameters: [.recordID, .attachment],
                                       etag: true, notModified: true)) { app, request in
            try app.apiImageInfo(request, in: collection, base: imageBase(app, request) + "/\(request.attachmentID)")
        }
        table.photos(.put, image, APIDoc("replace\(name)Image", "Replace one photo", answer: "The \(noun).",
                                         parameters: [.recordID, .attachment, .idempotencyKey, .ifMatch], etag: true), single: true) { app, request in
            try await app.apiReplaceImage(resource(app), request)
        }
        table.json(.delete, image, APIDoc("remove\(name)Image", "Remove one photo", answer: "The \(noun).", parameters: [.recordID, .attachment, .ifMatch],
                                          etag: true)) { app, request in
            try app.apiRemoveImage(resource(app), request)
        }
        table.raw(.get, image + "/original", APIDoc("download\(name)Image", "The original photo", answer: "The bytes.",
                                                    parameters: [.recordID, .attachment, .range, .ifRange, .ifNoneMatch]),
                  responses: APIDocument.imageBytesResponses) { app, request in
            let (record, index) = try app.apiAttachment(request, in: collection)
            return try app.apiImageBytes(record.images[index], size: nil, request: request)
        }
        table.raw(.get, image + "/thumbnails/{size:size}", APIDoc("download\(name)Thumbnail", "A thumbnail of the photo", answer: "The bytes.",
                                                                 parameters: [.recordID, .attachment, .thumbnailSize(table.thumbnailSizes), .range, .ifRange, .ifNoneMatch]),
                  responses: APIDocument.imageBytesResponses) { app, request in
            let (record, index) = try app.apiAttachment(request, in: collection)
            return try app.apiImageBytes(record.images[index], size: Int(request.parameters["size"] ?? ""), request: request)
        }
    }
}
