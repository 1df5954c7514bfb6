import Foundation
public import KeepsakeHTTP
import KeepsakeStore
import KeepsakeSupport

extension WebApp {
    /// Whether the `Host` header names this server. Without a password only `127.0.0.1` and
    /// `localhost` are accepted: a web page elsewhere cannot reach the app through a DNS name
    /// that points at 127.0.0.1 (DNS rebinding). With a password any host is accepted (the login
    /// stands in the way).
    func isAllowedHost(_ host: String?) -> Bool {
        guard !requiresLogin, let host else { return true }
        // Compared as bytes, nothing allocated: every request asks.
        if host.utf8.first == UInt8(ascii: "[") {
            return host.utf8.dropFirst().prefix { $0 != UInt8(ascii: "]") }.elementsEqual("::1".utf8)
        }
        let name = host.utf8.prefix { $0 != UInt8(ascii: ":") }
        return name.elementsEqual("127.0.0.1".utf8) || name.lazy.map { $0 | 0x20 }.elementsEqual("localhost".utf8)
    }

    /// Whether a POST's `Origin` (when the browser sends one) is this server: a form on another
    /// site cannot post here even if it guessed a token. `Origin: null` (a sandboxed frame, a
    /// `file:` page, a redirect across sites) is no origin of this server and is refused too; the
    /// pages' own forms send their real origin because their `Referrer-Policy` is `same-origin`
    /// (under `no-referrer` a browser sends `null` for them).
    ///
    /// The scheme is `https` when this server serves HTTPS, or when a proxy in front says it does
    /// (`X-Forwarded-Proto: https`); `http` otherwise.
    func isSameOrigin(_ request: HTTPRequest) -> Bool {
        guard let origin = request.headers["Origin"] else { return true }
        guard let host = request.headers["Host"] else { return false }
        let scheme = configuration.tls != nil || request.headers["X-Forwarded-Proto"] == "https" ? "https" : "http"
        return origin == scheme + "://" + host
    }

    /// Whether the form carries this session's CSRF token.
    func hasValidCSRFToken(_ request: WebRequest) -> Bool {
        guard let sent = request.http.form[Session.csrfField] else { return false }
        return SecureBytes.constantTimeEquals(Data(sent.utf8), Data(request.session.csrfToken.utf8))
    }

    /// The most bytes of a login form (a name, a password, a token and the page to go back to) accepted
    /// before the browser has logged in.
    static let maxLoginFormBytes = 16 << 10

