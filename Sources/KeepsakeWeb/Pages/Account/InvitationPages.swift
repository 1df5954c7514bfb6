import Foundation
import KeepsakeHTTP
import KeepsakeStore
import KeepsakeSupport

/// The public page of an invitation, `/invite/<secret>`: a form (login name, display name, password
/// twice, language, time zone) whose `POST` makes the account with the engine's
/// ``Store/acceptInvitation(secret:account:)`` and logs the browser in. Nobody needs to be logged
/// in: holding the secret is the right. An unknown secret is a `404` page (and counts as a wrong
/// password for the address's login throttle, so secrets cannot be guessed quickly), a used or
/// expired one a `410` page.
struct InvitationPages: Sendable {
    /// The app: its operator store, layout, password hasher, sessions and throttle.
    let app: WebApp
    /// The site layout and error pages.
    var layout: PageLayout { app.layout }

    /// Adds `GET` and `POST /invite/{secret}`.
    static func addRoutes(to router: inout Router<WebRoute>) {
        router.get("/invite/{secret}", .page { app, request, parameters in
            InvitationPages(app: app).checked(request, parameters["secret"] ?? "") { pages, _ in pages.form(request) }
        })
        router.post("/invite/{secret}", .page { app, request, parameters in
            InvitationPages(app: app).checked(request, parameters["secret"] ?? "") { pages, secret in pages.accept(request, secret: secret) }
        })
    }

    /// Whether `segments` are those of an invitation page (let in without a login).
    static func isInvitation(_ segments: [String]) -> Bool {
        segments.count == 2 && segments[0] == "invite"
    }

    /// `page` for an open invitation; the throttle's `429`, or the `404` or `410` page otherwise.
    func checked(_ request: WebRequest, _ secret: String, _ page: (InvitationPages, String) -> HTTPResponse) -> HTTPResponse {
        let t = request.strings
        let address = request.http.remoteAddress
        let now = app.configuration.clock()
        if let wait = app.throttle.waitTime(for: address, now: now) {
            var response = layout.errorPage(request, status: .tooManyRequests, title: t.invitationTitle, message: t[.tooManyAttempts])
            response.headers.set("Retry-After", String(Int(wait.rounded(.up))))
            return response
        }
        let invitation: Invitation?
        do { invitation = try app.operatorStore.invitation(secret: secret) } catch { return layout.errorResponse(error, request) }
        guard let invitation else {
            app.throttle.recordFailure(from: address, now: now)
            return layout.errorPage(request, status: .notFound, title: t.invitationUnknownTitle, message: t.invitationUnknown)
        }
        let formats = Formats(language: request.language)
        let zone = TimeZone(identifier: request.account?.timeZone ?? "UTC") ?? .current
        if let usedAt = invitation.usedAt {
            return layout.errorPage(request, status: .gone, title: t.invitationGoneTitle, message: t.invitationUsed(formats.dateTime(usedAt, in: zone)))
        }
        if invitation.isExpired(at: now) {
            return layout.errorPage(request, status: .gone, title: t.invitationGoneTitle,
                                    message: t.invitationExpired(formats.dateTime(invitation.expiresAt, in: zone)))
        }
        return page(self, secret)
    }

    /// The form, with `problem` above it (what was typed stays, never the passwords).
    func form(_ request: WebRequest, problem: AccountProblem? = nil) -> HTTPResponse {
        let t = request.strings
        let posted = request.http.method == .post
        func typed(_ field: String, _ fallback: String = "") -> String { posted ? request.field(field) : fallback }
        let language = typed("language", request.language.rawValue)
        let languages: [HTML] = Language.allCases.map { choice in
            "<option value=\"\(choice.rawValue)\"\(choice.rawValue == language ? " selected" : "")>\(choice.nativeName)</option>"
        }
        let zones: [HTML] = TimeZone.knownTimeZoneIdentifiers.map { "<option value=\"\($0)\"></option>" }
        let zone = typed("timeZone", request.language == .korean ? "Asia/Seoul" : "UTC")
        let action = "/invite/" + (request.segments.last ?? "")
        let body: HTML = """
            <section class="login invitation">
            <h1>\(t.invitationTitle)</h1>
            <p>\(t.invitationWelcome)</p>
            \(problem?.markup ?? .empty)
            <form method="post" action="\(action)" class="stack invitation-form" autocomplete="off">
            \(PageLayout.csrfField(request))
            <label>\(t[.loginName]) <input type="text" name="login" value="\(typed("login"))" maxlength="32" autocapitalize="none" spellcheck="false" autocomplete="username" required autofocus></label>
            <label>\(t[.displayName]) <input type="text" name="displayName" value="\(typed("displayName"))" maxlength="100"></label>
            <label>\(t[.newPassword]) <input type="password" name="password" autocomplete="new-password" minlength="\(AccountPages.policy.minimumCharacters)" required></label>
            <label>\(t[.repeatPassword]) <input type="password" name="repeat" autocomplete="new-password" minlength="\(AccountPages.policy.minimumCharacters)" required></label>
            <p class="hint">\(t[.passwordRule])</p>
            <label>\(t[.pageLanguage]) <select name="language">\(languages)</select></label>
            <label>\(t[.timeZone]) <input type="text" name="timeZone" value="\(zone)" list="time-zones" required></label>
            <datalist id="time-zones">\(zones)</datalist>
            <div class="form-actions"><button type="submit" class="primary">\(t.makeMyAccount)</button></div>
            </form>
            </section>
            """
        return layout.render(Page(title: t.invitationTitle, section: .none, body: body, status: problem?.status ?? .ok), for: request, showsNavigation: false)
    }

    /// `POST /invite/<secret>`: checks the fields, makes the account and logs the browser in.
    func accept(_ request: WebRequest, secret: String) -> HTTPResponse {
        let t = request.strings
        do {
            let login = try LoginName(request.field("login").trimmingCharacters(in: .whitespaces))
            let password = request.field("password")
            guard password == request.field("repeat") else { return form(request, problem: AccountProblem(t[.passwordsDiffer])) }
            try AccountPages.policy.check(password)
            let zone = request.field("timeZone").trimmingCharacters(in: .whitespaces)
            guard TimeZone(identifier: zone) != nil else { return form(request, problem: AccountProblem(t.unknownTimeZone(zone))) }
            let language = Language(code: request.field("language")) ?? request.language
            let draft = AccountDraft(login: login, displayName: request.field("displayName").trimmingCharacters(in: .whitespacesAndNewlines),
                                     language: language.rawValue, timeZone: zone, passwordHash: try app.hasher.hash(password))
            let account = try app.operatorStore.acceptInvitation(secret: secret, account: draft)
            var response = HTTPResponse.redirect(to: "/")
            if app.requiresLogin { app.setSessionCookie(app.sessions.loggedIn(as: account, now: Date()), on: &response) }
            response.setCookie(Language.cookieName, language.rawValue, maxAge: 365 * 86_400, httpOnly: true, sameSite: .lax)
            return response
        } catch let error as KeepsakeError where error.code == .gone || error.code == .notFound {
            // Used or revoked meanwhile: the page says which.
            return checked(request, secret) { pages, _ in pages.form(request, problem: AccountProblem(error, request, layout: layout)) }
        } catch {
            return form(request, problem: AccountProblem(error, request, layout: layout, conflict: .loginTaken))
        }
    }
}
