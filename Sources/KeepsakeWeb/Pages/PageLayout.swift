import Foundation
import KeepsakeHTTP
import KeepsakeStore

/// What every page shares: the site layout around a page (header, navigation, language link,
/// scripts), the error pages in the user's language, and the small pieces of markup every app's
/// pages use (the CSRF field, the undo banner, a failure above a list).
///
/// A value of plain Sendable parts, so a page is rendered on the thread that answers its request.
struct PageLayout: Sendable {
    /// How the app runs (login, change polling, the error log).
    let configuration: WebConfiguration
    /// The app's static files (which scripts are there).
    let assets: StaticAssets
    /// The store and apps of the request's caller.
    let apps: CallerApps
    /// The store, for the change sequence list pages start polling from (as the request's caller sees it).
    var store: Store { apps.store }
    /// Whether the server asks for a login (then pages offer to log out).
    let requiresLogin: Bool

    /// Wraps a page in the site layout: header with navigation and the language link, the page,
    /// and the scripts it needs (never inline: the Content-Security-Policy forbids that).
    func render(_ page: Page, for request: WebRequest, showsNavigation: Bool = true) -> HTTPResponse {
        let t = request.strings
        func item(_ section: Page.Section, _ href: String, _ label: String) -> HTML {
            let current: HTML = page.section == section ? " aria-current=\"page\"" : ""
            return "<li><a href=\"\(href)\"\(current)>\(label)</a></li>"
        }
        let other = request.language.other
        let languageLink: HTML = """
            <a class="lang" lang="\(other.rawValue)" href="\(WebRequest.link("/lang/" + other.rawValue, [("back", request.pathAndQuery)]))">\(other.nativeName)</a>
            """
        let logout: HTML = requiresLogin && request.session.isAuthenticated ? """
            <form method="post" action="/logout" class="inline">\(Self.csrfField(request))<button type="submit" class="link">\(t[.logOut])</button></form>
            """ : .empty
        let who: HTML = request.account.map { account in
            let here = request.segments.first
            func link(_ path: String, _ label: HTML, _ className: String) -> HTML {
                let current: HTML = here == String(path.dropFirst()) ? " aria-current=\"page\"" : ""
                return "<a class=\"\(className)\" href=\"\(path)\"\(current)>\(label)</a>"
            }
            let name: HTML = "<span class=\"who\" title=\"\(t.signedInAs(account.displayName))\">\(account.displayName)</span>"
            let people: HTML = account.isAdmin ? link("/people", .text(t[.people]), "account-link people-link") : .empty
            return """
                <nav class="account-menu" aria-label="\(t[.accountMenu])">\(link("/account", name, "account-link who-link"))\
                \(link("/books", .text(t[.books]), "account-link books-link"))\(people)</nav>
                """
        } ?? .empty
        let navigation: HTML = showsNavigation ? """
            <nav aria-label="\(t[.mainNavigation])"><ul>
            \(item(.diary, "/diary", t[.diary]))
            \(item(.ledger, "/ledger", t[.ledger]))
            \(item(.feed, "/feed", t[.feed]))
            \(item(.store, "/store", t[.store]))
            </ul></nav>
            """ : .empty

        var notices: [HTML] = []
        if page.usesCharts && assets.chart == nil {
            notices.append("<p class=\"notice\">\(t[.chartsUnavailable])</p>")
        }
        if page.usesSortable && assets.sortable == nil {
            notices.append("<p class=\"notice\">\(t[.sortableUnavailable])</p>")
        }
        var scripts: [HTML] = []
        if page.usesCharts && assets.chart != nil {
            scripts.append("<script src=\"\(assets.url("chart.js"))\" defer></script>")
        }
        if page.usesSortable && assets.sortable != nil {
            scripts.append("<script src=\"\(assets.url("sortable.js"))\" defer></script>")
        }
        scripts.append("<script src=\"\(assets.url("app.js"))\" defer></script>")
        scripts.append("<script src=\"\(assets.url("outbox.js"))\" defer></script>")

        var bodyAttributes: HTML = .empty
        if page.watchesChanges && configuration.changePollSeconds > 0 {
            let sequence: Int64
            do { sequence = try store.lastChangeSequence() } catch { return errorResponse(error, request) }
            bodyAttributes = """
                 data-changes-url="/changes" data-changes-since="\(sequence)" data-changes-every="\(configuration.changePollSeconds)"
                """
        }

        let document: HTML = """
            <!doctype html>
            <html lang="\(request.language.rawValue)">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(page.title) · Keepsake</title>
            <link rel="stylesheet" href="\(assets.url("app.css"))">
            <link rel="manifest" href="/manifest.webmanifest">
            <meta name="theme-color" content="\(WebManifest.themeColor)">
            <link rel="icon" type="image/png" href="\(assets.url("favicon-32.png"))">
            <link rel="apple-touch-icon" href="\(assets.url("apple-touch-icon.png"))">
            </head>
            <body\(bodyAttributes)>
            <header class="site">
            <a class="brand" href="/">Keepsake</a>
            \(navigation)
            <div class="tools">\(who)\(languageLink)\(logout)</div>
            </header>
            <main>
            \(notices)
            \(page.body)
            </main>
            \(scripts)
            </body>
            </html>

            """
        var response = HTTPResponse.html(document.rendered, status: page.status)
        for (name, value) in page.headers {
            response.headers.add(name, value)
        }
        return response
    }

