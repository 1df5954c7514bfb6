import Foundation
import Testing
import KeepsakeImaging
import KeepsakeStore
import KeepsakeTestSupport

/// The engine example shown in the README.
func engineReadmeExample(folder: URL) throws {
    let store = try Store(location: StoreLocation(root: folder), imageProcessor: VipsImageProcessor())
    let entry = try store.create(RecordDraft(collection: "diary", fields: ["title": .string("Picnic")],
                                             images: [.file(Corpus.url("jpeg/testorig.jpg")), .file(Corpus.url("png/toucan.png"))]))
    try store.replaceImage(of: entry.id, at: 0, with: .file(Corpus.url("webp/test.webp")))  // old file removed after the commit
    try store.reorderImages(of: entry.id, order: [1, 0])                                      // no file is touched
    let page = try store.list(RecordQuery(collection: "diary"))       // newest first; page.nextCursor continues
    print(page.records[0].images.map { $0.thumbnailPath(.small).string })  // lists carry thumbnails, never decode originals
    try store.trash(entry.id)                                          // restore(_:) brings it back
    print(try store.fsck().isClean)                                    // true
}

@Suite struct EngineReadmeExampleTests {
    @Test func theReadmeExampleRunsOnAFreshStore() throws {
        let dir = TemporaryDirectory("engine-readme")
        try engineReadmeExample(folder: dir.url)
        let store = try TestStores.open(dir)
        #expect(try store.count("diary", trash: .trashed) == 1)
        #expect(try store.fsck().isClean)
    }
}
