import Foundation
import KeepsakeHTTP
import KeepsakeStore

extension WebApp {
    /// The HTTP status a store failure is answered with: not found 404, conflict 409, too large 413,
    /// unsupported image 415, corrupt image 422, busy 503, disk full or over the storage quota 507
    /// (RFC 4331), bad input 400, gone (a used or expired invitation) 410; a failure
    /// of the store itself (its disk, its database, a link planted in it) is 500.
    static func status(for code: KeepsakeError.Code) -> HTTPStatus {
        switch code {
        case .notFound: .notFound
        case .invalidArgument, .unsafePath: .badRequest
        case .conflict: .conflict
        case .forbidden: .forbidden
        case .imageTooLarge, .limitExceeded: .contentTooLarge
        case .unsupportedImage: .unsupportedMediaType
        case .corruptImage: .unprocessableContent
        case .busy: .serviceUnavailable
        case .diskFull, .quotaExceeded: .insufficientStorage
        case .readOnly, .io, .database, .symlinkRefused, .incompatibleStore, .unexpected: .internalServerError
        case .gone: .gone
        }
    }

    /// A page for a failure (``PageLayout/errorResponse(_:_:)``).
    func errorResponse(_ error: any Error, _ request: WebRequest) -> HTTPResponse {
        layout.errorResponse(error, request)
    }

    /// Writes `error` whole to the error log when the operator should see it (``PageLayout/logged(_:_:)``).
    @discardableResult
    func logged(_ error: KeepsakeError?, _ request: HTTPRequest) -> KeepsakeError? {
        layout.logged(error, request)
    }
}
