import KeepsakeHTTP
import KeepsakeStore

/// Why a write of the web app (a page's form or an API call, through ``WritePath``) stored nothing:
/// the typed failure, naming the files as the user named them, and its sentence in the request's
/// language.
struct WriteRefusal: Error, Sendable {
    /// The failure: its code decides the status; its message is the store's or the app's own
    /// sentence (English), with the user's file names in place of the staged uploads'.
    let error: KeepsakeError
    /// What to tell the user, in the request's language (``Strings/describe(_:)`` for a failure of
    /// the store or the app, the upload limits' own sentences).
    let message: String

    /// The status it is answered with (413 for an upload over a limit, 400 for a broken rule, …).
    var status: HTTPStatus { WebApp.status(for: error.code) }
}
