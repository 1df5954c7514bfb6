internal import CMicroHTTPD
internal import Synchronization

/// A libmicrohttpd response ready to queue, with its status.
///
/// `@unchecked Sendable`: the response is made on a handler thread and handed over once, through
/// a ``ResponseSlot``'s mutex, to the connection's polling thread, which alone uses it from then on
/// (queues and destroys it).
struct PreparedResponse: @unchecked Sendable {
    /// The `struct MHD_Response *`.
    let response: OpaquePointer
    /// The status to send it with.
    let status: HTTPStatus
}

/// Where a handler thread leaves the answer to a suspended connection's request, for the
/// connection's polling thread to queue once the connection is resumed.
final class ResponseSlot: Sendable {
    private struct Content {
        var prepared: PreparedResponse?
        /// The request ended without taking its answer: one that comes is destroyed.
        var discarded = false
    }

    private let content = Mutex(Content())

    /// Leaves the answer (or destroys it at once if the request was abandoned meanwhile).
    func fill(_ response: PreparedResponse) {
        let kept = content.withLock { content -> Bool in
            guard !content.discarded else { return false }
            content.prepared = response
            return true
        }
        if !kept { MHD_destroy_response(response.response) }
    }

    /// Takes the answer out, if it is there.
    func take() -> PreparedResponse? {
        content.withLock { content in
            defer { content.prepared = nil }
            return content.prepared
        }
    }

    /// The request ended without its answer being sent: destroys the answer if it is there, and
    /// any that comes later.
    func discard() {
        let left = content.withLock { content -> PreparedResponse? in
            content.discarded = true
            defer { content.prepared = nil }
            return content.prepared
        }
        if let left { MHD_destroy_response(left.response) }
    }
}

/// A connection pointer carried to a handler thread, which only resumes it.
///
/// `@unchecked Sendable`: libmicrohttpd's `MHD_resume_connection` may be called from any thread;
/// nothing else is done with the pointer off the polling thread, and the connection stays alive
/// while it is suspended (libmicrohttpd never closes a suspended connection, and the server does
/// not stop the daemon before every handler has resumed its connection).
struct ConnectionHandle: @unchecked Sendable {
    /// The `struct MHD_Connection *`.
    let pointer: OpaquePointer
}
