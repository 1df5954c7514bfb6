import KeepsakeSupport
extension S3Client {
    /// One page of the objects whose keys start with `prefix`, in ascending order of the keys' UTF-8
    /// bytes (`ListObjectsV2`); pass the page's ``S3ListPage/nextContinuationToken`` to get the next.
    /// `startAfter` begins the listing after that key. Keys travel URL-encoded (`encoding-type=url`),
    /// so any key comes back exactly.
    public func listObjects(prefix: String = "", startAfter: String? = nil, continuationToken: String? = nil,
                            maxKeys: Int = 1000) throws -> S3ListPage {
        var query: [(name: String, value: String)] = [("list-type", "2"), ("encoding-type", "url"), ("max-keys", String(max(1, min(maxKeys, 1000))))]
        if !prefix.isEmpty { query.append(("prefix", prefix)) }
        if let startAfter { query.append(("start-after", startAfter)) }
        if let continuationToken { query.append(("continuation-token", continuationToken)) }
        let response = try send("LIST", method: "GET", key: nil, query: query, accept: [200])
        guard let root = try? XMLTree.parse(response.body), root.name == "ListBucketResult" else {
            throw S3Error(.invalidResponse, operation: "LIST", bucket: bucket, httpStatus: response.status, message: "the listing is not a ListBucketResult document")
        }
        let encoded = root.text("EncodingType") == "url"
        var objects: [S3ObjectSummary] = []
        for element in root.all("Contents") {
            guard let rawKey = element.text("Key"), let size = element.text("Size").flatMap({ Int64($0) }) else {
                throw S3Error(.invalidResponse, operation: "LIST", bucket: bucket, message: "a listed object has no key or size")
            }
            objects.append(S3ObjectSummary(key: encoded ? URIEncoding.decode(rawKey.replacingOccurrences(of: "+", with: " ")) : rawKey,
                                           size: size, etag: S3ResponseHeaders.unquoted(element.text("ETag") ?? ""),
                                           lastModified: element.text("LastModified").flatMap(S3ResponseHeaders.isoDate)))
        }
        let truncated = root.text("IsTruncated") == "true"
        let token = root.text("NextContinuationToken").flatMap { $0.isEmpty ? nil : $0 }
        if truncated, token == nil {
            throw S3Error(.invalidResponse, operation: "LIST", bucket: bucket, message: "the listing is truncated but gives no continuation token")
        }
        return S3ListPage(objects: objects, nextContinuationToken: truncated ? token : nil)
    }

    /// Calls `body` with every object whose key starts with `prefix`, in key order, fetching pages of
    /// `pageSize` as it goes (the whole listing is never in memory).
    public func forEachObject(prefix: String = "", pageSize: Int = 1000, _ body: (S3ObjectSummary) throws -> Void) throws {
        var token: String?
        repeat {
            let page = try listObjects(prefix: prefix, continuationToken: token, maxKeys: pageSize)
            try page.objects.forEach(body)
            token = page.nextContinuationToken
        } while token != nil
    }
}
