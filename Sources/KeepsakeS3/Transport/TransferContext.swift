internal import CCurl
import Foundation

/// The state of one transfer, reached by libcurl's callbacks through a pointer. Used only on the
/// thread running `curl_easy_perform`.
final class TransferContext {
    let handle: UnsafeMutableRawPointer
    var headers: [String: String] = [:]
    var body = Data()
    let consumer: ((UnsafeRawBufferPointer) throws -> Void)?
    var consumerError: (any Error)?
    var streamed: Int64 = 0
    /// Upload source.
    let uploadData: Data?
    let uploadFile: FileHandle?
    var uploadOffset = 0

    init(handle: UnsafeMutableRawPointer, consumer: ((UnsafeRawBufferPointer) throws -> Void)?, uploadData: Data?, uploadFile: FileHandle?) {
        self.handle = handle
        self.consumer = consumer
        self.uploadData = uploadData
        self.uploadFile = uploadFile
    }

    var status: Int {
        var code: Int = 0
        _ = keepsake_curl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &code)
        return code
    }

    /// A header line arrived (or a status line, which starts a new set of headers: a `100 Continue`
    /// comes before the real answer).
    func header(_ line: String) {
        if line.hasPrefix("HTTP/") { headers = [:]; return }
        guard let colon = line.firstIndex(of: ":") else { return }
        let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
        headers[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Body bytes arrived; returns how many were taken (fewer aborts the transfer).
    func write(_ buffer: UnsafeRawBufferPointer) -> Int {
        let status = status
        if let consumer, (200..<300).contains(status) {
            do {
                try consumer(buffer)
                streamed += Int64(buffer.count)
                return buffer.count
            } catch {
                consumerError = error
                return 0
            }
        }
        // An error body is a small XML document; do not let a misbehaving server fill memory.
        if consumer != nil, body.count > 1 << 20 { return 0 }
        body.append(contentsOf: buffer)
        return buffer.count
    }

    /// Fills `buffer` with upload bytes; returns how many.
    func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        if let uploadData {
            let count = min(buffer.count, uploadData.count - uploadOffset)
            guard count > 0 else { return 0 }
            uploadData.withUnsafeBytes { source in
                buffer.baseAddress!.copyMemory(from: source.baseAddress! + uploadOffset, byteCount: count)
            }
            uploadOffset += count
            return count
        }
        if let uploadFile {
            let chunk = (try? uploadFile.read(upToCount: buffer.count)) ?? Data()
            chunk.withUnsafeBytes { source in
                if let base = source.baseAddress { buffer.baseAddress!.copyMemory(from: base, byteCount: chunk.count) }
            }
            uploadOffset += chunk.count
            return chunk.count
        }
        return 0
    }

    /// Moves the upload back to `offset` (libcurl rewinds to send the body again); `false` if it cannot.
    func seek(to offset: Int64) -> Bool {
        if let uploadData {
            guard offset >= 0, offset <= Int64(uploadData.count) else { return false }
            uploadOffset = Int(offset)
            return true
        }
        if let uploadFile {
            do { try uploadFile.seek(toOffset: UInt64(offset)) } catch { return false }
            uploadOffset = Int(offset)
            return true
        }
        return offset == 0
    }
}
