import Foundation
import KeepsakeHTTP
import KeepsakeStore
import KeepsakeViewModels

/// What a route of the web app leads to: the router (``Router``) holds one of these per method and
/// path, for the pages and the API alike.
enum WebRoute: Sendable {
    /// A page (or a redirect, an image, the change poll): behind the browser session and CSRF checks.
    case page(@Sendable (WebApp, WebRequest, RouterParameters) async throws -> HTTPResponse)
    /// A static file of the app itself (Chart.js, SortableJS, the stylesheet): no session.
    case asset
    /// An operation of the JSON API under `/api/v1`: behind a bearer token, answered in JSON.
    case api(APIOperation)
}

extension WebApp {
    /// The path-parameter constraints of every route: `uuid` (a record id), `id` (a positive
    /// attachment id in ASCII digits), `size` (a thumbnail size of the store's, in pixels).
    static func routeConstraints(thumbnailSizes: [Int]) -> [String: Router<WebRoute>.Constraint] {
        ["uuid": { recordID($0) != nil },
         "id": { attachmentID($0) != nil },
         "size": { text in text.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } && Int(text).map(thumbnailSizes.contains) == true }]
    }

    /// Every route of the web app: the pages, the static files and the API (``addAPIRoutes(to:)``).
    static func makeRouter(thumbnailSizes: [Int]) -> Router<WebRoute> {
        var router = Router<WebRoute>(constraints: routeConstraints(thumbnailSizes: thumbnailSizes))
        router.get("/", .page { _, _, _ in .redirect(to: "/diary") })
        router.get("/assets/{file}", .asset)
        router.get("/images/{record:uuid}/{attachment:id}/{variant}", .page { app, request, parameters in
            app.imageResponse(segments: Array(request.segments.dropFirst()), request: request)
        })
        router.get("/changes", .page { app, request, _ in try app.changesResponse(request) })
        router.get("/lang/{code}", .page { app, request, parameters in app.switchLanguage(request, code: parameters["code"] ?? "") })
        router.get("/login", .page { app, request, _ in app.loginPage(request, status: 200) })
        router.post("/login", .page { app, request, _ in await app.login(request) })
        router.post("/logout", .page { app, request, _ in try app.logout(request) })

        router.group("/diary") { diary in
            diary.get("/", .page { app, request, _ in await app.diaryTimeline(request) })
            diary.get("/search", .page { app, request, _ in await app.diarySearch(request) })
            diary.get("/calendar", .page { app, request, _ in await app.diaryCalendar(request) })
            diary.get("/chart", .page { app, request, _ in try await app.diaryChart(request) })
            diary.get("/trash", .page { app, request, _ in await app.diaryTrash(request) })
            diary.get("/new", .page { app, request, _ in
                await MainActor.run { app.diaryForm(DiaryComposeViewModel(diary: app.diary), request) }
            })
            diary.post("/new", .page { app, request, _ in await app.saveDiaryEntry(request, editing: nil) })
            diary.get("/{id:uuid}", .page { app, request, parameters in await app.diaryEntryPage(request, id: id(parameters)) })
            diary.get("/{id:uuid}/edit", .page { app, request, parameters in await app.diaryEditPage(request, id: id(parameters)) })
            diary.post("/{id:uuid}/edit", .page { app, request, parameters in await app.saveDiaryEntry(request, editing: id(parameters)) })
            diary.post("/{id:uuid}/delete", .page { app, request, parameters in
                await app.changeDiaryEntry(request, id: id(parameters), restore: false)
            })
            diary.post("/{id:uuid}/restore", .page { app, request, parameters in
                await app.changeDiaryEntry(request, id: id(parameters), restore: true)
            })
        }

        router.group("/ledger") { ledger in
            ledger.get("/", .page { app, request, _ in await app.ledgerMonthPage(request) })
            ledger.get("/new", .page { app, request, _ in
                await MainActor.run { app.ledgerForm(app.newTransactionModel(request), request) }
            })
            ledger.post("/new", .page { app, request, _ in try await app.saveTransaction(request, editing: nil) })
            ledger.get("/export.csv", .page { app, request, _ in await app.exportCSV(request) })
            ledger.get("/import", .page { app, request, _ in app.importPage(request, report: nil, error: nil) })
            ledger.post("/import", .page { app, request, _ in await app.importCSV(request) })
            ledger.get("/{id:uuid}/edit", .page { app, request, parameters in try await app.ledgerEditPage(request, id: id(parameters)) })
            ledger.post("/{id:uuid}/edit", .page { app, request, parameters in try await app.saveTransaction(request, editing: id(parameters)) })
            ledger.post("/{id:uuid}/delete", .page { app, request, parameters in
                await app.changeTransaction(request, id: id(parameters), restore: false)
            })
            ledger.post("/{id:uuid}/restore", .page { app, request, parameters in
                await app.changeTransaction(request, id: id(parameters), restore: true)
            })
        }

        router.group("/feed") { feed in
            feed.get("/", .page { app, request, _ in await app.feedList(request, trash: false) })
            feed.get("/trash", .page { app, request, _ in await app.feedList(request, trash: true) })
            feed.get("/new", .page { app, request, _ in
                await MainActor.run { app.feedForm(FeedComposeViewModel(feed: app.feed), request) }
            })
            feed.post("/new", .page { app, request, _ in try await app.saveFeedPost(request, editing: nil) })
            feed.get("/{id:uuid}", .page { app, request, parameters in try await app.feedPostPage(request, id: id(parameters)) })
            feed.get("/{id:uuid}/edit", .page { app, request, parameters in try await app.feedEditPage(request, id: id(parameters)) })
            feed.post("/{id:uuid}/edit", .page { app, request, parameters in try await app.saveFeedPost(request, editing: id(parameters)) })
            feed.post("/{id:uuid}/delete", .page { app, request, parameters in
                await app.changeFeedPost(request, id: id(parameters), restore: false)
            })
            feed.post("/{id:uuid}/restore", .page { app, request, parameters in
                await app.changeFeedPost(request, id: id(parameters), restore: true)
            })
        }

        router.group("/store") { store in
            store.get("/", .page { app, request, _ in await app.storePage(request, check: false) })
            store.post("/check", .page { app, request, _ in await app.storePage(request, check: true) })
            store.get("/import", .page { app, request, _ in app.importFormPage(request, report: nil, error: nil) })
            store.post("/import", .page { app, request, _ in await app.runUploadedImport(request) })
        }

        addAPIRoutes(to: &router, thumbnailSizes: thumbnailSizes)
        return router
    }

    /// The record id of a route's `{id:uuid}` (the constraint has checked it).
    private static func id(_ parameters: RouterParameters) -> RecordID {
        recordID(parameters["id"] ?? "")!
    }

    /// `GET /lang/<code>`: remembers the page language and goes back.
    func switchLanguage(_ request: WebRequest, code: String) -> HTTPResponse {
        guard let language = Language(code: code) else { return notFound(request) }
        var response = HTTPResponse.redirect(to: WebRequest.localPath(request.query("back"), fallback: "/"))
        response.setCookie(Language.cookieName, language.rawValue, maxAge: 365 * 86_400, httpOnly: true, sameSite: .lax)
        return response
    }
}
