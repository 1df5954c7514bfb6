import Foundation
import KeepsakeHTTP
import KeepsakeStore

extension WebApp {
    /// The API's routes under `/api/v1` (docs/API.md; the OpenAPI document lists exactly these).
    static func addAPIRoutes(to router: inout Router<WebRoute>) {
        func api(_ run: @escaping @Sendable (WebApp, APIRequest) async throws -> HTTPResponse) -> WebRoute {
            .api(APIOperation(run: run))
        }
        /// An operation whose body may carry photos (``APIOperation/takesPhotos``).
        func photos(_ run: @escaping @Sendable (WebApp, APIRequest) async throws -> HTTPResponse) -> WebRoute {
            .api(APIOperation(run: run, takesPhotos: true))
        }
        router.group(apiPrefix) { v1 in
            v1.get("/openapi.json", api { _, _ in
                var response = HTTPResponse(status: .ok, headers: ["Content-Type": "application/json"], body: .data(Data(APIDocument.json.utf8)))
                response.headers.set("Cache-Control", "no-cache")
                return response
            })
            v1.get("/changes", api { app, request in try await app.apiChanges(request) })
            v1.get("/store/status", api { app, request in try app.apiStoreStatus(request) })
            v1.post("/store/fsck", api { app, request in try app.apiFsck(request) })

            v1.group("/diary") { diary in
                diary.get("/entries", api { app, request in try app.apiListDiaryEntries(request) })
                diary.post("/entries", photos { app, request in try await app.apiCreateDiaryEntry(request) })
                diary.get("/entries/{id:uuid}", api { app, request in try app.apiRead(app.diaryResource, request) })
                diary.patch("/entries/{id:uuid}", api { app, request in try app.apiUpdateDiaryEntry(request) })
                diary.delete("/entries/{id:uuid}", api { app, request in try app.apiTrash(app.diaryResource, request) })
                diary.post("/entries/{id:uuid}/restore", api { app, request in try app.apiRestore(app.diaryResource, request) })
                addImageRoutes(to: &diary, base: "/entries/{id:uuid}", collection: "diary", resource: { $0.diaryResource })
                diary.get("/trash", api { app, request in try app.apiDiaryTrash(request) })
                diary.delete("/trash/{id:uuid}", api { app, request in try app.apiPurge(app.diaryResource, request) })
                diary.get("/search", api { app, request in try app.apiSearchDiary(request) })
                diary.get("/calendar", api { app, request in try app.apiDiaryCalendar(request) })
                diary.get("/statistics", api { app, request in try app.apiDiaryStatistics(request) })
            }

            v1.group("/ledger") { ledger in
                ledger.get("/transactions", api { app, request in try app.apiListTransactions(request) })
                ledger.post("/transactions", photos { app, request in try await app.apiCreateTransaction(request) })
                ledger.get("/transactions/{id:uuid}", api { app, request in try app.apiRead(app.ledgerResource, request) })
                ledger.patch("/transactions/{id:uuid}", api { app, request in try app.apiUpdateTransaction(request) })
                ledger.delete("/transactions/{id:uuid}", api { app, request in try app.apiTrash(app.ledgerResource, request) })
                ledger.post("/transactions/{id:uuid}/restore", api { app, request in try app.apiRestore(app.ledgerResource, request) })
                ledger.get("/transactions/{id:uuid}/receipt", api { app, request in
                    let (transaction, receipt) = try app.apiReceipt(request)
                    let sizes = app.store.options.thumbnailSizes.map(\.maxPixels)
                    return APIRepresentation.record(APIRepresentation.image(receipt, base: APIRepresentation.transactionPath(transaction.id) + "/receipt", sizes: sizes),
                                                    version: transaction.version, request: request)
                })
                ledger.put("/transactions/{id:uuid}/receipt", photos { app, request in try await app.apiAttachReceipt(request) })
                ledger.delete("/transactions/{id:uuid}/receipt", api { app, request in try app.apiRemoveReceipt(request) })
                ledger.get("/transactions/{id:uuid}/receipt/original", api { app, request in
                    try app.apiImageBytes(try app.apiReceipt(request).1, size: nil, request: request)
                })
                ledger.get("/transactions/{id:uuid}/receipt/thumbnails/{size:size}", api { app, request in
                    try app.apiImageBytes(try app.apiReceipt(request).1, size: Int(request.parameters["size"] ?? ""), request: request)
                })
                ledger.get("/trash", api { app, request in try app.apiListTransactions(request, trash: .trashed) })
                ledger.delete("/trash/{id:uuid}", api { app, request in try app.apiPurge(app.ledgerResource, request) })
                ledger.get("/search", api { app, request in try app.apiSearchLedger(request) })
                ledger.get("/reports/monthly", api { app, request in try app.apiMonthlyReport(request) })
                ledger.get("/reports/categories", api { app, request in try app.apiCategoryReport(request) })
                ledger.get("/export.csv", api { app, request in try app.apiExportCSV(request) })
            }

            v1.group("/feed") { feed in
                feed.get("/posts", api { app, request in try app.apiListPosts(request, trash: false) })
                feed.post("/posts", photos { app, request in try await app.apiCreatePost(request) })
                feed.get("/posts/{id:uuid}", api { app, request in try app.apiRead(app.feedResource, request) })
                feed.patch("/posts/{id:uuid}", api { app, request in try app.apiUpdatePost(request) })
                feed.delete("/posts/{id:uuid}", api { app, request in try app.apiTrash(app.feedResource, request) })
                feed.post("/posts/{id:uuid}/restore", api { app, request in try app.apiRestore(app.feedResource, request) })
                addImageRoutes(to: &feed, base: "/posts/{id:uuid}", collection: "feed", resource: { $0.feedResource })
                feed.get("/trash", api { app, request in try app.apiListPosts(request, trash: true) })
                feed.delete("/trash/{id:uuid}", api { app, request in try app.apiPurge(app.feedResource, request) })
                feed.get("/search", api { app, request in try app.apiSearchFeed(request) })
            }
        }
    }

