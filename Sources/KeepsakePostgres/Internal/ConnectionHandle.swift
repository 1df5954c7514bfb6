internal import CPostgres
import Foundation
import Synchronization

/// Owns one libpq connection and closes it.
///
/// `@unchecked Sendable`: a libpq connection must not be used by two threads at once. Every use of
/// `pointer` happens inside the owning ``PostgresConnection``'s mutex (or, for the connection's
/// own thread in ``PostgresListener``, on that one thread), so no two threads touch it together.
final class ConnectionHandle: @unchecked Sendable {
    let pointer: OpaquePointer
    /// What the server said outside any statement; a FATAL there is its goodbye.
    let notices = NoticeLog()

    init(_ pointer: OpaquePointer) {
        self.pointer = pointer
        // The server's notices (NOTICE, WARNING, and a FATAL sent to an idle session before the
        // server closes it) go to `notices` instead of standard error.
        PQsetNoticeReceiver(pointer, { context, result in
            guard let context, let result else { return }
            let log = Unmanaged<NoticeLog>.fromOpaque(context).takeUnretainedValue()
            let severity = PQresultErrorField(result, Int32(Character("V").asciiValue!)).map { String(cString: $0) }
            if severity == "FATAL" || severity == "PANIC" {
                let message = PQresultErrorField(result, Int32(Character("M").asciiValue!)).map { String(cString: $0) } ?? ""
                let sqlState = PQresultErrorField(result, Int32(Character("C").asciiValue!)).map { String(cString: $0) }
                log.recordGoodbye(message: message, sqlState: sqlState)
            }
        }, Unmanaged.passUnretained(notices).toOpaque())
    }

    /// The socket, or -1 when there is none.
    var socket: Int32 { PQsocket(pointer) }

    /// Whether libpq considers the connection broken.
    var isBad: Bool { PQstatus(pointer) == CONNECTION_BAD }

    /// libpq's last message on this connection, trimmed.
    var errorMessage: String {
        String(cString: PQerrorMessage(pointer)).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    deinit { PQfinish(pointer) }
}

/// The FATAL message a server sent to an idle session before closing it.
final class NoticeLog: Sendable {
    private let goodbye = Mutex<(message: String, sqlState: String?)?>(nil)

    func recordGoodbye(message: String, sqlState: String?) { goodbye.withLock { $0 = (message, sqlState) } }

    /// The goodbye, if one came.
    var serverGoodbye: (message: String, sqlState: String?)? { goodbye.withLock { $0 } }
}

/// A cancel request object for one connection.
///
/// `@unchecked Sendable`: libpq documents `PQcancel` on a `PGcancel` as safe to call from any thread
/// (that is what it is for); the object is only freed in `deinit`.
final class CancelHandle: @unchecked Sendable {
    private let pointer: OpaquePointer?

    init(_ connection: ConnectionHandle) { pointer = PQgetCancel(connection.pointer) }

    /// Asks the server to cancel what the session runs now; `false` if the request could not be sent.
    @discardableResult
    func cancel() -> Bool {
        guard let pointer else { return false }
        var buffer = [CChar](repeating: 0, count: 256)
        return PQcancel(pointer, &buffer, Int32(buffer.count)) == 1
    }

    deinit { if let pointer { PQfreeCancel(pointer) } }
}
