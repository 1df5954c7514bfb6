import Foundation
import KeepsakeHTTP

extension WebApp {
    /// Whether the `Host` header names this server. Without a password only `127.0.0.1` and
    /// `localhost` are accepted: a web page elsewhere cannot reach the app through a DNS name
    /// that points at 127.0.0.1 (DNS rebinding). With a password any host is accepted (the login
    /// stands in the way).
    func isAllowedHost(_ host: String?) -> Bool {
        guard !configuration.requiresLogin, let host else { return true }
        let name: Substring
        if host.hasPrefix("[") {
            name = host.split(separator: "]").first.map { $0.dropFirst() } ?? ""
            return name == "::1"
        }
        name = host.split(separator: ":", maxSplits: 1).first ?? ""
        return name == "127.0.0.1" || name.lowercased() == "localhost"
    }

    /// Whether a POST's `Origin` (when the browser sends one) is this server: a form on another
    /// site cannot post here even if it guessed a token.
    func isSameOrigin(_ request: HTTPRequest) -> Bool {
        guard let origin = request.headers["Origin"], origin != "null" else { return true }
        guard let host = request.headers["Host"] else { return false }
        return origin == "http://" + host
    }

    /// Whether the form carries this session's CSRF token.
    func hasValidCSRFToken(_ request: WebRequest) -> Bool {
        guard let sent = request.http.form[Session.csrfField] else { return false }
        return Session.constantTimeEqual(sent, request.session.csrfToken)
    }

    /// The hidden field every form carries.
    func csrfField(_ request: WebRequest) -> HTML {
        "<input type=\"hidden\" name=\"\(Session.csrfField)\" value=\"\(request.session.csrfToken)\">"
    }

    /// 403: a form without this session's token (an old tab after a restart, or another site).
    func forbidden(_ request: WebRequest) -> HTTPResponse {
        let t = request.strings
        return errorPage(request, status: .forbidden, title: t[.forbiddenTitle], message: t[.forbiddenMessage])
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
            \(csrfField(request))
            <input type="hidden" name="next" value="\(next)">
            <label>\(t[.password]) <input type="password" name="password" autocomplete="current-password" required autofocus></label>
            <button type="submit" class="primary">\(t[.logIn])</button>
            </form>
            </section>
            """
        var response = render(Page(title: t[.loginTitle], section: .none, body: body, status: HTTPStatus(rawValue: status.rawValue)),
                              for: request, showsNavigation: false)
        if status.rawValue == 401 { response.headers.set("WWW-Authenticate", "Keepsake-Login") }
        return response
    }

    /// `POST /login`: checks the password (at most a few wrong ones per minute), then replaces the
    /// session by a new, authenticated one (a session id seen before login is never trusted after).
    func login(_ request: WebRequest) async -> HTTPResponse {
        let t = request.strings
        guard configuration.requiresLogin, let password = configuration.password else {
            return .redirect(to: "/")
        }
        guard throttle.allowsAttempt() else {
            return loginPage(request, status: 429, error: t[.tooManyAttempts])
        }
        let given = request.field("password")
        // Compare digests so that the time taken says nothing about the password's length.
        let matches = Session.constantTimeEqual(StaticAssets.sha256(Data(given.utf8)), StaticAssets.sha256(Data(password.utf8)))
        guard matches else {
            throttle.recordFailure()
            try? await Task.sleep(for: .milliseconds(300))
            return loginPage(request, status: 401, error: t[.wrongPassword])
        }
        sessions.remove(id: request.session.id)
        let fresh = sessions.create(authenticated: true)
        var response = HTTPResponse.redirect(to: WebRequest.localPath(request.http.form["next"], fallback: "/"))
        response.setCookie(Session.cookieName, fresh.id, httpOnly: true, sameSite: .strict)
        return response
    }

    /// `POST /logout`: forgets the session.
    func logout(_ request: WebRequest) -> HTTPResponse {
        sessions.remove(id: request.session.id)
        var response = HTTPResponse.redirect(to: configuration.requiresLogin ? "/login" : "/")
        response.setCookie(Session.cookieName, "", maxAge: 0, httpOnly: true, sameSite: .strict)
        return response
    }
}
