import Foundation
import KeepsakeHTTP
import KeepsakeStore
import KeepsakeSupport

/// "Your account" under `/account`: the caller's display name, language and time zone, and a
/// password change (the current password first, then ``PasswordPolicy``). Every change goes through
/// the engine as the request's caller (``CallerApps``), which lets an account change only these
/// things of its own.
///
/// A password change bumps the account's credential version, which ends every session of it
/// (``Sessions``); the browser that made the change gets a new session at the new version, so it
/// stays logged in.
struct AccountPages: Sendable {
    /// The app: its store as the request's caller, its layout, password hasher, sessions and throttle.
    let app: WebApp
    /// The store as the request's caller sees it.
    var store: Store { app.apps.store }
    /// The site layout and error pages.
    var layout: PageLayout { app.layout }
    /// What a new password must be.
    static let policy = PasswordPolicy.standard

    /// Adds the routes of `/account`.
    static func addRoutes(to group: inout Router<WebRoute>) {
        group.get("/", .page { app, request, _ in AccountPages(app: app).accountPage(request) })
        group.post("/profile", .page { app, request, _ in AccountPages(app: app).saveProfile(request) })
        group.post("/password", .page { app, request, _ in AccountPages(app: app).changePassword(request) })
        DevicePages.addRoutes(to: &group)
    }

    /// The page: the account's facts, the profile form and the password form, with `problem` (a
    /// refused change: the form keeps what was typed, but never a password) above them.
    func accountPage(_ request: WebRequest, problem: AccountProblem? = nil) -> HTTPResponse {
        guard let me = request.account else { return layout.notFound(request) }
        let t = request.strings
        let account: Account
        do { account = try store.account(me.id) } catch { return layout.errorResponse(error, request) }
        let retyped = request.http.method == .post && request.segments.last == "profile"
        func value(_ field: String, _ stored: String) -> String { retyped ? request.field(field) : stored }
        let notice: HTML = switch request.query("done") {
        case "profile": "<p class=\"ok\" role=\"status\">\(t[.profileSaved])</p>"
        case "password": "<p class=\"ok\" role=\"status\">\(t[.passwordChanged])</p>"
        default: .empty
        }
        let language = value("language", account.language)
        let languages: [HTML] = Language.allCases.map { choice in
            "<option value=\"\(choice.rawValue)\"\(choice.rawValue == language ? " selected" : "")>\(choice.nativeName)</option>"
        }
        let zones: [HTML] = TimeZone.knownTimeZoneIdentifiers.map { "<option value=\"\($0)\"></option>" }
        let role: HTML = account.isAdmin ? " <span class=\"role-badge\">\(t[.admin])</span>" : .empty
        let body: HTML = """
            <div class="page-head"><h1>\(t[.yourAccount])</h1></div>
            \(notice)\(problem?.markup ?? .empty)
            <dl class="facts">
            <dt>\(t[.loginName])</dt><dd><code class="login-name">\(account.login.name)</code>\(role)</dd>
            </dl>
            <form method="post" action="/account/profile" class="stack profile-form">
            \(PageLayout.csrfField(request))
            <label>\(t[.displayName]) <input type="text" name="displayName" value="\(value("displayName", account.displayName))" maxlength="100" required></label>
            <label>\(t[.pageLanguage]) <select name="language">\(languages)</select></label>
            <label>\(t[.timeZone]) <input type="text" name="timeZone" value="\(value("timeZone", account.timeZone))" list="time-zones" required></label>
            <datalist id="time-zones">\(zones)</datalist>
            <div class="form-actions"><button type="submit" class="primary">\(t[.saveProfile])</button></div>
            </form>
            <h2>\(t[.changePassword])</h2>
            <form method="post" action="/account/password" class="stack password-form">
            \(PageLayout.csrfField(request))
            <input type="text" name="username" value="\(account.login.name)" autocomplete="username" hidden>
            <label>\(t[.currentPassword]) <input type="password" name="current" autocomplete="current-password"\(account.passwordHash == nil ? "" : " required")></label>
            <label>\(t[.newPassword]) <input type="password" name="new" autocomplete="new-password" minlength="\(Self.policy.minimumCharacters)" required></label>
            <label>\(t[.repeatPassword]) <input type="password" name="repeat" autocomplete="new-password" minlength="\(Self.policy.minimumCharacters)" required></label>
            <p class="hint">\(t[.passwordRule])</p>
            <div class="form-actions"><button type="submit" class="primary">\(t[.changePassword])</button></div>
            </form>
            \(DevicePages(app: app).section(request, account: account.id))
            """
        return layout.render(Page(title: t[.yourAccount], section: .none, body: body, status: problem?.status ?? .ok), for: request)
    }

    /// `POST /account/profile`: display name, language (the pages follow it at once) and time zone.
    func saveProfile(_ request: WebRequest) -> HTTPResponse {
        guard let me = request.account else { return layout.notFound(request) }
        let t = request.strings
        let zone = request.field("timeZone").trimmingCharacters(in: .whitespaces)
        guard TimeZone(identifier: zone) != nil else { return accountPage(request, problem: AccountProblem(t.unknownTimeZone(zone))) }
        let language = Language(code: request.field("language")) ?? request.language
        let change = AccountChange(displayName: request.field("displayName").trimmingCharacters(in: .whitespacesAndNewlines),
                                   language: language.rawValue, timeZone: zone)
        do {
            _ = try store.updateAccount(me.id, change)
        } catch {
            return accountPage(request, problem: AccountProblem(error, request, layout: layout))
        }
        var response = HTTPResponse.redirect(to: "/account?done=profile")
        response.setCookie(Language.cookieName, language.rawValue, maxAge: 365 * 86_400, httpOnly: true, sameSite: .lax)
        return response
    }

    /// `POST /account/password`: checks the current password (wrong ones count towards the login
    /// throttle of the account's name, since they guess the same secret), the new one twice and
    /// against the policy, then stores its hash. Every other session of the account ends; this
    /// browser gets a new session at the new credential version.
    func changePassword(_ request: WebRequest) -> HTTPResponse {
        guard let me = request.account else { return layout.notFound(request) }
        let t = request.strings
        let now = app.configuration.clock()
        let throttleKey = me.login.name
        if app.nameThrottle.waitTime(for: throttleKey, now: now) != nil {
            return accountPage(request, problem: AccountProblem(t[.tooManyAttempts], status: .tooManyRequests))
        }
        do {
            let account = try store.account(me.id)
            if let hash = account.passwordHash {
                guard try app.hasher.verify(request.field("current"), against: hash) else {  // an unreadable stored hash is a fault, not a wrong password
                    app.nameThrottle.recordFailure(from: throttleKey, now: now)
                    return accountPage(request, problem: AccountProblem(t[.wrongCurrentPassword]))
                }
            }
            let new = request.field("new")
            guard new == request.field("repeat") else { return accountPage(request, problem: AccountProblem(t[.passwordsDiffer])) }
            try Self.policy.check(new)
            let updated = try store.updateAccount(me.id, AccountChange(passwordHash: .some(try app.hasher.hash(new))))
            app.nameThrottle.recordSuccess(from: throttleKey)
            var response = HTTPResponse.redirect(to: "/account?done=password")
            if app.requiresLogin && request.session.isAuthenticated {
                app.setSessionCookie(app.sessions.loggedIn(as: updated, now: Date()), on: &response)
            }
            return response
        } catch {
            return accountPage(request, problem: AccountProblem(error, request, layout: layout))
        }
    }
}
