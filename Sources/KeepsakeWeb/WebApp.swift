import Foundation
import Synchronization
public import KeepsakeHTTP
public import KeepsakeStore
import KeepsakeDiary
import KeepsakeFeed
import KeepsakeLedger
public import KeepsakeSupport

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
/// Every request acts as one account (``RequestCaller``): the one logged in with the session, the
/// owner of the API token, or, on a server that asks for no login (loopback, no password anywhere),
/// the store's first admin. The store, the apps and the writers a request uses are the store acting
/// as that caller (``CallerApps``), so the engine applies its access rule to everything it does.
///
/// Security: see ``WebConfiguration`` (listening address and password), the CSRF token in every
/// form, the Content-Security-Policy and other headers added to every response, and
/// ``WebLimits`` for uploads. Image URLs carry a record id and an attachment id, never a path.
public final class WebApp: Sendable {
    /// The store as the server was given it: the local operator's, who may do everything. Requests
    /// never use it for their records: they use ``store``, the store acting as their caller.
    public let operatorStore: Store
    /// How the app runs.
    public let configuration: WebConfiguration
    /// Whether the pages ask for a login: a password was given (``WebConfiguration/password``), or
    /// an account of the store has one (decided when the app starts).
    public let requiresLogin: Bool

    /// The store and apps as the caller of the request being answered sees them.
    let apps: CallerApps
    /// The store, as the caller of the request being answered sees it.
    var store: Store { apps.store }
    /// The diary, as the caller of the request being answered sees it.
    var diary: Diary { apps.diary }
    /// The ledger, as the caller of the request being answered sees it.
    var ledger: Ledger { apps.ledger }
    /// The feed, as the caller of the request being answered sees it.
    var feed: Feed { apps.feed }
    /// The account a request acts as on a server that asks for no login: the first admin.
    let openAccount: AccountID?
    let sessions: Sessions
    /// Wrong passwords per source address.
    let throttle = LoginThrottle()
    /// Wrong passwords per login name (whatever the address they come from).
    let nameThrottle = LoginThrottle()
    /// Hashes and checks the accounts' passwords.
    let hasher: any PasswordHasher
    /// A hash of a password nobody knows: a login with an unknown name is checked against it, so it
    /// takes as long as one with a known name.
    let dummyHash: String
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
    /// What the image path read lately for each logged-in session, kept while nothing commits.
    let sessionAccess = UnchangedStoreCache<SessionAccess.Key, SessionAccess>(capacity: 4_096)
    /// Whether the store's metadata and blobs are on this machine (SQLite, a folder), so that
    /// reading them never waits on a network: only then are images answered on the polling thread.
    let isLocalStore: Bool