    /// A page explaining a failure, with a link back.
    func errorPage(_ request: WebRequest, status: HTTPStatus, title: String, message: String) -> HTTPResponse {
        let t = request.strings
        let body: HTML = """
            <section class="problem">
            <h1>\(title)</h1>
            <p class="error" role="alert">\(message)</p>
            <p><a href="/">\(t[.backHome])</a></p>
            </section>
            """
        return render(Page(title: title, section: .none, body: body, status: status), for: request)
    }

    /// 404 in the user's language.
    func notFound(_ request: WebRequest) -> HTTPResponse {
        let t = request.strings
        return errorPage(request, status: .notFound, title: t[.notFoundTitle], message: t[.notFoundMessage])
    }

    /// A page for a failure, with the status its code calls for, in the page's language: a title
    /// for its kind, the store's own sentence, and the remedy in the page's words. A refused write
    /// (``WriteRefusal``) shows its own localized sentence. Anything else that is not a
    /// ``KeepsakeError`` is a 500 whose details go to the log only.
    func errorResponse(_ error: any Error, _ request: WebRequest) -> HTTPResponse {
        let t = request.strings
        if let refusal = error as? WriteRefusal {
            return errorPage(request, status: refusal.status, title: t.errorTitle(refusal.error.code), message: refusal.message)
        }
        guard let error = error as? KeepsakeError else {
            configuration.errorLog?("\(request.http.method) \(request.http.rawPath): \(error)")
            return errorPage(request, status: .internalServerError, title: t.errorTitle(nil), message: t[.somethingWentWrong])
        }
        let status = WebApp.status(for: error.code)
        _ = logged(error, request.http)
        return errorPage(request, status: status, title: t.errorTitle(error.code), message: t.describe(error))
    }

    /// A record's page, or 404 when there is no such record (any other failure: its own page).
    func page<Value>(_ request: WebRequest, reading read: () throws -> Value, _ show: (Value) throws -> HTTPResponse) -> HTTPResponse {
        do {
            return try show(try read())
        } catch let error as KeepsakeError where error.code == .notFound {
            return notFound(request)
        } catch {
            return errorResponse(error, request)
        }
    }

    /// Runs a page's write: `done`'s answer when it succeeds, else `refused`'s, the failure logged
    /// when the operator should see it (``logged(_:_:)``).
    func writing<Saved>(_ request: WebRequest, _ write: () throws(WriteRefusal) -> Saved, done: (Saved) -> HTTPResponse,
                        refused: (WriteRefusal) -> HTTPResponse) -> HTTPResponse {
        do {
            return done(try write())
        } catch {
            logged(error.error, request.http)
            return refused(error)
        }
    }

    /// A delete or restore button's write: a redirect to `target` when it succeeds, else an error
    /// page titled after the button.
    func trashing<Item>(_ request: WebRequest, restore: Bool, _ write: () throws(WriteRefusal) -> Item, then target: String) -> HTTPResponse {
        let t = request.strings
        return writing(request, write, done: { _ in .redirect(to: target) }) { refusal in
            errorPage(request, status: refusal.status, title: restore ? t[.restore] : t[.delete], message: refusal.message)
        }
    }

    /// Writes `error` whole to the error log when it is a 5xx (the operator's business: a lost
    /// database session, a full object store, not only 500) or names a path of the server's disk,
    /// which the page or the problem leaves out (``ServerPaths``); returns it.
    @discardableResult
    func logged(_ error: KeepsakeError?, _ request: HTTPRequest) -> KeepsakeError? {
        if let error, WebApp.status(for: error.code).rawValue >= 500 || ServerPaths.removed(from: error.message) != error.message {
            configuration.errorLog?("\(request.method) \(request.rawPath): \(error)")
        }
        return error
    }

    /// The hidden field every form carries.
    static func csrfField(_ request: WebRequest) -> HTML {
        "<input type=\"hidden\" name=\"\(Session.csrfField)\" value=\"\(request.session.csrfToken)\">"
    }

    /// After a delete: "moved to the trash" with a restore button (`?deleted=<id>`).
    static func undoBanner(_ request: WebRequest, path: String) -> HTML {
        guard let text = request.query("deleted"), let id = WebApp.recordID(text) else { return .empty }
        let t = request.strings
        return """
            <div class="banner" role="status">\(t[.movedToTrash])
            <form method="post" action="\(path)/\(id.string)/restore" class="inline">\(csrfField(request))<button type="submit">\(t[.undo])</button></form>
            </div>
            """
    }

    /// A failure above a list or form, in the page's language.
    static func listError(_ error: KeepsakeError?, _ request: WebRequest) -> HTML {
        error.map { "<p class=\"error\" role=\"alert\" data-code=\"\($0.code.rawValue)\">\(request.strings.describe($0))</p>" } ?? .empty
    }

    /// The status of a page that shows a failure above its content: 200, or what its code calls for.
    static func pageStatus(_ error: KeepsakeError?) -> HTTPStatus {
        error.map { WebApp.status(for: $0.code) } ?? .ok
    }
}
