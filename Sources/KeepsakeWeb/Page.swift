import KeepsakeHTTP

/// A page before it is wrapped in the site layout (header, navigation, scripts).
struct Page: Sendable {
    /// The part of the site a page belongs to (highlighted in the navigation).
    enum Section: Sendable, Hashable {
        case diary, ledger, feed, store, none
    }

    /// The window title.
    var title: String
    /// Highlighted navigation entry.
    var section: Section
    /// The content of `<main>`.
    var body: HTML
    /// The HTTP status.
    var status: HTTPStatus = .ok
    /// Load Chart.js.
    var usesCharts = false
    /// Load SortableJS.
    var usesSortable = false
    /// Reload when the store changes (list pages).
    var watchesChanges = false
    /// Extra response headers (e.g. `Set-Cookie`).
    var headers: HTTPHeaders = [:]
}
