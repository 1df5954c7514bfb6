internal import CCurl

/// One libcurl easy handle (it keeps its connections open between requests).
///
/// `@unchecked Sendable`: a handle is used by one thread at a time: the ``CurlTransport`` pool hands
/// it to one request and takes it back after; it is cleaned up only in `deinit`.
final class CurlEasyHandle: @unchecked Sendable {
    let pointer: UnsafeMutableRawPointer

    init?() {
        guard let pointer = curl_easy_init() else { return nil }
        self.pointer = pointer
    }

    deinit { curl_easy_cleanup(pointer) }
}
