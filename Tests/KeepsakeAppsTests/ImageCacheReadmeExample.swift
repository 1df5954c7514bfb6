import Foundation
import Testing
import KeepsakeImageCache
import KeepsakeStore
import KeepsakeTestSupport

/// The named image cache example shown in the README.
func imageCacheReadmeExample(store: Store) throws {
    let cache = NamedImageCache(store: store)        // <store cache folder>/named-images: safe to delete any time
    // Encoded through the image processor and written atomically; the extension follows the format.
    try cache.save(.file(Corpus.url("png/toucan.png")), named: "avatar")                  // avatar.png
    try cache.save(.file(Corpus.url("jpeg/testorig.jpg")), named: "banner", format: .jpeg(quality: 80))  // banner.jpg
    if let avatar = try cache.data(named: "avatar") {  // nil when there is no such image
        print("avatar:", avatar.count, "bytes at", try cache.url(named: "avatar")?.path ?? "-")
    }
    print(try cache.names())                         // ["avatar", "banner"]
    try cache.delete(named: "banner")
    try cache.clear()                                // every cached image, then the folder itself
}

@Suite struct ImageCacheReadmeExampleTests {
    @Test func theReadmeExampleRunsOnAFreshStore() throws {
        let dir = TemporaryDirectory("imagecache-readme")
        let store = try TestStores.open(dir)
        try imageCacheReadmeExample(store: store)
        #expect(FileInspector.kind(of: NamedImageCache(store: store).folder.path) == .missing)
    }
}
