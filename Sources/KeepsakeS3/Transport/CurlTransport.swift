internal import CCurl
import Foundation
import Synchronization

/// Sends HTTP requests through libcurl, one blocking transfer per call, reusing a small pool of easy
/// handles (and so their open connections).
final class CurlTransport: Sendable {
    private let idle = Mutex<[CurlEasyHandle]>([])
    private let maxIdle: Int

    /// libcurl's global set-up, once per process, before any handle exists.
    private static let globalInit: Bool = curl_global_init(Int(CURL_GLOBAL_ALL)) == CURLE_OK

    init(maxIdle: Int) {
        self.maxIdle = max(1, maxIdle)
        precondition(Self.globalInit, "curl_global_init failed")
    }

    /// Performs `request` with `timeouts`, sending the body where `sink` says.
    func perform(_ request: HTTPRequest, timeouts: S3Timeouts, sink: ResponseSink) -> TransferOutcome {
        guard let easy = idle.withLock({ $0.popLast() }) ?? CurlEasyHandle() else {
            return .failure(code: Int32(CURLE_FAILED_INIT.rawValue), message: "curl_easy_init failed", streamed: 0, headers: [:])
        }
        let outcome = transfer(easy, request, timeouts, sink)
        idle.withLock { handles in if handles.count < maxIdle { handles.append(easy) } }
        return outcome
    }

    private func transfer(_ easy: CurlEasyHandle, _ request: HTTPRequest, _ timeouts: S3Timeouts, _ sink: ResponseSink) -> TransferOutcome {
        let handle = easy.pointer
        curl_easy_reset(handle)

        var uploadData: Data?
        var uploadFile: FileHandle?
        var uploadSize: Int64 = -1
        switch request.body {
        case .none: break
        case .data(let data): uploadData = data; uploadSize = Int64(data.count)
        case .file(let url, let size):
            do { uploadFile = try FileHandle(forReadingFrom: url) } catch {
                return .failure(code: Int32(CURLE_READ_ERROR.rawValue), message: "cannot open \(url.path): \(error.localizedDescription)", streamed: 0, headers: [:])
            }
            uploadSize = size
        }
        defer { try? uploadFile?.close() }
        var consumer: ((UnsafeRawBufferPointer) throws -> Void)?
        if case .stream(let body) = sink { consumer = body }
        let context = TransferContext(handle: handle, consumer: consumer, uploadData: uploadData, uploadFile: uploadFile)
        let contextPointer = Unmanaged.passUnretained(context).toOpaque()

        var headerList: UnsafeMutablePointer<curl_slist>?
        // No `Expect: 100-continue` round trip, no `Accept: */*`: only the headers that were signed.
        for line in request.headers.map({ "\($0.name): \($0.value)" }) + ["Expect:", "Accept:"] {
            headerList = curl_slist_append(headerList, line)
        }
        defer { curl_slist_free_all(headerList) }
        let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        defer { errorBuffer.deallocate() }

        keepsake_curl_setopt_string(handle, CURLOPT_URL, request.url)
        keepsake_curl_setopt_slist(handle, CURLOPT_HTTPHEADER, headerList)
        keepsake_curl_setopt_long(handle, CURLOPT_NOSIGNAL, 1)
        keepsake_curl_setopt_long(handle, CURLOPT_PATH_AS_IS, 1)
        keepsake_curl_setopt_long(handle, CURLOPT_FOLLOWLOCATION, 0)
        keepsake_curl_setopt_long(handle, CURLOPT_TCP_KEEPALIVE, 1)
        keepsake_curl_setopt_long(handle, CURLOPT_TCP_NODELAY, 1)
        keepsake_curl_setopt_long(handle, CURLOPT_CONNECTTIMEOUT_MS, Self.milliseconds(timeouts.connect))
        keepsake_curl_setopt_long(handle, CURLOPT_LOW_SPEED_LIMIT, max(1, timeouts.lowSpeedBytesPerSecond))
        keepsake_curl_setopt_long(handle, CURLOPT_LOW_SPEED_TIME, max(1, Self.milliseconds(timeouts.stall) / 1000))
        if let total = timeouts.total { keepsake_curl_setopt_long(handle, CURLOPT_TIMEOUT_MS, Self.milliseconds(total)) }
        keepsake_curl_setopt_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer)

        switch request.method {
        case "GET": keepsake_curl_setopt_long(handle, CURLOPT_HTTPGET, 1)
        case "HEAD": keepsake_curl_setopt_long(handle, CURLOPT_NOBODY, 1)
        case "PUT":
            keepsake_curl_setopt_long(handle, CURLOPT_UPLOAD, 1)
            keepsake_curl_setopt_off(handle, CURLOPT_INFILESIZE_LARGE, curl_off_t(max(0, uploadSize)))
        default: keepsake_curl_setopt_string(handle, CURLOPT_CUSTOMREQUEST, request.method)
        }

        keepsake_curl_setopt_pointer(handle, CURLOPT_HEADERDATA, contextPointer)
        keepsake_curl_setopt_data_callback(handle, CURLOPT_HEADERFUNCTION) { buffer, size, count, context in
            let length = size * count
            guard let buffer, let context else { return length }
            let line = String(decoding: UnsafeRawBufferPointer(start: buffer, count: length), as: UTF8.self)
            Unmanaged<TransferContext>.fromOpaque(context).takeUnretainedValue().header(line)
            return length
        }
        keepsake_curl_setopt_pointer(handle, CURLOPT_WRITEDATA, contextPointer)
        keepsake_curl_setopt_data_callback(handle, CURLOPT_WRITEFUNCTION) { buffer, size, count, context in
            guard let buffer, let context else { return 0 }
            return Unmanaged<TransferContext>.fromOpaque(context).takeUnretainedValue()
                .write(UnsafeRawBufferPointer(start: buffer, count: size * count))
        }
        if uploadData != nil || uploadFile != nil {
            keepsake_curl_setopt_pointer(handle, CURLOPT_READDATA, contextPointer)
            keepsake_curl_setopt_data_callback(handle, CURLOPT_READFUNCTION) { buffer, size, count, context in
                guard let buffer, let context else { return 0 }
                return Unmanaged<TransferContext>.fromOpaque(context).takeUnretainedValue()
                    .read(into: UnsafeMutableRawBufferPointer(start: buffer, count: size * count))
            }
            keepsake_curl_setopt_pointer(handle, CURLOPT_SEEKDATA, contextPointer)
            keepsake_curl_setopt_seek_callback(handle) { context, offset, origin in
                guard let context, origin == SEEK_SET else { return Int32(CURL_SEEKFUNC_CANTSEEK) }
                return Unmanaged<TransferContext>.fromOpaque(context).takeUnretainedValue().seek(to: Int64(offset))
                    ? Int32(CURL_SEEKFUNC_OK) : Int32(CURL_SEEKFUNC_FAIL)
            }
        }

        let result = curl_easy_perform(handle)
        // The error buffer is freed when this call returns; the handle must not keep pointing at it.
        keepsake_curl_setopt_pointer(handle, CURLOPT_ERRORBUFFER, nil)
        withExtendedLifetime(context) {}
        if let consumerError = context.consumerError { return .consumerFailed(consumerError, streamed: context.streamed) }
        guard result == CURLE_OK else {
            var message = String(cString: errorBuffer)
            if message.isEmpty { message = String(cString: curl_easy_strerror(result)) }
            return .failure(code: Int32(result.rawValue), message: message, streamed: context.streamed, headers: context.headers)
        }
        return .response(HTTPResponse(status: context.status, headers: context.headers, body: context.body, streamed: context.streamed))
    }

    private static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
    }
}
