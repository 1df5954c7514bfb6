public import Foundation

extension S3Client {
    /// A URL that lets whoever holds it GET the object under `key` without credentials, until
    /// `expires` after `date` (at most 7 days): for answering a browser with a redirect instead of
    /// streaming the bytes through the server.
    public func presignedGetURL(key: String, expires: Duration = .seconds(900), date: Date = Date()) throws -> URL {
        try validate(key: key, operation: "presign")
        let seconds = Int(expires.components.seconds)
        guard (1...604_800).contains(seconds) else {
            throw S3Error(.invalidRequest, operation: "presign", bucket: bucket, key: key, message: "a presigned URL lasts 1 second to 7 days")
        }
        let request = SigV4Request(method: "GET", path: configuration.path(forKey: key), headers: [("host", configuration.hostHeader)])
        let query = signer.presignedQuery(request, expires: seconds, date: date)
        return URL(string: configuration.url(path: request.path, query: query))!
    }
}
