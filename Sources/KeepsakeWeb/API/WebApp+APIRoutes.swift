import Foundation
import KeepsakeHTTP
import KeepsakeStore
import KeepsakeSupport

extension WebApp {
    /// Every route of the API under `/api/v1` (docs/API.md), each with its description: the router
    /// gets them (``addAPIRoutes(to:thumbnailSizes:)``) and so does the OpenAPI document
    /// (``APIDocument/make(routes:thumbnailSizes:)``), which is therefore exactly these routes.
    ///
    /// `document` is what `GET /api/v1/openapi.json` answers: the document made from these same
    /// routes (``addAPIRoutes(to:thumbnailSizes:)`` makes it once, at start).
    static func apiRoutes(thumbnailSizes: [Int], document: Data = Data()) -> [APIRoute] {
        var table = APIRouteTable(prefix: apiPrefix, tag: "meta", thumbnailSizes: thumbnailSizes)
        table.raw(.get, "/openapi.json", APIDoc("getOpenAPI", "This document", answer: "The OpenAPI 3.1 document."),
                  responses: ["200": ["description": "The OpenAPI 3.1 document.", "content": ["application/json": ["schema": ["type": "object"]]]]]) { _, _ in
            var response = HTTPResponse(status: .ok, headers: ["Content-Type": "application/json"], body: .data(document))
            response.headers.set("Cache-Control", "no-cache")
            return response
        }
        table.group("", tag: "account") { account in
            account.json(.get, "/me", APIDoc("getMe", "Who the caller is", answer: "The token's account, its scopes and the books it may read.",
                                             description: "The account the token acts as, the token's scopes (read-only; the books it is limited to) and every book the caller may read with its role there (within the token's books). What the role allows is what the token may do, except that a read-only token writes nothing.")) { app, request in
                try app.apiMe(request)
            }
        }
        table.group("", tag: "sync") { sync in
            sync.json(.get, "/changes", APIDoc("listChanges", "The change feed, for keeping a mirror", answer: "Changes after `after`, oldest first.",
                                               parameters: [.changesAfter, .changesLimit, .changesWait],
                                               description: "Every change after `after`, each with the record as it is now or, for a record purged since, a tombstone (`deleted: true`, `record: null`). A record appears once per page, at its last change. Resume with `after` = `next`; repeat while `hasMore`.")) { app, request in
                try await app.apiChanges(request)
            }
        }
        table.group("/store", tag: "store") { store in
            store.json(.get, "/status", APIDoc("getStoreStatus", "Store status", answer: "Counts and sizes.")) { app, request in try app.apiStoreStatus(request) }
            store.json(.post, "/fsck", APIDoc("runFsck", "Check the store", answer: "The check's report.", parameters: [
                .query("repair", JSONSchema.boolean(defaultValue: false)), .query("hashes", JSONSchema.boolean(defaultValue: true)),
            ])) { app, request in try app.apiFsck(request) }
        }
        table.group("/diary", tag: "diary") { addDiaryRoutes(to: &$0) }
        table.group("/ledger", tag: "ledger") { addLedgerRoutes(to: &$0) }
        table.group("/feed", tag: "feed") { addFeedRoutes(to: &$0) }
        return table.routes
    }

    /// Adds the API's routes (``apiRoutes(thumbnailSizes:)``) to the web app's router.
    static func addAPIRoutes(to router: inout Router<WebRoute>, thumbnailSizes: [Int]) {
        let document = APIDocument.make(routes: apiRoutes(thumbnailSizes: thumbnailSizes), thumbnailSizes: thumbnailSizes).data
        for route in apiRoutes(thumbnailSizes: thumbnailSizes, document: document) {
            router.add(route.method, route.path, .api(route.operation))
        }
    }

    /// The records of one app under `base` (`/entries`): list, create, read, change, trash,
    /// restore, and the app's trash and search. `noun` names one record in the summaries, `name`
    /// in the operation ids (`DiaryEntry`).
    static func addRecordRoutes<Input: APIRequestBody, Patch: APIRequestBody, Body: APIResponseBody>(
        to table: inout APIRouteTable, base: String, noun: String, name: String, images: Bool, listParameters: [APIParameter],
        input: Input.Type, patch: Patch.Type,
        list: @escaping @Sendable (WebApp, APIRequest) throws -> APIAnswer<APIPage<Body>>,
        trash: @escaping @Sendable (WebApp, APIRequest) throws -> APIAnswer<APIPage<Body>>,
        search: @escaping @Sendable (WebApp, APIRequest) throws -> APIAnswer<APIList<Body>>,
        create: @escaping @Sendable (WebApp, APIRequest, Input) async throws -> APIAnswer<Body>,
        update: @escaping @Sendable (WebApp, APIRequest, Patch) throws -> APIAnswer<Body>,
        resource: @escaping @Sendable (WebApp) -> APIResource<some RecordApp, Body>
    ) {
        let record = base + "/{id:uuid}"
        var links = ["Get": "get" + name, "Update": "update" + name, "Trash": "trash" + name, "Restore": "restore" + name]
        if images {
            links["ListImages"] = "list\(name)Images"
            links["AddImages"] = "add\(name)Images"
        }
        table.json(.get, base, APIDoc("list\(name)s", "List \(noun)s, newest first", answer: "One page.", parameters: [.limit, .after] + listParameters)) { app, request in
            try list(app, request)
        }
        table.json(.post, base, APIDoc("create\(name)", "Create a \(noun)", answer: "The new \(noun).", status: .created, parameters: [.idempotencyKey],
                                       etag: true, location: true, links: links), input: Input.self, photos: true) { app, request, body in
            try await create(app, request, body)
        }
        table.json(.get, record, APIDoc("get\(name)", "Read a \(noun)", answer: "The \(noun) (a trashed one too, until it is purged).",
                                        parameters: [.recordID, .ifNoneMatch], etag: true, notModified: true)) { app, request in
            try app.apiRead(resource(app), request)
        }
        table.json(.patch, record, APIDoc("update\(name)", "Change a \(noun)", answer: "The changed \(noun).", parameters: [.recordID, .ifMatch], etag: true),
                   input: Patch.self) { app, request, body in try update(app, request, body) }
        table.json(.delete, record, APIDoc("trash\(name)", "Move a \(noun) to the trash", answer: "The trashed \(noun) (still readable at its address until it is purged).",
                                           parameters: [.recordID, .ifMatch], etag: true)) { app, request in
            try app.apiTrash(resource(app), request)
        }
        table.json(.post, record + "/restore", APIDoc("restore\(name)", "Restore a \(noun) from the trash", answer: "The restored \(noun).",
                                                      parameters: [.recordID, .ifMatch], etag: true)) { app, request in
            try app.apiRestore(resource(app), request)
        }
        table.json(.get, "/trash", APIDoc("list\(name)Trash", "What is in the trash", answer: "One page.", parameters: [.limit, .after])) { app, request in
            try trash(app, request)
        }
        table.raw(.delete, "/trash/{id:uuid}", APIDoc("purge\(name)", "Purge one record from the trash, for good", answer: "Gone for good.",
                                                      parameters: [.recordID, .ifMatch]),
                  responses: ["204": ["description": "Gone for good; the change feed has its tombstone."]]) { app, request in
            try app.apiPurge(resource(app), request)
        }
        table.json(.get, "/search", APIDoc("search\(name)s", "Full-text search", answer: "Matches, newest first.", parameters: [.words, .searchLimit])) { app, request in
            try search(app, request)
        }
    }
}
