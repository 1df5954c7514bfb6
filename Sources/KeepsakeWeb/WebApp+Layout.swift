import Foundation
import KeepsakeHTTP

extension WebApp {
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
        let logout: HTML = configuration.requiresLogin && request.session.isAuthenticated ? """
            <form method="post" action="/logout" class="inline">\(csrfField(request))<button type="submit" class="link">\(t[.logOut])</button></form>
            """ : .empty
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
            <link rel="icon" href="data:,">
            </head>
            <body\(bodyAttributes)>
            <header class="site">
            <a class="brand" href="/">Keepsake</a>
            \(navigation)
            <div class="tools">\(languageLink)\(logout)</div>
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

    /// 405 listing what is allowed.
    func methodNotAllowed(_ allowed: [HTTPMethod]) -> HTTPResponse {
        .methodNotAllowed(allowed: allowed)
    }
}
