import KeepsakeHTTP

/// Why a submitted form was refused before it reached a view model: the status to answer with and
/// a sentence for the page.
struct FormProblem: Error, Sendable {
    /// 400 or 413.
    let status: HTTPStatus
    /// What to fix, in the user's language.
    let message: String
}
