import Foundation
import KeepsakeDiary
import KeepsakeStore
import KeepsakeTestSupport
import Testing
import KeepsakeSupport

/// What streaming images from the object store costs a real `keepsake serve` process in memory:
/// its peak resident memory (`VmHWM`, reset just before) while it sends a ~40 MB original from
/// PostgreSQL + S3, alone and four at once.
@Suite struct ImageStreamingMemoryTests {
    @Test func aServeProcessStreamsLargeOriginalsFromTheObjectStoreWithoutHoldingThemInMemory() throws {
        let place = try PostgresS3StorePlace(label: "stream-memory")
        let folder = TemporaryDirectory("stream-memory")
        let photo = try LargePhoto.make(in: folder, width: 3800, height: 2800)
        let (entryID, image) = try { () throws -> (RecordID, KeepsakeStore.Attachment) in
            let store = try place.open()
            let entry = try Diary(store: store).create(sampleDraft(images: [.file(photo)]))
            return (entry.id, entry.images[0])
        }()
        try #require(image.byteSize > 35_000_000)
        let server = try ServeProcess(storeArguments: place.storeArguments, environment: place.processEnvironment, log: folder.appending("serve.log"))
        let curl = URL(fileURLWithPath: "/usr/bin/curl")
        let original = "\(server.url)/images/\(entryID.string)/\(image.id)/original"

        // Warm up the code paths and the connections to PostgreSQL and radosgw.
        let warm = try runProcess(curl, ["-sS", "-i", "\(server.url)/images/\(entryID.string)/\(image.id)/256"])
        #expect(warm.stdout.hasPrefix("HTTP/1.1 200"), "\(warm.stdout.prefix(600)) \((try? String(contentsOf: folder.appending("serve.log"), encoding: .utf8)) ?? "")")
        let head = try runProcess(curl, ["-sS", "-I", "-f", original])
        #expect(head.status == 0 && head.stdout.contains("Content-Length: \(image.byteSize)\r\n"), "\(head.stdout)")

        try server.resetPeak()
        let before = try server.memory()
        let download = folder.appending("download.jpg")
        let one = try runProcess(curl, ["-sS", "-f", "-o", download.path, "-D", "-", "-w", "%{size_download}", original])
        let alone = try server.memory()
        #expect(one.status == 0, "\(one.stderr)")
        #expect(one.stdout.contains("Content-Length: \(image.byteSize)\r\n") && one.stdout.hasSuffix("\r\n\(image.byteSize)"), "\(one.stdout.suffix(200))")
        #expect(SHA256.hex(try Data(contentsOf: download)) == image.sha256, "the bytes sent are the stored original's")
        try FileManager.default.removeItem(at: download)

        try server.resetPeak()
        let beforeFour = try server.memory()
        let downloads = (1...4).map { folder.appending("download-\($0).jpg") }
        let group = DispatchGroup()
        let statuses = Statuses()
        for target in downloads {
            DispatchQueue.global().async(group: group) {
                statuses.add((try? runProcess(curl, ["-sS", "-f", "-o", target.path, original]))?.status ?? -1)
            }
        }
        group.wait()
        let four = try server.memory()
        #expect(statuses.all == [0, 0, 0, 0])
        for target in downloads { #expect(SHA256.hex(try Data(contentsOf: target)) == image.sha256) }

        let megabyte = 1024.0 * 1024.0
        let riseAlone = alone.peak - before.resident, riseFour = four.peak - beforeFour.resident
        print(String(format: "image streaming memory: original %.1f MB; keepsake serve (postgres+s3) resident %.1f MB before, peak +%.1f MB for one download, +%.1f MB for four at once",
                     Double(image.byteSize) / megabyte, Double(before.resident) / megabyte, Double(riseAlone) / megabyte, Double(riseFour) / megabyte))
        // Holding the object would add at least its size (libmicrohttpd copies a buffer: twice).
        #expect(Double(riseAlone) < Double(image.byteSize) / 8, "one download raised the server's peak by \(riseAlone) bytes")
        #expect(Double(riseFour) < Double(image.byteSize) / 2, "four downloads raised the server's peak by \(riseFour) bytes")
        server.stop()
    }

    /// Exit statuses collected from several threads.
    final class Statuses: @unchecked Sendable {
        // @unchecked Sendable: `values` is used only under `lock`.
        private let lock = NSLock()
        private var values: [Int32] = []
        func add(_ status: Int32) { lock.withLock { values.append(status) } }
        var all: [Int32] { lock.withLock { values } }
    }
}
