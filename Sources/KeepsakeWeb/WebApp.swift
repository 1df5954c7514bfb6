import Foundation
import Synchronization
public import KeepsakeHTTP
public import KeepsakeStore
import KeepsakeDiary
import KeepsakeFeed
import KeepsakeLedger

/// The local web app of `keepsake serve`: server-rendered pages for the diary, the ledger, the
/// feed and the store, built on the view models, with the images served from the store.
///
/// ```swift
/// let app = try WebApp(store: store, configuration: WebConfiguration(port: 8080))
/// let server = try WebServer(app: app)
/// print("Keepsake is at \(server.baseURL)")
/// // … later
/// server.stop()
/// ```
///
/// Every request reads the store afresh, so changes made by the CLI or another process sharing the
/// store show on the next page load (list pages also poll ``/changes`` and reload themselves).
///
/// Security: see ``WebConfiguration`` (listening address and password), the CSRF token in every
/// form, the Content-Security-Policy and other headers added to every response, and
/// ``WebLimits`` for uploads. Image URLs carry a record id and an attachment id, never a path.
public final class WebApp: Sendable {
    /// The store the pages show.
    public let store: Store
    /// How the app runs.
    public let configuration: WebConfiguration

    let diary: Diary
    let ledger: Ledger
    let feed: Feed
    let sessions: Sessions
    let throttle = LoginThrottle()
    let assets: StaticAssets
    /// The site layout and error pages every page shares.
    let layout: PageLayout
    /// The pages, one controller per app.
    let pages: AppPages
    /// The one write path of each app, for the pages and the API.
    let writers: AppWriters
    /// Every route, the pages' and the API's.
    let router: Router<WebRoute>
    /// The API's tokens.
    let apiTokens: APITokens
    /// The key of the tokens' ids (``APITokens``), for the head check.
    let tokenKey: Data
    /// The tokens' secrets (their SHA-256), loaded at start and on first use of a token made since,
    /// so the head check refuses a wrong secret before the body is read.
    let tokenSecrets: APITokenSecrets
    /// Ids of tokens this server has seen revoked: refused before their bodies are read.
    let revokedTokens = Mutex<Set<String>>([])
    /// Long polls of `/api/v1/changes` waiting now, per token id.
    let longPolls = Mutex<[String: Int]>([:])
    /// What the long polls wait on: one watcher of the change log for all of them.
    let changeWaiters: ChangeWaiters
    /// The attachments images were answered for lately (``immediateAnswer(to:)``).
    let attachmentIndex = AttachmentIndex()

    /// Creates the app over `store`.
    ///
    /// - Throws: ``WebError`` when ``WebConfiguration/host`` is not `127.0.0.1` and no password is
    ///   set, or the session secret is shorter than 32 bytes; a ``KeepsakeError`` when the store's
    ///   API token key or its tokens cannot be read (or the key made).
    public init(store: Store, configuration: WebConfiguration = WebConfiguration()) throws {
        if configuration.host != WebConfiguration.loopbackHost && !configuration.requiresLogin {
            throw WebError.passwordRequired(host: configuration.host)
        }
        let secret = configuration.sessionSecret ?? SessionSecret.random()
        guard secret.count >= SessionSecret.byteCount else {
            throw WebError("The session secret has \(secret.count) bytes; it needs at least \(SessionSecret.byteCount).")
        }
        sessions = Sessions(signer: SessionSigner(secret: secret, password: configuration.password),
                            revocations: SessionRevocations(store: store),
                            requiresLogin: configuration.requiresLogin)
        self.store = store
        self.configuration = configuration
        let maxPhotos = max(1, min(configuration.limits.maxPhotos, store.options.maxImagesPerRecord))
        diary = Diary(store: store, maxImages: maxPhotos)
        ledger = Ledger(store: store)
        feed = Feed(store: store, maxImages: maxPhotos)
        assets = StaticAssets(chartScript: configuration.chartScript ?? StaticAssets.findChartScript(),
                              sortableScript: configuration.sortableScript ?? StaticAssets.findSortableScript())
        layout = PageLayout(configuration: configuration, assets: assets, store: store)
        writers = AppWriters(diary: diary, feed: feed, ledger: ledger, limits: configuration.limits)
        pages = AppPages(store: store, writers: writers, layout: layout, configuration: configuration)
        router = Self.makeRouter(thumbnailSizes: store.options.thumbnailSizes.map(\.maxPixels), pages: pages)
        changeWaiters = ChangeWaiters(store: store)
        apiTokens = APITokens(store: store)
        tokenKey = try apiTokens.idKey()
        tokenSecrets = try APITokenSecrets(tokens: apiTokens)
    }