    /// The photo routes of an app whose records carry photos, under `base` (a record's path).
    private static func addImageRoutes<App: RecordImagesApp>(to router: inout Router<WebRoute>, base: String, collection: CollectionName,
                                                              resource: @escaping @Sendable (WebApp) -> APIResource<App>) {
        func api(_ run: @escaping @Sendable (WebApp, APIRequest) async throws -> HTTPResponse) -> WebRoute {
            .api(APIOperation(run: run))
        }
        /// An operation whose body may carry photos (``APIOperation/takesPhotos``).
        func photos(_ run: @escaping @Sendable (WebApp, APIRequest) async throws -> HTTPResponse) -> WebRoute {
            .api(APIOperation(run: run, takesPhotos: true))
        }
        @Sendable func imageBase(_ app: WebApp, _ request: APIRequest) -> String {
            resource(app).path(request.id) + "/images"
        }
        router.get(base + "/images", api { app, request in try app.apiListImages(resource(app), request, base: imageBase(app, request)) })
        router.post(base + "/images", photos { app, request in try await app.apiAddImages(resource(app), request) })
        router.put(base + "/images", api { app, request in try app.apiReorderImages(resource(app), request) })
        router.get(base + "/images/{attachment:id}", api { app, request in
            try app.apiImageInfo(request, in: collection, base: imageBase(app, request) + "/\(request.attachmentID)")
        })
        router.put(base + "/images/{attachment:id}", photos { app, request in try await app.apiReplaceImage(resource(app), request) })
        router.delete(base + "/images/{attachment:id}", api { app, request in try app.apiRemoveImage(resource(app), request) })
        router.get(base + "/images/{attachment:id}/original", api { app, request in
            let (record, index) = try app.apiAttachment(request, in: collection)
            return try app.apiImageBytes(record.images[index], size: nil, request: request)
        })
        router.get(base + "/images/{attachment:id}/thumbnails/{size:size}", api { app, request in
            let (record, index) = try app.apiAttachment(request, in: collection)
            return try app.apiImageBytes(record.images[index], size: Int(request.parameters["size"] ?? ""), request: request)
        })
    }
}