    /// Creates the app over `store`.
    ///
    /// With ``WebConfiguration/password``, the store's first admin gets that password first (hashed;
    /// nothing is written when it has it already), so a server started as before accounts keeps
    /// working with the login name `admin`.
    ///
    /// - Parameter hasher: hashes and checks the accounts' passwords (Argon2id by default).
    /// - Throws: ``WebError`` when ``WebConfiguration/host`` is not `127.0.0.1` and no account can
    ///   log in (no password given, none set), or the session secret is shorter than 32 bytes; a
    ///   ``KeepsakeError`` when the store's accounts, API token key or tokens cannot be read (or the
    ///   key made), or the first admin's password cannot be set.
    public init(store: Store, configuration: WebConfiguration = WebConfiguration(),
                hasher: any PasswordHasher = Argon2idHasher()) throws {
        let store = store.acting(as: .localOperator)
        self.hasher = hasher
        dummyHash = try hasher.hash(Hex.encode(SecureBytes.random(16)))
        if let password = configuration.password, !password.isEmpty {
            try Self.setFirstAdminPassword(password, in: store, hasher: hasher)
        }
        let accounts = try store.accounts()
        requiresLogin = configuration.requiresLogin || accounts.contains { $0.passwordHash != nil && !$0.isDisabled }
        if configuration.host != WebConfiguration.loopbackHost && !requiresLogin {
            throw WebError.passwordRequired(host: configuration.host)
        }
        openAccount = requiresLogin ? nil : try store.firstAdmin()?.id
        let secret = configuration.sessionSecret ?? SessionSecret.random()
        guard secret.count >= SessionSecret.byteCount else {
            throw WebError("The session secret has \(secret.count) bytes; it needs at least \(SessionSecret.byteCount).")
        }
        sessions = Sessions(signer: SessionSigner(secret: secret), revocations: SessionRevocations(store: store),
                            accounts: store, requiresLogin: requiresLogin)
        operatorStore = store
        isLocalStore = store.metadata is SQLiteMetadataStore && store.blobs is FolderBlobStore
        self.configuration = configuration
        let maxPhotos = max(1, min(configuration.limits.maxPhotos, store.options.maxImagesPerRecord))
        apps = CallerApps(operatorStore: store, maxPhotos: maxPhotos)
        assets = StaticAssets(chartScript: configuration.chartScript ?? StaticAssets.findChartScript(),
                              sortableScript: configuration.sortableScript ?? StaticAssets.findSortableScript())
        layout = PageLayout(configuration: configuration, assets: assets, apps: apps, requiresLogin: requiresLogin)
        writers = AppWriters(apps: apps, limits: configuration.limits)
        pages = AppPages(apps: apps, writers: writers, layout: layout, configuration: configuration)
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
    /// Whether this build has the app's icons (the manifest lists them; without them the app
    /// cannot be installed to a home screen).
    public var hasIcons: Bool { assets.hasIcons }

    /// Answers one request: security checks, routing, the page (acting as the request's caller),
    /// and the security headers on every response.
    public func handle(_ request: HTTPRequest) async -> HTTPResponse {
        var response: HTTPResponse
        do {
            response = try await RequestCaller.$current.withValue(RequestCaller.nobody) { try await respond(to: request) }
        } catch {
            configuration.errorLog?("\(request.method) \(request.rawPath): \(error)")
            response = serverFailure()
        }
        SecurityHeaders.apply(to: &response, overHTTPS: configuration.tls != nil)
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
        let account = try resolved.account ?? openAccount.flatMap { id -> Account? in
            do { return try operatorStore.account(id) } catch let error as KeepsakeError where error.code == .notFound { return nil }
        }
        let web = WebRequest(http: request, language: language, session: session, account: account)

        var response: HTTPResponse
        if request.method == .post, !isSameOrigin(request) || !hasValidCSRFToken(web) {
            response = forbidden(web)
        } else if requiresLogin && !session.isAuthenticated, segments != ["login"], !InvitationPages.isInvitation(segments) {
            response = loginPage(web, status: 401)
        } else {
            let caller = account.map { Caller.account($0.id) } ?? (requiresLogin ? RequestCaller.nobody : .localOperator)
            do {
                response = try await RequestCaller.$current.withValue(caller) { try await dispatch(match, web) }
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
        response.setCookie(Session.cookieName, sessions.cookieValue(for: session), httpOnly: true, secure: configuration.tls != nil, sameSite: .strict)
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

    /// Gives the first admin `password` (hashed) unless it has it already: what `--password` does.
    ///
    /// - Throws: a ``KeepsakeError`` when the store has no admin or cannot be written.
    static func setFirstAdminPassword(_ password: String, in store: Store, hasher: any PasswordHasher) throws {
        guard let admin = try store.firstAdmin() else {
            throw KeepsakeError(.notFound, "The store has no enabled admin to give the password to; add one with keepsake user add --admin.")
        }
        if let hash = admin.passwordHash, (try? hasher.verify(password, against: hash)) == true, !hasher.needsRehash(hash) { return }
        _ = try store.updateAccount(admin.id, AccountChange(passwordHash: .some(try hasher.hash(password))))
    }

    /// A record id from a URL segment, or `nil` (never a path).
    static func recordID(_ text: String) -> RecordID? {
        try? RecordID(parsing: text)
    }
}
