import KeepsakeHTTP
import KeepsakeStore
import KeepsakeSupport

/// Why an operation of the account, books or people pages did not happen, as the page shows it:
/// the HTTP status and one sentence in the page's language, shown above the page again (never a
/// bare error page, never a 500 for something the person can fix).
struct AccountProblem: Sendable {
    /// The status of the page that shows it.
    let status: HTTPStatus
    /// The sentence, in the page's language.
    let message: String

    /// A problem the page found itself (a wrong current password, two passwords that differ).
    init(_ message: String, status: HTTPStatus = .badRequest) {
        self.message = message
        self.status = status
    }

    /// The problem of a failed operation. A store failure shows the engine's own sentence (in the
    /// Korean pages after a Korean summary, ``Strings/describe(_:)``); a `conflict` of an operation
    /// whose only conflict is known (`conflict`: the last owner of a book, the last admin, a taken
    /// login name) is summed up by that key's text in Korean. A password the policy refuses gets
    /// the page's words. Anything else is the server's failure: logged whole, shown as such.
    init(_ error: any Error, _ request: WebRequest, layout: PageLayout, conflict: Strings.Key? = nil) {
        let t = request.strings
        switch error {
        case let error as KeepsakeError:
            layout.logged(error, request.http)
            status = WebApp.status(for: error.code)
            if error.code == .conflict, let conflict, request.language == .korean {
                message = t[conflict] + " (" + ServerPaths.removed(from: error.message) + ")"
            } else {
                message = t.describe(error)
            }
        case let error as PasswordError where error.kind == .tooShort || error.kind == .tooLong:
            status = .badRequest
            message = t.passwordRefused(error, policy: .standard)
        default:
            layout.configuration.errorLog?("\(request.http.method) \(request.http.rawPath): \(error)")
            status = .internalServerError
            message = t[.somethingWentWrong]
        }
    }

    /// The problem as the page shows it, above its forms.
    var markup: HTML {
        "<p class=\"error\" role=\"alert\" data-status=\"\(status.rawValue)\">\(message)</p>"
    }
}
