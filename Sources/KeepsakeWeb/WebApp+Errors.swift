import Foundation
import KeepsakeHTTP
import KeepsakeStore

extension WebApp {
    /// The HTTP status a store failure is answered with: not found 404, conflict 409, too large 413,
    /// unsupported image 415, corrupt image 422, busy 503, disk full 507, bad input 400; a failure
    /// of the store itself (its disk, its database, a link planted in it) is 500.
    static func status(for code: KeepsakeError.Code) -> HTTPStatus {
        switch code {
        case .notFound: .notFound
        case .invalidArgument, .unsafePath: .badRequest
        case .conflict: .conflict
        case .imageTooLarge, .limitExceeded: .contentTooLarge
        case .unsupportedImage: .unsupportedMediaType
        case .corruptImage: .unprocessableContent
        case .busy: .serviceUnavailable
        case .diskFull: .insufficientStorage
        case .readOnly, .io, .database, .symlinkRefused, .incompatibleStore, .unexpected: .internalServerError
        }
    }

    /// A page for a failure, with the status its code calls for, in the page's language: a title
    /// for its kind, the store's own sentence, and the remedy in the page's words. Anything that is
    /// not a ``KeepsakeError`` is a 500 whose details go to the log only.
    func errorResponse(_ error: any Error, _ request: WebRequest) -> HTTPResponse {
        let t = request.strings
        guard let error = error as? KeepsakeError else {
            configuration.errorLog?("\(request.http.method) \(request.http.rawPath): \(error)")
            return errorPage(request, status: .internalServerError, title: t.errorTitle(nil), message: t[.somethingWentWrong])
        }
        let status = Self.status(for: error.code)
        _ = logged(error, request.http)
        return errorPage(request, status: status, title: t.errorTitle(error.code), message: t.describe(error))
    }

    /// Writes `error` whole to the error log when it is a 5xx (the operator's business: a lost
    /// database session, a full object store, not only 500) or names a path of the server's disk,
    /// which the page or the problem leaves out (``ServerPaths``); returns it.
    @discardableResult
    func logged(_ error: KeepsakeError?, _ request: HTTPRequest) -> KeepsakeError? {
        if let error, Self.status(for: error.code).rawValue >= 500 || ServerPaths.removed(from: error.message) != error.message {
            configuration.errorLog?("\(request.method) \(request.rawPath): \(error)")
        }
        return error
    }
}
