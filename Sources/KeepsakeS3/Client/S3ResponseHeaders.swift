import Foundation

/// Reading S3's response headers into values.
enum S3ResponseHeaders {
    /// The object description carried by a GET or HEAD answer.
    static func objectInfo(key: String, _ headers: [String: String]) -> S3ObjectInfo? {
        var size: Int64?
        if let range = headers["content-range"], let slash = range.lastIndex(of: "/") {
            size = Int64(range[range.index(after: slash)...])
        }
        if size == nil { size = headers["content-length"].flatMap { Int64($0) } }
        guard let size else { return nil }
        var metadata: [String: String] = [:]
        for (name, value) in headers where name.hasPrefix("x-amz-meta-") { metadata[String(name.dropFirst(11))] = value }
        return S3ObjectInfo(key: key, size: size, etag: unquoted(headers["etag"] ?? ""), lastModified: headers["last-modified"].flatMap(httpDate),
                            contentType: headers["content-type"], metadata: metadata)
    }

    /// An entity tag without its quotes.
    static func unquoted(_ etag: String) -> String {
        etag.count >= 2 && etag.hasPrefix("\"") && etag.hasSuffix("\"") ? String(etag.dropFirst().dropLast()) : etag
    }

    /// An HTTP date (`Tue, 01 Dec 2026 09:00:00 GMT`).
    static func httpDate(_ text: String) -> Date? {
        let fields = text.split(separator: " ")
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        guard fields.count == 6, fields[5] == "GMT", let day = Int32(fields[1]), let month = months.firstIndex(of: String(fields[2])),
              let year = Int32(fields[3]) else { return nil }
        let time = fields[4].split(separator: ":").compactMap { Int32($0) }
        guard time.count == 3 else { return nil }
        var parts = tm()
        parts.tm_year = year - 1900
        parts.tm_mon = Int32(month)
        parts.tm_mday = day
        parts.tm_hour = time[0]
        parts.tm_min = time[1]
        parts.tm_sec = time[2]
        return Date(timeIntervalSince1970: TimeInterval(timegm(&parts)))
    }

    /// An ISO 8601 time as in listings (`2026-12-01T09:00:00.000Z`).
    static func isoDate(_ text: String) -> Date? {
        (try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true))) ?? (try? Date(text, strategy: .iso8601))
    }
}