    /// Every route the app answers, the pages' and the API's (`/api/v1/…`), in the order added.
    public var routes: [RouterRoute] { router.routes }

    /// Whether Chart.js was found (charts are drawn; otherwise only the tables are shown).
    public var hasCharts: Bool { assets.chart != nil }
    /// Whether SortableJS was found (photos can be dragged; otherwise the arrow buttons reorder).
    public var hasSortable: Bool { assets.sortable != nil }

    /// Answers one request: security checks, routing, the page, and the security headers on
    /// every response.
    public func handle(_ request: HTTPRequest) async -> HTTPResponse {
        var response: HTTPResponse
        do {
            response = try await respond(to: request)
        } catch {
            configuration.errorLog?("\(request.method) \(request.rawPath): \(error)")
            response = serverFailure()
        }
        SecurityHeaders.apply(to: &response)
        return response
    }

    private func respond(to request: HTTPRequest) async throws -> HTTPResponse {
        guard isAllowedHost(request.headers["Host"]) else { return hostRefusal() }
        let segments = request.pathSegments
        if Self.isAPIRequest(request) { return await respondAPI(request) }
        let match = router.match(request.method, segments)
        if case .found(.asset, _, _) = match { return assets.response(for: segments, request: request) }
        let language = Language.negotiate(cookie: request.cookies[Language.cookieName],
                                          acceptLanguage: request.headers["Accept-Language"])
        let resolved = try sessions.resolve(cookie: request.cookies[Session.cookieName], now: Date())
        let session = resolved.session
        let web = WebRequest(http: request, language: language, session: session)

        var response: HTTPResponse
        if request.method == .post, !isSameOrigin(request) || !hasValidCSRFToken(web) {
            response = forbidden(web)
        } else if configuration.requiresLogin && !session.isAuthenticated, segments != ["login"] {
            response = loginPage(web, status: 401)
        } else {
            do {
                response = try await dispatch(match, web)
            } catch {
                response = errorResponse(error, web)  // the status its code calls for, in the page's language
            }
        }
        let setsSession = response.headers.values(for: "Set-Cookie").contains { $0.hasPrefix(Session.cookieName + "=") }
        if resolved.sendsCookie && !setsSession {
            setSessionCookie(session, on: &response)
        }
        return response
    }

    /// Sends `session`'s cookie with `response`: `HttpOnly`, `SameSite=Strict`, for the browser's
    /// life (the signed value itself expires after ``Sessions/lifetime`` unless refreshed).
    func setSessionCookie(_ session: Session, on response: inout HTTPResponse) {
        response.setCookie(Session.cookieName, sessions.cookieValue(for: session), httpOnly: true, sameSite: .strict)
    }

    /// Runs the page a route leads to (an accepted request: session and CSRF checked).
    private func dispatch(_ match: RouterMatch<WebRoute>, _ request: WebRequest) async throws -> HTTPResponse {
        switch match {
        case .found(.page(let handler), _, let parameters): try await handler(self, request, parameters)
        case .methodNotAllowed(let allowed): methodNotAllowed(allowed)
        case .found, .notFound: notFound(request)
        }
    }

    /// `GET /changes?since=N`: the newest change sequence of the store and whether anything
    /// changed after `N` (the list pages poll it to reload themselves).
    func changesResponse(_ request: WebRequest) throws -> HTTPResponse {
        let since = request.query("since").flatMap { Int64($0) } ?? 0
        let last = try store.lastChangeSequence()
        var response = HTTPResponse.json(Data("{\"sequence\":\(last),\"changed\":\(last > since)}".utf8))
        response.headers.set("Cache-Control", "no-store")
        return response
    }

    /// A record id from a URL segment, or `nil` (never a path).
    static func recordID(_ text: String) -> RecordID? {
        try? RecordID(parsing: text)
    }
}
