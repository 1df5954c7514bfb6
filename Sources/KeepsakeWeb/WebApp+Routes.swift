import Foundation
import KeepsakeHTTP
import KeepsakeStore

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
    /// The path-parameter constraints of every route: `uuid` (a record id), `book` and `account`
    /// (a book's or an account's id, in lowercase), `invitation` (an invitation's id), `id` (a positive attachment id in ASCII digits),
    /// `size` (a thumbnail size of the store's, in pixels).
    static func routeConstraints(thumbnailSizes: [Int]) -> [String: Router<WebRoute>.Constraint] {
        ["uuid": { recordID($0) != nil },
         "id": { attachmentID($0) != nil },
         "book": { (try? BookID(parsing: $0))?.string == $0 },
         "account": { (try? AccountID(parsing: $0))?.string == $0 },
         "invitation": { (try? InvitationID(parsing: $0))?.string == $0 },
         "size": { text in text.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } && Int(text).map(thumbnailSizes.contains) == true }]
    }

    /// Every route of the web app: the pages, the static files and the API (``addAPIRoutes(to:thumbnailSizes:)``).
    static func makeRouter(thumbnailSizes: [Int], pages: AppPages) -> Router<WebRoute> {
        var router = Router<WebRoute>(constraints: routeConstraints(thumbnailSizes: thumbnailSizes))
        router.get("/", .page { _, _, _ in .redirect(to: "/diary") })
        router.get("/assets/{file}", .asset)
        router.get("/manifest.webmanifest", .asset)
        router.get("/sw.js", .asset)
        router.get("/images/{record:uuid}/{attachment:id}/{variant}", .page { app, request, parameters in
            app.imageResponse(segments: Array(request.segments.dropFirst()), request: request)
        })
        router.get("/changes", .page { app, request, _ in try app.changesResponse(request) })
        router.get("/lang/{code}", .page { app, request, parameters in app.switchLanguage(request, code: parameters["code"] ?? "") })
        router.get("/login", .page { app, request, _ in app.loginPage(request, status: 200) })
        router.post("/login", .page { app, request, _ in await app.login(request) })
        router.post("/logout", .page { app, request, _ in try app.logout(request) })

        router.group("/diary") { pages.diary.addRoutes(to: &$0) }
        router.group("/ledger") { pages.ledger.addRoutes(to: &$0) }
        router.group("/feed") { pages.feed.addRoutes(to: &$0) }

        router.group("/store") { group in
            pages.store.addRoutes(to: &group)
            pages.imports.addRoutes(to: &group)
        }

        router.group("/account") { AccountPages.addRoutes(to: &$0) }
        router.group("/books") { BookPages.addRoutes(to: &$0) }
        router.group("/people") { PeoplePages.addRoutes(to: &$0) }
        InvitationPages.addRoutes(to: &router)

        addAPIRoutes(to: &router, thumbnailSizes: thumbnailSizes)
        return router
    }

    /// The record id of a route's `{id:uuid}` (the constraint has checked it).
    static func id(_ parameters: RouterParameters) -> RecordID {
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
