import Foundation
import Testing
import KeepsakeDiary
import KeepsakeStore
import KeepsakeTestSupport
import KeepsakeSupport

@Suite struct DiaryImageTests {
    let photos = Corpus.smallImages
    /// The SHA-256 of each photo's bytes (what `sourceSHA256` records).
    let hashes = Corpus.smallImages.map { SHA256.hex((try? Data(contentsOf: $0)) ?? Data()) }

    @Test func everyPerPhotoOperationKeepsTheOrderAndRemovesReplacedFilesAfterTheCommit() throws {
        let fixture = try DiaryFixture(maxImages: 5)
        let entry = try fixture.diary.create(DiaryDraft(moment: diaryDate("2026-11-29T10:00:00+09:00"), timeZone: diarySeoul, emotion: .excitement,
                                                        text: "Trip photos", images: photos[0..<3].map(ImageSource.file)))
        let (a, b, c) = (entry.images[0], entry.images[1], entry.images[2])

        // Add one at the end and one before position 1.
        var now = try fixture.diary.addImages([.file(photos[3])], to: entry.id)
        now = try fixture.diary.addImages([.file(photos[4])], to: entry.id, at: 1)
        let (d, e) = (now.images[4], now.images[1])
        #expect(now.images.map(\.id) == [a.id, e.id, b.id, c.id, d.id])
        #expect([e, d].map(\.sourceSHA256) == [hashes[4], hashes[3]])
        #expect(now.images.map(\.position) == [0, 1, 2, 3, 4])

        // A sixth photo is over this diary's limit of 5.
        #expect { try fixture.diary.addImages([.file(photos[5])], to: entry.id) } throws: {
            diaryError($0, .limitExceeded, "at most 5 photos; adding 1 would make 6")
        }

        // Replace the first: a new file, and the old one is gone.
        let oldFile = try fixture.store.originalURL(of: a)
        now = try fixture.diary.replaceImage(of: entry.id, at: 0, with: .file(photos[5]))
        let f = now.images[0]
        #expect(f.id != a.id && f.sourceSHA256 == hashes[5])
        #expect(!FileManager.default.fileExists(atPath: oldFile.path))
        #expect(now.images.map(\.id) == [f.id, e.id, b.id, c.id, d.id])

        // Remove the one at 2 (b); later ones move up.
        now = try fixture.diary.removeImage(of: entry.id, at: 2)
        #expect(now.images.map(\.id) == [f.id, e.id, c.id, d.id])

        // Move the last to the front, then reorder by a permutation; no file changes.
        now = try fixture.diary.moveImage(of: entry.id, from: 3, to: 0)
        #expect(now.images.map(\.id) == [d.id, f.id, e.id, c.id])
        now = try fixture.diary.reorderImages(of: entry.id, order: [3, 2, 1, 0])
        #expect(now.images.map(\.id) == [c.id, e.id, f.id, d.id])
        #expect(now.images.map(\.path) == [c.path, e.path, f.path, d.path])

