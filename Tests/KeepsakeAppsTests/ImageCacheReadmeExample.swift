import Foundation
import Testing
import KeepsakeImageCache
import KeepsakeStore
import KeepsakeTestSupport

/// The named image cache example shown in the README.
func imageCacheReadmeExample(store: Store) throws {
    let cache = NamedImageCache(store: store)        // <store cache folder>/named-images: safe to delete any time
    // Saved through the image processor, written atomically; the extension follows the format.
    let avatarURL = try cache.save(.file(Corpus.url("png/toucan.png")), named: "avatar")          // avatar.png
    try cache.save(.file(Corpus.url("jpeg/testorig.jpg")), named: "banner", format: .jpeg(quality: 80))
    let avatar = try cache.data(named: "avatar")     // the PNG bytes; nil when there is no such image
    let names = try cache.names()                    // ["avatar", "banner"]
    try cache.delete(named: "banner")
    _ = (avatarURL, avatar, names)
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
