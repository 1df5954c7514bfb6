import Foundation
import Testing
import KeepsakeS3
import KeepsakeStore
import KeepsakeSupport

/// A request of the published test suite, read from its text form.
private struct SuiteRequest {
    var request: SigV4Request
    var authorization: String?
    var body: Data

    init(_ text: String) {
        let parts = text.components(separatedBy: "\n\n")
        let head = parts[0].split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        body = Data(parts.dropFirst().joined(separator: "\n\n").utf8)
        let requestLine = head[0]
        let method = String(requestLine.prefix { $0 != " " })
        let target = String(requestLine.dropFirst(method.count + 1).dropLast(" HTTP/1.1".count))
        let pathEnd = target.firstIndex(of: "?") ?? target.endIndex
        var query: [(name: String, value: String)] = []
        if pathEnd < target.endIndex {
            for pair in target[target.index(after: pathEnd)...].split(separator: "&") {
                let fields = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                query.append((URIEncoding.decode(fields[0]), URIEncoding.decode(fields.count > 1 ? fields[1] : "")))
            }
        }
        var headers: [(name: String, value: String)] = []
        for line in head.dropFirst() {
            if line.first == " " || line.first == "\t", let last = headers.last {
                // The suite's files write further values of a header as continuation lines.
                headers.append((last.name, line.trimmingCharacters(in: .whitespaces)))
            } else if let colon = line.firstIndex(of: ":") {
                headers.append((String(line[..<colon]), String(line[line.index(after: colon)...])))
            }
        }
        authorization = headers.first { $0.name.lowercased() == "authorization" }?.value
        headers.removeAll { ["authorization", "x-amz-date"].contains($0.name.lowercased()) }
        request = SigV4Request(method: method, path: String(target[..<pathEnd]), query: query, headers: headers)
    }
}

@Suite("SigV4 signer")
struct SigV4SignerTests {
    /// 2015-08-30T12:36:00Z, the suite's time.
    private let suiteDate = Date(timeIntervalSince1970: 1_440_938_160)

    private func suiteSigner(_ name: String) -> SigV4Signer {
        let token = name == "get-vanilla-with-session-token" ? "6e86291e8372ff2a2260956d9b8aae1d763fbf315fa00fa31553b73ebf194267" : nil
        return SigV4Signer(credentials: S3Credentials(accessKeyID: "AKIDEXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY",
                                                      sessionToken: token),
                           region: "us-east-1", service: "service", pathStyle: .standard(normalize: !name.hasSuffix("-unnormalized")))
    }

    @Test("every header-signed request of the AWS test suite gets the suite's Authorization header", arguments: SigV4TestSuite.headerSigned.map(\.name))
    func headerSuite(name: String) throws {
        let text = try #require(SigV4TestSuite.headerSigned.first { $0.name == name }?.request)
        let parsed = SuiteRequest(text)
        var request = parsed.request
        let payloadHash = request.header("x-amz-content-sha256") ?? SHA256.hex(parsed.body)
        suiteSigner(name).sign(&request, payloadHash: payloadHash, date: suiteDate)
        #expect(request.header("Authorization") == parsed.authorization)
        #expect(request.header("x-amz-date") == "20150830T123600Z")
    }

    @Test("every presigned request of the AWS test suite gets the suite's signature", arguments: SigV4TestSuite.querySigned.map(\.name))
    func querySuite(name: String) throws {
        let text = try #require(SigV4TestSuite.querySigned.first { $0.name == name }?.request)
        var parsed = SuiteRequest(text)
        let expected = parsed.request.query.filter { $0.name.hasPrefix("X-Amz-") }
        parsed.request.query.removeAll { $0.name.hasPrefix("X-Amz-") }
        let added = suiteSigner(name).presignedQuery(parsed.request, expires: 3600, date: suiteDate, payloadHash: SigV4Signer.emptyPayloadHash)
        #expect(added.last?.name == "X-Amz-Signature")
        #expect(Dictionary(uniqueKeysWithValues: added.map { ($0.name, $0.value) }) == Dictionary(uniqueKeysWithValues: expected.map { ($0.name, $0.value) }))
    }

    private let s3Example = SigV4Signer(credentials: S3Credentials(accessKeyID: "AKIAIOSFODNN7EXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"),
                                        region: "us-east-1")
    /// 2013-05-24T00:00:00Z, the S3 documentation's time.
    private let s3Date = Date(timeIntervalSince1970: 1_369_353_600)

    @Test("the S3 documentation's GET Object, PUT Object, GET lifecycle and list examples get its signatures")
    func s3DocumentationExamples() {
        func signature(_ method: String, _ path: String, query: [(name: String, value: String)] = [], headers: [(name: String, value: String)] = [],
                       payload: String = SigV4Signer.emptyPayloadHash) -> String? {
            var request = SigV4Request(method: method, path: path, query: query,
                                       headers: [("Host", "examplebucket.s3.amazonaws.com"), ("x-amz-content-sha256", payload)] + headers)
            s3Example.sign(&request, payloadHash: payload, date: s3Date)
            return request.header("Authorization")?.components(separatedBy: "Signature=").last
        }
        #expect(signature("GET", "/test.txt", headers: [("Range", "bytes=0-9")]) == "f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41")
        let welcome = SHA256.hex(Data("Welcome to Amazon S3.".utf8))
        #expect(welcome == "44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072")
        #expect(signature("PUT", "/test$file.text", headers: [("Date", "Fri, 24 May 2013 00:00:00 GMT"), ("x-amz-storage-class", "REDUCED_REDUNDANCY")],
                          payload: welcome) == "98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd")
        #expect(signature("GET", "/", query: [("lifecycle", "")]) == "fea454ca298b7da1c68078a5d1bdbfbbe0d65c699e0f91ac7a200a0136783543")
        #expect(signature("GET", "/", query: [("prefix", "J"), ("max-keys", "2")]) == "34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7")
    }

    @Test("the S3 documentation's presigned GET gets its signature")
    func s3DocumentationPresign() {
        let request = SigV4Request(method: "GET", path: "/test.txt", headers: [("host", "examplebucket.s3.amazonaws.com")])
        let query = s3Example.presignedQuery(request, expires: 86_400, date: s3Date)
        #expect(query.last?.value == "aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404")
        #expect(query.first { $0.name == "X-Amz-Credential" }?.value == "AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request")
    }

    @Test("S3 paths are encoded once and never normalised")
    func pathEncoding() {
        let s3 = SigV4Signer(credentials: S3Credentials(accessKeyID: "a", secretAccessKey: "b"), region: "r")
        let request = SigV4Request(method: "GET", path: "/bucket/photos/./a b+c/행복.jpg", headers: [("host", "h")])
        let line = s3.canonicalRequest(request, payloadHash: "x").split(separator: "\n")[1]
        #expect(line == "/bucket/photos/./a%20b%2Bc/%ED%96%89%EB%B3%B5.jpg")
        #expect(URIEncoding.encode("a/b c~", keepSlashes: true) == "a/b%20c~")
        #expect(URIEncoding.decode("a%2Fb%20%E1%88%B4%zz") == "a/b ሴ%zz")
    }

    @Test("the credentials' description shows the key id, never the secret")
    func credentialsDescription() {
        let credentials = S3Credentials(accessKeyID: "AKIDVISIBLE", secretAccessKey: "very-secret-value", sessionToken: "token-value")
        #expect(credentials.description.contains("AKIDVISIBLE"))
        #expect(!credentials.description.contains("very-secret-value"))
        #expect(!credentials.description.contains("token-value"))
    }
}
