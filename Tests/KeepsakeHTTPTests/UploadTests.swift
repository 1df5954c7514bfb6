import Foundation
import KeepsakeHTTP
import KeepsakeTestSupport
import Testing

/// multipart/form-data uploads: streamed to staged files, limits, clean-up.
@Suite struct UploadTests {
    @Test func fiveMegabyteUploadIsStreamedToAStagedFile() throws {
        let seen = Recorder<UploadedFile>()
        let fixture = try ServerFixture { request in
            guard let file = request.files.first, request.form["title"] == "Sunset",
                  FileManager.default.fileExists(atPath: file.url.path) else { return .badRequest() }
            seen.record(file)
            return .text(try sha256(of: file.url))
        }
        let source = try makeRandomFile(in: fixture.root, name: "photo.jpg", count: 5_000_000)
        let response = try curl(["-F", "title=Sunset", "-F", "photo=@\(source.path);type=image/jpeg",
                                 fixture.url("/upload")])
        #expect(response.status == 200)
        #expect(response.text == (try sha256(of: source)))

        let file = try #require(seen.values.first)
        #expect(file.fieldName == "photo")
        #expect(file.fileName == "photo.jpg")
        #expect(file.contentType == "image/jpeg")
        #expect(file.byteCount == 5_000_000)
        #expect(file.url.deletingLastPathComponent().standardizedFileURL.path
                == fixture.staging.standardizedFileURL.path)
        #expect(!FileManager.default.fileExists(atPath: file.url.path))
        #expect(fixture.stagedFiles.isEmpty)
    }

    @Test func twentyConcurrentUploadsAllArriveIntact() throws {
        let fixture = try ServerFixture { request in
            guard let file = request.files.first else { return .badRequest() }
            return .text(try sha256(of: file.url))
        }
        let source = try makeRandomFile(in: fixture.root, name: "photo.jpg", count: 1_000_000)
        let responses = try curlConcurrently((0..<20).map {
            ["-F", "photo=@\(source.path)", fixture.url("/upload/\($0)")]
        })
        let expected = try sha256(of: source)
        #expect(responses.map(\.status) == Array(repeating: 200, count: 20))
        #expect(responses.map(\.text) == Array(repeating: expected, count: 20))
        #expect(fixture.stagedFiles.isEmpty)
    }

    @Test func severalFilesKeepTheirOrderAndFieldNames() throws {
        let seen = Recorder<HTTPRequest>()
        let fixture = try ServerFixture { request in
            seen.record(request)
            return .text("ok")
        }
        let one = try makeRandomFile(in: fixture.root, name: "one.bin", count: 10)
        let two = try makeRandomFile(in: fixture.root, name: "two.bin", count: 20_000)
        let three = try makeRandomFile(in: fixture.root, name: "three.bin", count: 0)
        let response = try curl(["-F", "a=@\(one.path)", "-F", "note=between", "-F", "b=@\(two.path)",
                                 "-F", "a=@\(three.path);filename=../../etc/passwd",
                                 "-F", "a=@\(one.path);filename=C:\\Users\\me\\cat.png",
                                 fixture.url("/upload")])
        #expect(response.status == 200)
        let request = try #require(seen.values.first)
        #expect(request.files.map(\.fieldName) == ["a", "b", "a", "a"])
        #expect(request.files.map(\.byteCount) == [10, 20_000, 0, 10])
        #expect(request.files.map(\.fileName) == ["one.bin", "two.bin", "passwd", "cat.png"])
        #expect(request.form.pairs.map(\.name) == ["note"])
        #expect(request.form["note"] == "between")
        #expect(fixture.stagedFiles.isEmpty)
    }

    @Test func aFileTheHandlerMovesAwayIsKept() throws {
        let kept = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: kept) }
        let fixture = try ServerFixture { request in
            guard let file = request.files.first else { return .badRequest() }
            try FileManager.default.moveItem(at: file.url, to: kept.appendingPathComponent("kept.bin"))
            return .text("kept")
        }
        let source = try makeRandomFile(in: fixture.root, name: "x.bin", count: 4_096)
        #expect(try curl(["-F", "f=@\(source.path)", fixture.url("/")]).text == "kept")
        #expect(try sha256(of: kept.appendingPathComponent("kept.bin")) == (try sha256(of: source)))
        #expect(fixture.stagedFiles.isEmpty)
    }

    @Test func aFileOverTheLimitIs413AndLeavesNoStagedFile() throws {
        let calls = Recorder<String>()
        let fixture = try ServerFixture(limits: HTTPLimits(maxFileBytes: 1 << 20)) { request in
            calls.record(request.path)
            return .text("ok")
        }
        let small = try makeRandomFile(in: fixture.root, name: "small.bin", count: 1_000)
        let large = try makeRandomFile(in: fixture.root, name: "large.jpg", count: 2 << 20)
        let response = try curl(["-F", "a=@\(small.path)", "-F", "b=@\(large.path)", fixture.url("/upload")])
        #expect(response.status == 413)
        #expect(response.text.contains("A file is too large"))
        #expect(!response.text.contains("large.jpg"), "the client's file name is never quoted back")
        #expect(response.text.contains("1 MB"))
        #expect(calls.values.isEmpty)
        #expect(fixture.stagedFiles.isEmpty)
    }

    @Test func tooManyFilesIs400() throws {
        let fixture = try ServerFixture(limits: HTTPLimits(maxFiles: 2)) { _ in .text("ok") }
        let file = try makeRandomFile(in: fixture.root, name: "f.bin", count: 50_000)
        let response = try curl(["-F", "f=@\(file.path)", "-F", "f=@\(file.path)", "-F", "f=@\(file.path)",
                                 fixture.url("/upload")])
        #expect(response.status == 400)
        #expect(response.text.contains("Too many files: at most 2"))
        #expect(fixture.stagedFiles.isEmpty)
        // Exactly at the limit is fine.
        #expect(try curl(["-F", "f=@\(file.path)", "-F", "f=@\(file.path)", fixture.url("/upload")]).status == 200)
    }

    @Test func aFieldOverTheLimitIs413() throws {
        let fixture = try ServerFixture(limits: HTTPLimits(maxFieldBytes: 100)) { _ in .text("ok") }
        let long = String(repeating: "x", count: 101)
        let multipart = try curl(["-F", "comment=\(long)", fixture.url("/")])
        #expect(multipart.status == 413)
        #expect(multipart.text.contains("A form field is over the limit"))
        #expect(!multipart.text.contains("comment"), "the client's field name is never quoted back")
        let urlencoded = try curl(["-d", "comment=\(long)", fixture.url("/")])
        #expect(urlencoded.status == 413)
        #expect(try curl(["-d", "comment=\(String(long.dropFirst()))", fixture.url("/")]).status == 200)
    }

    @Test func aBodyOverTheLimitWithContentLengthIs413BeforeItIsRead() throws {
        let calls = Recorder<String>()
        let fixture = try ServerFixture(limits: HTTPLimits(maxBodyBytes: 100_000)) { request in
            calls.record(request.path)
            return .text("ok")
        }
        let file = try makeRandomFile(in: fixture.root, name: "big.bin", count: 3_000_000)
        let multipart = try curl(["-F", "f=@\(file.path)", fixture.url("/upload")])
        #expect(multipart.status == 413)
        #expect(multipart.text.contains("over the limit of 97.7 KB"))
        // Four times the limit, not thirty: the server answers without reading the body and closes,
        // and a client still sending megabytes when the close's reset arrives can lose the answer
        // (a lingering close would keep it; issue 21). Seen once in a full run with the 3 MB file.
        let smaller = try makeRandomFile(in: fixture.root, name: "over.bin", count: 400_000)
        let raw = try curl(["-H", "Expect:", "-H", "Content-Type: application/octet-stream",
                            "--data-binary", "@\(smaller.path)", fixture.url("/raw")])
        #expect(raw.status == 413)
        #expect(calls.values.isEmpty)
        #expect(fixture.stagedFiles.isEmpty)
    }

    @Test func aChunkedBodyOverTheLimitClosesTheConnection() throws {
        let calls = Recorder<String>()
        let limits = HTTPLimits(maxBodyBytes: 100_000, maxInMemoryBodyBytes: 10_000)
        let fixture = try ServerFixture(limits: limits) { request in
            calls.record(request.path)
            return .text("ok")
        }
        let file = try makeRandomFile(in: fixture.root, name: "big.bin", count: 1_000_000)
        let chunked = ["-H", "Transfer-Encoding: chunked", "-H", "Content-Type: application/octet-stream"]
        let response = try curl(chunked + ["--data-binary", "@\(file.path)", fixture.url("/raw")])
        #expect(response.status == 0)
        #expect(response.exitCode != 0)
        #expect(calls.values.isEmpty)
        #expect(fixture.stagedFiles.isEmpty)
        // A chunked body within the limit is accepted (and staged, being over 10 KB).
        let small = try makeRandomFile(in: fixture.root, name: "small.bin", count: 50_000)
        let accepted = try curl(chunked + ["--data-binary", "@\(small.path)", fixture.url("/raw")])
        #expect(accepted.status == 200, "curl exit \(accepted.exitCode): \(accepted.text)")
    }

    @Test func malformedMultipartIs400() throws {
        let fixture = try ServerFixture { _ in .text("ok") }
        let noBoundary = try curl(["-H", "Content-Type: multipart/form-data", "--data-binary", "hello",
                                   fixture.url("/")])
        #expect(noBoundary.status == 400)
        let truncated = "--XYZ\r\nContent-Disposition: form-data; name=\"f\"; filename=\"a.txt\"\r\n\r\nhalf a fi"
        let cut = try curl(["-H", "Content-Type: multipart/form-data; boundary=XYZ", "--data-binary", truncated,
                            fixture.url("/")])
        #expect(cut.status == 400)
        #expect(fixture.stagedFiles.isEmpty)
    }

    @Test func anAbandonedUploadLeavesNoStagedFile() throws {
        let calls = Recorder<String>()
        let fixture = try ServerFixture { request in
            calls.record(request.path)
            return .text("ok")
        }
        let file = try makeRandomFile(in: fixture.root, name: "big.bin", count: 4_000_000)
        // curl gives up after 0.5 s of a 1 MB/s upload; the server must notice and clean up.
        let response = try curl(["--limit-rate", "1M", "--max-time", "0.5", "-F", "f=@\(file.path)", fixture.url("/")])
        #expect(response.exitCode == 28) // curl: operation timed out
        let deadline = Date().addingTimeInterval(5)
        while !fixture.stagedFiles.isEmpty && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.05)
        }
        #expect(fixture.stagedFiles.isEmpty)
        #expect(calls.values.isEmpty)
    }
}