    /// Refuses, before any byte of its body is read, a request with a body from a browser that has
    /// not logged in on a server with a password (nothing it sends is staged to disk), and a
    /// request for a host name this server does not answer to; `nil` lets the request go on.
    /// Only the login form and an invitation's form (``InvitationPages``), small and URL-encoded,
    /// are read without a session. This is the
    /// HTTP server's ``HTTPServer/Configuration/headCheck``: it runs on a polling thread and only
    /// checks the cookie's signature (and the shared logout list for a logged-in one).
    public func checkHead(_ request: HTTPRequest) -> HTTPResponse? {
        guard isAllowedHost(request.headers["Host"]) else { return hostRefusal() }
        if Self.isAPIRequest(request) { return checkAPIHead(request) }
        guard requiresLogin, Self.announcesBody(request) else { return nil }
        let now = Date()
        let session: Session?
        do {
            session = try sessions.validSession(cookie: request.cookies[Session.cookieName], now: now)?.session
        } catch {
            configuration.errorLog?("\(request.method) \(request.rawPath): \(error)")
            return serverFailure()
        }
        if session?.isAuthenticated == true { return nil }
        if request.pathSegments == ["login"] || InvitationPages.isInvitation(request.pathSegments), request.method == .post, request.mediaType == "application/x-www-form-urlencoded",
           !request.headers.contains("Transfer-Encoding"),
           let length = request.headers["Content-Length"].flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }),
           length <= Self.maxLoginFormBytes {
            return nil
        }
        let language = Language.negotiate(cookie: request.cookies[Language.cookieName],
                                          acceptLanguage: request.headers["Accept-Language"])
        let anonymous = session ?? sessions.signer.newSession(account: nil, now: now)
        var response = loginPage(WebRequest(http: request, language: language, session: anonymous), status: .unauthorized)
        if session == nil { setSessionCookie(anonymous, on: &response) }
        SecurityHeaders.apply(to: &response, overHTTPS: configuration.tls != nil)
        return response
    }

    /// Whether a request announces a body (`Content-Length` above 0, or `Transfer-Encoding`).
    static func announcesBody(_ request: HTTPRequest) -> Bool {
        if request.headers.contains("Transfer-Encoding") { return true }
        return request.headers.values(for: "Content-Length").contains { Int($0.trimmingCharacters(in: .whitespaces)).map { $0 > 0 } ?? true }
    }

    /// 400 for a `Host` this server does not answer to (DNS rebinding).
    func hostRefusal() -> HTTPResponse {
        .text("This server answers only to 127.0.0.1 or localhost.\n", status: .badRequest)
    }

    /// 500 whose details went to the error log.
    func serverFailure() -> HTTPResponse {
        .text("Something went wrong; see the server's log.\n", status: .internalServerError)
    }

    /// 403: a form without this session's token (an old tab after a restart, or another site).
    func forbidden(_ request: WebRequest) -> HTTPResponse {
        let t = request.strings
        return layout.errorPage(request, status: .forbidden, title: t[.forbiddenTitle], message: t[.forbiddenMessage])
    }

    /// The login page (status 401 when it stands in for the page asked for).
    func loginPage(_ request: WebRequest, status: HTTPStatus, error: String? = nil) -> HTTPResponse {
        let t = request.strings
        let next = request.segments == ["login"] ? WebRequest.localPath(request.query("next") ?? request.http.form["next"], fallback: "/")
            : WebRequest.localPath(request.pathAndQuery)
        let problem: HTML = error.map { "<p class=\"error\" role=\"alert\">\($0)</p>" } ?? .empty
        let body: HTML = """
            <section class="login">
            <h1>\(t[.loginTitle])</h1>
            <p>\(t[.loginExplanation])</p>
            \(problem)
            <form method="post" action="/login" class="stack">
            \(PageLayout.csrfField(request))
            <input type="hidden" name="next" value="\(next)">
            <label>\(t[.loginName]) <input type="text" name="login" value="\(request.field("login"))" autocomplete="username" autocapitalize="none" spellcheck="false" maxlength="32" required autofocus></label>
            <label>\(t[.password]) <input type="password" name="password" autocomplete="current-password" required></label>
            <button type="submit" class="primary">\(t[.logIn])</button>
            </form>
            <p class="hint">\(t[.loginHint])</p>
            </section>
            """
        var response = layout.render(Page(title: t[.loginTitle], section: .none, body: body, status: status),
                              for: request, showsNavigation: false)
        if status == .unauthorized { response.headers.set("WWW-Authenticate", "Keepsake-Login") }
        return response
    }

    /// `POST /login`: checks the login name and password (an address, or a name, that sent too many
    /// wrong ones waits, see ``LoginThrottle``), then gives the browser a new session logged in as
    /// that account (a session id seen before login is never trusted after). A name no account has,
    /// an account without a password or a disabled one are checked against a dummy hash, so the
    /// answer takes as long and says the same as for a wrong password. A hash made with older
    /// parameters is made again with the password just given.
    func login(_ request: WebRequest) async -> HTTPResponse {
        let t = request.strings
        guard requiresLogin else { return .redirect(to: "/") }
        let address = request.http.remoteAddress
        let givenName = request.field("login").trimmingCharacters(in: .whitespaces)
        let login = try? LoginName(givenName)
        // Text that is no login name can never log in: all of it shares one key (kept small).
        let nameKey = login?.name ?? "(not a login name)"
        let now = configuration.clock()
        if let wait = [throttle.waitTime(for: address, now: now), nameThrottle.waitTime(for: nameKey, now: now)].compactMap({ $0 }).max() {
            var response = loginPage(request, status: .tooManyRequests, error: t[.tooManyAttempts])
            response.headers.set("Retry-After", String(Int(wait.rounded(.up))))
            return response
        }
        let password = request.field("password")
        let account: Account?
        do {
            account = try login.flatMap { name -> Account? in
                do { return try operatorStore.account(login: name) } catch let error as KeepsakeError where error.code == .notFound { return nil }
            }
        } catch {
            logged(KeepsakeError.wrapping(error), request.http)
            return errorResponse(error, request)
        }
        let usable = account.flatMap { $0.isDisabled ? nil : $0.passwordHash }
        let matches: Bool
        do {
            matches = try hasher.verify(password, against: usable ?? dummyHash) && usable != nil
        } catch {
            // A stored hash this program cannot read: nobody logs in with it until an admin sets a new
            // password (keepsake user passwd); the log says so, the person sees a refused login.
            logged(KeepsakeError.wrapping(error), request.http)
            matches = false
        }
        guard matches, var account else {
            throttle.recordFailure(from: address, now: now)
            nameThrottle.recordFailure(from: nameKey, now: now)
            try? await Task.sleep(for: .milliseconds(300))
            return loginPage(request, status: .unauthorized, error: t[.wrongPassword])
        }
        throttle.recordSuccess(from: address)
        nameThrottle.recordSuccess(from: nameKey)
        if let hash = usable, hasher.needsRehash(hash) {
            do {
                account = try operatorStore.updateAccount(account.id, AccountChange(passwordHash: .some(try hasher.hash(password))))
            } catch {
                logged(KeepsakeError.wrapping(error), request.http)  // the old hash still works: log in with it
            }
        }
        var response = HTTPResponse.redirect(to: WebRequest.localPath(request.http.form["next"], fallback: "/"))
        setSessionCookie(sessions.loggedIn(as: account, now: Date()), on: &response)
        return response
    }

    /// `POST /logout`: ends the session on every server of the store (its nonce goes to the shared
    /// logout list), deletes the cookie, and asks the browser to clear what it cached and stored
    /// for this site (`Clear-Site-Data`).
    ///
    /// - Throws: ``WebError`` when the logout list cannot be written (the session stays valid).
    func logout(_ request: WebRequest) throws -> HTTPResponse {
        try sessions.end(request.session, now: Date())
        // This browser's device token (the outbox puts its id in the form) ends with the session.
        if let account = request.account, case let device = request.field("device"), !device.isEmpty {
            try DevicePages(app: self).revokeIfOwned(device, by: account.id)
        }
        var response = HTTPResponse.redirect(to: requiresLogin ? "/login" : "/")
        response.setCookie(Session.cookieName, "", maxAge: 0, httpOnly: true, secure: configuration.tls != nil, sameSite: .strict)
        // Nothing private stays in this browser: the pages and photos its service worker kept, and
        // what the pages stored (the worker itself is unregistered by it too).
        response.headers.set("Clear-Site-Data", "\"cache\", \"storage\"")
        return response
    }
}
