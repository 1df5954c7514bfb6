import Foundation
#if canImport(Glibc)
import Glibc
#endif
import KeepsakeHTTP
import KeepsakeTestSupport
import Testing

/// Responses from a descriptor the handler opened: sent with sendfile, closed by the server.
@Suite struct OpenFileTests {
    /// Whether `descriptor` is still open on the file with inode `inode` (a closed number may be
    /// reused at once by another test's open, so the inode tells the two apart).
    static func isOpen(_ descriptor: Int32, on inode: UInt) -> Bool {
        var info = stat()
        return fstat(descriptor, &info) == 0 && UInt(info.st_ino) == inode
    }

    static func inode(of url: URL) throws -> UInt {
        var info = stat()
        try #require(stat(url.path, &info) == 0)
        return UInt(info.st_ino)
    }

    @Test func anOpenFileIsSentWholeFromItsDescriptorWhichTheServerThenCloses() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let image = try makeRandomFile(in: directory, name: "thumb.jpg", count: 70_000)
        let inode = try Self.inode(of: image)
        let opened = Recorder<Int32>()
        let fixture = try ServerFixture { _ in
            let descriptor = open(image.path, O_RDONLY | O_CLOEXEC)
            opened.record(descriptor)
            return .file(try OpenFile(descriptor: descriptor), contentType: "image/jpeg")
        }
        let response = try curl([fixture.url("/thumb")])
        #expect(response.status == 200)
        #expect(response.header("Content-Length") == "70000")
        #expect(response.header("Content-Type") == "image/jpeg")
        #expect(response.body == (try Data(contentsOf: image)))
        let descriptor = try #require(opened.values.first)
        #expect(!Self.isOpen(descriptor, on: inode), "the server kept descriptor \(descriptor) open")

        let head = try exchange(port: fixture.server.port, "HEAD /thumb HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n").text
        #expect(head.hasPrefix("HTTP/1.1 200 OK\r\n") && head.contains("Content-Length: 70000\r\n") && head.hasSuffix("\r\n\r\n"))
        #expect(opened.values.count == 2 && !Self.isOpen(opened.values[1], on: inode), "HEAD left its descriptor open")
    }

    @Test func aRangeOfAnOpenFileIsSentFromItsOffsetAndABadRangeIsRefusedAndClosed() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let image = try makeRandomFile(in: directory, name: "range.jpg", count: 100_000)
        let inode = try Self.inode(of: image)
        let fixture = try ServerFixture { _ in
            let descriptor = open(image.path, O_RDONLY | O_CLOEXEC)
            var response = HTTPResponse.file(try OpenFile(descriptor: descriptor, range: 1_000..<51_000), contentType: "image/jpeg")
            response.status = .partialContent
            return response
        }
        let response = try curl([fixture.url("/part")])
        #expect(response.status == 206)
        #expect(response.header("Content-Length") == "50000")
        #expect(response.body == (try Data(contentsOf: image))[1_000..<51_000])

        for bad in [99_000..<100_001, 5..<5] {
            let descriptor = open(image.path, O_RDONLY | O_CLOEXEC)
            try #require(descriptor >= 0)
            #expect(throws: OpenFile.Failure.self) { _ = try OpenFile(descriptor: descriptor, range: bad) }
            #expect(!Self.isOpen(descriptor, on: inode), "the refused descriptor was left open")
        }
    }

    @Test func aResponseThatIsNeverSentClosesItsDescriptor() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let image = try makeRandomFile(in: directory, name: "unsent.jpg", count: 1_000)
        let inode = try Self.inode(of: image)
        let descriptor = open(image.path, O_RDONLY | O_CLOEXEC)
        try #require(descriptor >= 0)
        do {
            let file = try OpenFile(descriptor: descriptor)
            #expect(file.size == 1_000)
            let response = HTTPResponse.file(file, contentType: "image/jpeg")
            #expect(Self.isOpen(descriptor, on: inode))
            _ = response
        }
        #expect(!Self.isOpen(descriptor, on: inode), "dropping the response left the file open")
    }

    @Test func onlyRegularFilesCanBeSentAndARefusedDescriptorIsClosed() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let folder = open(directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        try #require(folder >= 0)
        #expect(throws: OpenFile.Failure.self) { _ = try OpenFile(descriptor: folder) }
        let folderInode = try Self.inode(of: directory)
        #expect(!Self.isOpen(folder, on: folderInode), "the refused descriptor was left open")

        let link = directory.appendingPathComponent("link.jpg")
        let target = try makeRandomFile(in: directory, name: "target.jpg", count: 10)
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        #expect(throws: OpenFile.Failure.self) { _ = try OpenFile.open(link, followLinks: false) }
        #expect(try OpenFile.open(link).size == 10)
    }

    @Test func responsesOnOneConnectionShareIt() throws {
        // Keep-alive: curl fetches three images over the connection the first one opened.
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let image = try makeRandomFile(in: directory, name: "a.jpg", count: 5_000)
        let fixture = try ServerFixture { _ in .file(try OpenFile.open(image), contentType: "image/jpeg") }
        let (status, output) = try run("/usr/bin/curl", ["-sS", "-o", "/dev/null", "-o", "/dev/null", "-o", "/dev/null",
                                                         "-w", "%{http_code} %{num_connects}\n",
                                                         fixture.url("/1"), fixture.url("/2"), fixture.url("/3")])
        #expect(status == 0)
        #expect(String(decoding: output, as: UTF8.self) == "200 1\n200 0\n200 0\n", "\(String(decoding: output, as: UTF8.self))")
    }
}
