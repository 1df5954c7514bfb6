internal import CPostgres

/// Owns one libpq result and frees it.
///
/// `@unchecked Sendable`: libpq documents a PGresult as read-only after creation and safe to read
/// from several threads at once; nothing here mutates it, and it is freed only in `deinit`.
final class ResultHandle: @unchecked Sendable {
    let pointer: OpaquePointer

    init(_ pointer: OpaquePointer) { self.pointer = pointer }

    deinit { PQclear(pointer) }
}
