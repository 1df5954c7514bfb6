import Foundation
import Testing
@testable import KeepsakeStore

@Suite struct LayoutTests {
    @Test func defaultLocationFollowsXDGAndKeepsakeHome() throws {
        let xdg = try StoreLocation.defaultLocation(environment: ["HOME": "/home/u", "XDG_DATA_HOME": "/d", "XDG_CACHE_HOME": "/c"])
        #expect(xdg.dataDirectory.path == "/d/keepsake")
        #expect(xdg.cacheDirectory.path == "/c/keepsake")

        let fallback = try StoreLocation.defaultLocation(environment: ["HOME": "/home/u", "XDG_DATA_HOME": "relative/ignored"])
        #expect(fallback.dataDirectory.path == "/home/u/.local/share/keepsake")
        #expect(fallback.cacheDirectory.path == "/home/u/.cache/keepsake")

        let home = try StoreLocation.defaultLocation(environment: ["HOME": "/home/u", "KEEPSAKE_HOME": "/k"])
        #expect(home.dataDirectory.path == "/k")
        #expect(home.cacheDirectory.path == "/k/cache")
        #expect(home.databaseURL.path == "/k/keepsake.sqlite")

        #expect(throws: KeepsakeError.self) { try StoreLocation.defaultLocation(environment: [:]) }
    }

    @Test(arguments: ["../etc/passwd", "/etc/passwd", "attachments/../x", "a//b", "", "a/./b", "a/b\u{0}c", "a/b c", "a/\u{2028}", String(repeating: "x", count: 256)])
    func relativePathsThatCouldLeaveTheStoreAreRefused(_ path: String) {
        #expect {
            try RelativePath(path)
        } throws: { ($0 as? KeepsakeError)?.code == .unsafePath }
    }

    @Test func ordinaryRelativePathsAreAccepted() throws {
        let path = try RelativePath("attachments/diary/3f2504e0-4f89-41d3-9a0c-0305e82c3301/image_0-0123456789ab.jpg")
        #expect(path.components.count == 4)
        #expect(path.lastComponent == "image_0-0123456789ab.jpg")
    }

    @Test func aThumbnailLivesBesideItsOriginalUnderThumbnails() throws {
        let original = try RelativePath("attachments/diary/3f2504e0-4f89-41d3-9a0c-0305e82c3301/image_0-0123456789ab.jpg")
        #expect(Attachment.thumbnailPath(for: original, size: ThumbnailSize(maxPixels: 256), format: .jpeg).string
                == "thumbnails/diary/3f2504e0-4f89-41d3-9a0c-0305e82c3301/image_0-0123456789ab-256.jpg")
        let heic = try RelativePath("attachments/b/r/image_2-ff.heic")
        #expect(Attachment.thumbnailPath(for: heic, size: ThumbnailSize(maxPixels: 1024), format: .png).string == "thumbnails/b/r/image_2-ff-1024.png")
        #expect(Attachment.thumbnailPath(for: try RelativePath("a/b.jpg"), size: ThumbnailSize(maxPixels: 256), format: .jpeg).string == "thumbnails/b-256.jpg")
    }

    @Test(arguments: ["../../etc", "3F2504E0-4F89-41D3-9A0C-0305E82C330", "3F2504E0-4F89-41D3-9A0C-0305E82C3301/..", "x", "", "3F2504E0-4F89-41D3-9A0C-0305E82C3301\u{0}"])
    func recordIDsMustBeUUIDs(_ text: String) {
        #expect { try RecordID(parsing: text) } throws: { ($0 as? KeepsakeError)?.code == .invalidArgument }
    }

    @Test func recordIDsAreLowercaseUUIDs() throws {
        let id = try RecordID(parsing: "3F2504E0-4F89-41D3-9A0C-0305E82C3301")
        #expect(id.string == "3f2504e0-4f89-41d3-9a0c-0305e82c3301")
    }

    @Test(arguments: ["Diary", "../x", "", "a b", String(repeating: "a", count: 33), "1abc"])
    func collectionNamesAreCheckedBecauseTheyAreFolderNames(_ name: String) {
        #expect(throws: KeepsakeError.self) { try CollectionName(name) }
    }
}
