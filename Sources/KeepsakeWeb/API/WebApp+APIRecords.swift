import Foundation
import KeepsakeHTTP
import KeepsakeStore

/// One app's records as the API serves them: the app (its facade, ``RecordApp``) and the body
/// type its records are answered as.
struct APIResource<App: RecordApp, Body: APIResponseBody>: Sendable {
    /// The app.
    let app: App
    /// The API path of a record.
    let path: @Sendable (RecordID) -> String
    /// The body of a value.
    let body: @Sendable (App.Item) -> Body
}

extension WebApp {
    /// A record's answer: its body with its ETag.
    func apiRecord<App, Body>(_ resource: APIResource<App, Body>, _ item: App.Item, _ request: APIRequest,
                              status: HTTPStatus = .ok, location: String? = nil) throws -> APIAnswer<Body> {
        try APIAnswer(resource.body(item), version: item.version, request: request, status: status, location: location)
    }

    /// `GET …/{id}`: the value with its ETag (`304` for a current `If-None-Match`). A trashed
    /// record is read too (its `trashedAt` says so) until it is purged.
    func apiRead<App, Body>(_ resource: APIResource<App, Body>, _ request: APIRequest) throws -> APIAnswer<Body> {
        try apiRecord(resource, try resource.app.read(request.id), request)
    }

    /// `PATCH …/{id}`: changes the fields the body names, honouring `If-Match`, through the write
    /// path the pages use (``WritePath``).
    func apiUpdate<App, Body>(_ resource: APIResource<App, Body>, _ request: APIRequest, edit: App.Edit) throws -> APIAnswer<Body> {
        let expected = try request.expectedVersion()
        return try apiRecord(resource, try writers.path.update(resource.app, request.id, edit, expectedVersion: expected, language: request.language), request)
    }

    /// `DELETE …/{id}`: to the trash, honouring `If-Match`; answers the trashed value.
    func apiTrash<App, Body>(_ resource: APIResource<App, Body>, _ request: APIRequest) throws -> APIAnswer<Body> {
        let expected = try request.expectedVersion()
        return try apiRecord(resource, try writers.path.trash(resource.app, request.id, restore: false, expectedVersion: expected,
                                                              language: request.language), request)
    }

    /// `POST …/{id}/restore`: out of the trash, honouring `If-Match`.
    func apiRestore<App, Body>(_ resource: APIResource<App, Body>, _ request: APIRequest) throws -> APIAnswer<Body> {
        let expected = try request.expectedVersion()
        return try apiRecord(resource, try writers.path.trash(resource.app, request.id, restore: true, expectedVersion: expected,
                                                              language: request.language), request)
    }

    /// `DELETE …/trash/{id}`: removes a value in the trash for good (`409` if it is not in the
    /// trash), honouring `If-Match`; `204`. The change feed then has a tombstone for it. The
    /// trash is checked inside the purge's own transaction (``Store/purgeIfTrashed(_:trashedBefore:)``,
    /// not every app's `purge`), refused as the write path refuses.
    func apiPurge<App, Body>(_ resource: APIResource<App, Body>, _ request: APIRequest) throws -> HTTPResponse {
        let expected = try request.expectedVersion()
        try writers.path.perform(files: [], language: request.language) {
            let item = try resource.app.read(request.id)
            try KeepsakeError.checkVersion(item.id, current: item.version, expected: expected)
            guard item.isTrashed, try store.purgeIfTrashed(item.id) else {
                throw KeepsakeError(.conflict, "Record \(item.id) is not in the trash; delete it first, then purge it.")
            }
        }
        return HTTPResponse(status: .noContent)
    }

    /// A create whose body may carry photos (multipart: the JSON in the body's field, photos as
    /// files `image`; `single`: one photo at most, as a receipt): the photos checked and handed to
    /// `stage` to put into the draft, then ``apiCreate(_:_:_:)`` with the draft given its id and
    /// `create` run by the app's writer.
    func apiCreateWithPhotos<App, Body, Draft: Sendable>(
        _ resource: APIResource<App, Body>, _ request: APIRequest, draft: Draft, multipartField: String, single: Bool = false,
        stage: (inout Draft, [ImageSource]) -> Void, id: WritableKeyPath<Draft, RecordID?>,
        create: @escaping @Sendable (Draft, [UploadedFile], Language) throws -> App.Item
    ) async throws -> APIAnswer<Body> {
        var draft = draft
        var files: [UploadedFile] = []
        if request.http.mediaType == "multipart/form-data" && !request.http.files.isEmpty {
            let photos = try apiUploads(request, single: single, jsonField: multipartField)
            stage(&draft, photos.uploads.map(\.source))
            files = photos.files
        }
        let ready = draft, sent = files, language = request.language
        return try await apiCreate(resource, request) { recordID in
            var withID = ready
            withID[keyPath: id] = recordID
            return try create(withID, sent, language)
        }
    }

    /// A create: runs once per `Idempotency-Key` with the id chosen when the key was first used,
    /// so a retry can never make a second record (a retry of a run that did not answer finds the
    /// record it made, if it got that far). `201` with `Location` and `ETag`.
    func apiCreate<App, Body>(_ resource: APIResource<App, Body>, _ request: APIRequest,
                              _ create: @escaping (RecordID) throws -> App.Item) async throws -> APIAnswer<Body> {
        try await idempotent(request, target: { RecordID().string }) { attempt in
            guard let target = attempt.target, let id = try? RecordID(parsing: target) else {
                throw KeepsakeError(.database, "The id kept for this Idempotency-Key cannot be read.", remedy: .checkStore)
            }
            if attempt.isRetry, let made = try? resource.app.read(id) {
                return try apiRecord(resource, made, request, status: .created, location: resource.path(id))
            }
            return try apiRecord(resource, try create(id), request, status: .created, location: resource.path(id))
        }
    }
}
