import Foundation
import KeepsakeHTTP
import KeepsakeStore

extension WebApp {
    /// Wraps a page in the site layout (``PageLayout/render(_:for:showsNavigation:)``).
    func render(_ page: Page, for request: WebRequest, showsNavigation: Bool = true) -> HTTPResponse {
        layout.render(page, for: request, showsNavigation: showsNavigation)
    }

    /// A page explaining a failure, with a link back.
    func errorPage(_ request: WebRequest, status: HTTPStatus, title: String, message: String) -> HTTPResponse {
        layout.errorPage(request, status: status, title: title, message: message)
    }

    /// 404 in the user's language.
    func notFound(_ request: WebRequest) -> HTTPResponse {
        layout.notFound(request)
    }

    /// 405 listing what is allowed.
    func methodNotAllowed(_ allowed: [HTTPMethod]) -> HTTPResponse {
        .methodNotAllowed(allowed: allowed)
    }

    /// After a delete: "moved to the trash" with a restore button.
    func undoBanner(_ request: WebRequest, path: String) -> HTML { PageLayout.undoBanner(request, path: path) }

    /// A failure above a list or form.
    func listError(_ error: KeepsakeError?, _ request: WebRequest) -> HTML { PageLayout.listError(error, request) }

    /// Previous / this month / next links.
    func monthNavigation(_ path: String, month: CalendarMonth, request: WebRequest) -> HTML {
        MonthNavigation.links(path, month: month, request: request)
    }

    /// The first `length` characters of `text` on one line.
    static func excerpt(_ text: String, length: Int) -> String { Excerpt.of(text, length: length) }

    /// The status of a page that shows a failure.
    static func pageStatus(_ error: KeepsakeError?) -> HTTPStatus { PageLayout.pageStatus(error) }
}