        // The whole set at once: keep e and c, add a new photo and an identical copy of d's source.
        now = try fixture.diary.setImages(of: entry.id, to: [.existing(e.id), .new(.file(photos[6])), .existing(c.id), .new(.file(photos[3]))])
        #expect(now.images.count == 4)
        #expect(now.images[0].id == e.id && now.images[2].id == c.id)
        #expect(now.images[3].id == d.id, "a new photo with the same bytes reuses the stored file")
        #expect(now.images[1].sourceSHA256 == hashes[6])
        #expect { try fixture.diary.setImages(of: entry.id, to: photos[0..<6].map { .new(.file($0)) }) } throws: {
            diaryError($0, .limitExceeded, "at most 5 photos; 6 were given")
        }

        #expect(try fixture.diary.read(entry.id) == now)
        #expect(try fixture.store.fsck().isClean)
    }

    @Test func badPhotoOperationsAreRefusedAndChangeNothing() throws {
        let fixture = try DiaryFixture()
        let entry = try fixture.diary.create(DiaryDraft(moment: diaryDate("2026-11-29T10:00:00+09:00"), timeZone: diarySeoul, emotion: .calm,
                                                        text: "Two photos", images: photos[0..<2].map(ImageSource.file)))
        #expect { try fixture.diary.replaceImage(of: entry.id, at: 2, with: .file(photos[2])) } throws: {
            diaryError($0, .invalidArgument, "Image index 2 is out of range")
        }
        #expect { try fixture.diary.removeImage(of: entry.id, at: -1) } throws: { diaryError($0, .invalidArgument, "out of range") }
        #expect { try fixture.diary.moveImage(of: entry.id, from: 0, to: 5) } throws: { diaryError($0, .invalidArgument, "out of range") }
        #expect { try fixture.diary.reorderImages(of: entry.id, order: [0, 0]) } throws: { diaryError($0, .invalidArgument, "exactly once") }
        #expect { try fixture.diary.addImages([.file(Corpus.corruptImage)], to: entry.id) } throws: { ($0 as? KeepsakeError)?.code == .corruptImage }
        #expect { try fixture.diary.replaceImage(of: entry.id, at: 0, with: .file(Corpus.corruptImage)) } throws: {
            ($0 as? KeepsakeError)?.code == .corruptImage
        }
        #expect { try fixture.diary.addImages([.file(photos[2])], to: RecordID()) } throws: { diaryError($0, .notFound, "No diary entry") }
        let ledger = try fixture.store.create(RecordDraft(collection: "ledger", images: [.file(photos[0])]))
        #expect { try fixture.diary.removeImage(of: ledger.id, at: 0) } throws: { diaryError($0, .notFound, "No diary entry") }
        #expect(try fixture.store.record(ledger.id).images.count == 1)
        try fixture.diary.delete(entry.id)
        #expect { try fixture.diary.addImages([.file(photos[2])], to: entry.id) } throws: { diaryError($0, .conflict, "in the trash") }
        #expect(try fixture.diary.read(entry.id).images == entry.images)
        #expect(try fixture.store.fsck().isClean)
    }

    @Test func anEditCanSaveWordsAndTheWholePhotoSetTogether() throws {
        let fixture = try DiaryFixture(maxImages: 3)
        let entry = try fixture.diary.create(DiaryDraft(moment: diaryDate("2026-11-29T10:00:00+09:00"), timeZone: diarySeoul, emotion: .calm,
                                                        text: "Before", images: photos[0..<2].map(ImageSource.file)))
        let saved = try fixture.diary.update(entry.id, DiaryEdit(emotion: .joy, text: "After"),
                                             images: [.existing(entry.images[1].id), .new(.file(photos[2]))])
        #expect(saved.text == "After" && saved.emotion == .joy)
        #expect(saved.images.count == 2 && saved.images[0].id == entry.images[1].id && saved.images[1].sourceSHA256 == hashes[2])
        #expect(try fixture.diary.read(entry.id) == saved)

        // Checked before anything is written: a bad edit leaves the photos alone, too many photos leave the words alone.
        #expect { try fixture.diary.update(entry.id, DiaryEdit(intensity: 0), images: [.new(.file(photos[3]))]) } throws: {
            diaryError($0, .invalidArgument, "intensity 0")
        }
        #expect { try fixture.diary.update(entry.id, DiaryEdit(text: "Too many"), images: photos[0..<4].map { .new(.file($0)) }) } throws: {
            diaryError($0, .limitExceeded, "at most 3 photos; 4 were given")
        }
        // Words and photos change in one atomic operation: an unreadable photo leaves the words alone too.
        #expect { try fixture.diary.update(entry.id, DiaryEdit(text: "Corrupt"), images: [.new(.file(Corpus.corruptImage))]) } throws: {
            ($0 as? KeepsakeError)?.code == .corruptImage
        }
        #expect(try fixture.diary.read(entry.id) == saved)
        #expect(try fixture.store.fsck().isClean)
    }
}
