import Foundation
import Testing
import KeepsakeTestSupport
import KeepsakeDiary
import KeepsakeStore
@testable import KeepsakeViewModels
import KeepsakeSupport

@MainActor @Suite struct DiaryViewModelTests {
    @Test func composeValidatesThenSavesWithPhotosInOrder() async throws {
        let dir = TemporaryDirectory("vm")
        let diary = Diary(store: try TestStores.open(dir))
        let compose = DiaryComposeViewModel(diary: diary, emotion: .joy)
        #expect(await compose.save() == nil, "neither title nor text")
        #expect(compose.errorMessage != nil)

        compose.text = "Picnic by the river"
        compose.tagsText = "#summer, family"
        compose.intensity = 9
        #expect(!compose.validate())
        #expect(compose.errorMessage?.contains("1") == true)
        compose.intensity = 4
        compose.addImages(Array(Corpus.smallImages.prefix(3)).map(ImageSource.file))
        compose.moveImage(from: 2, to: 0)
        let saved = try #require(await compose.save())
        #expect(compose.errorMessage == nil)
        #expect(saved.tags == ["summer", "family"])
        #expect(saved.images.map(\.sourceSHA256) == [2, 0, 1].map { SHA256.hex(try! Data(contentsOf: Corpus.smallImages[$0])) })
    }

    @Test func composeRefusesAnEleventhPhotoAndACorruptOneLeavesNothingBehind() async throws {
        let dir = TemporaryDirectory("vm")
        let store = try TestStores.open(dir)
        let diary = Diary(store: store)
        let compose = DiaryComposeViewModel(diary: diary)
        compose.text = "too many"
        compose.addImages(Array(repeating: ImageSource.file(Corpus.smallImages[0]), count: 10))
        #expect(compose.errorMessage == nil)
        compose.addImages([.file(Corpus.smallImages[1])])
        #expect(compose.errorMessage?.contains("10") == true)
        #expect(compose.images.items.count == 10)

        compose.replaceImage(at: 9, with: .file(Corpus.corruptImage))
        #expect(await compose.save() == nil)
        #expect(compose.errorMessage?.contains("truncated_jpeg.jpg") == true)
        #expect(try store.status().totalRecords == 0)
        #expect(try store.fsck().isClean)
    }

    @Test func editingChangesTextAndPhotosTogether() async throws {
        let dir = TemporaryDirectory("vm")
        let diary = Diary(store: try TestStores.open(dir))
        let entry = try diary.create(DiaryDraft(emotion: .calm, text: "first", images: Corpus.smallImages.prefix(3).map(ImageSource.file)))
        let edit = DiaryComposeViewModel(diary: diary, editing: entry)
        #expect(edit.images.items.count == 3)
        edit.text = "second"
        edit.removeImage(at: 1)
        edit.replaceImage(at: 0, with: .file(Corpus.smallImages[4]))
        let saved = try #require(await edit.save())
        #expect(saved.text == "second")
        #expect(saved.images.count == 2)
        #expect(saved.images[1].id == entry.images[2].id, "the untouched photo is kept as it was")
        #expect(saved.images[0].sourceSHA256 == SHA256.hex(try Data(contentsOf: Corpus.smallImages[4])))
    }

    @Test func listPagesFiltersDeletesAndRestores() async throws {
        let dir = TemporaryDirectory("vm")
        let diary = Diary(store: try TestStores.open(dir))
        for index in 0..<7 {
            try diary.create(DiaryDraft(moment: Date(timeIntervalSince1970: 1_700_000_000 + Double(index) * 3600), emotion: index % 2 == 0 ? .joy : .sadness,
                                        text: "entry \(index)", tags: index == 3 ? ["special"] : []))
        }
        let list = DiaryListViewModel(diary: diary, pageSize: 3)
        await list.load()
        #expect(list.entries.map(\.text) == ["entry 6", "entry 5", "entry 4"])
        #expect(list.hasMore)
        await list.loadMore()
        await list.loadMore()
        #expect(list.entries.count == 7)
        #expect(!list.hasMore)

        list.filter = .emotion(.sadness)
        await list.load()
        #expect(list.entries.map(\.text) == ["entry 5", "entry 3", "entry 1"])
        list.filter = .tag("special")
        await list.load()
        #expect(list.entries.map(\.text) == ["entry 3"])
        list.filter = .search("entry")
        await list.load()
        #expect(list.entries.count == 7)

        let target = list.entries[0].id
        await list.delete(target)
        #expect(list.entries.count == 6)
        list.filter = .trash
        await list.load()
        #expect(list.entries.map(\.id) == [target])
        await list.restore(target)
        #expect(list.entries.isEmpty)
        #expect(list.errorMessage == nil)
    }

    @Test func aListRefreshesWhenAnotherStoreInstanceChangesTheDiary() async throws {
        let dir = TemporaryDirectory("vm")
        let diary = Diary(store: try TestStores.open(dir))
        let otherDiary = Diary(store: try TestStores.open(dir))  // as another process would
        let list = DiaryListViewModel(diary: diary)
        await list.load()
        #expect(list.entries.isEmpty)
        let watching = Task { await list.observeChanges(pollInterval: .milliseconds(20)) }
        defer { watching.cancel() }
        try await Task.sleep(for: .milliseconds(50))
        let created = try otherDiary.create(DiaryDraft(emotion: .love, text: "from elsewhere"))
        try await waitUntil { list.entries.map(\.id) == [created.id] }

        let detail = DiaryEntryViewModel(diary: diary, id: created.id)
        await detail.load()
        let watchingDetail = Task { await detail.observeChanges(pollInterval: .milliseconds(20)) }
        defer { watchingDetail.cancel() }
        try await Task.sleep(for: .milliseconds(50))
        try otherDiary.update(created.id, text: "changed elsewhere")
        try await waitUntil { detail.entry?.text == "changed elsewhere" }
        try otherDiary.delete(created.id)
        try await waitUntil { list.entries.isEmpty && detail.entry?.isTrashed == true }
    }

    @Test func aChangeMadeAfterTheListLoadedButBeforeWatchingStartedIsNotMissed() async throws {
        // A busy machine can start the watching task late: whatever changed since the list loaded
        // must still reach it, and only then do new changes arrive through the stream.
        let dir = TemporaryDirectory("vm-watch-late")
        let diary = Diary(store: try TestStores.open(dir))
        let otherDiary = Diary(store: try TestStores.open(dir))
        let list = DiaryListViewModel(diary: diary)
        await list.load()
        let early = try otherDiary.create(DiaryDraft(emotion: .calm, text: "before watching"))
        let watching = Task { await list.observeChanges(pollInterval: .milliseconds(20)) }
        defer { watching.cancel() }
        try await waitUntil { list.entries.map(\.id) == [early.id] }
        let later = try otherDiary.create(DiaryDraft(emotion: .love, text: "while watching"))
        try await waitUntil { Set(list.entries.map(\.id)) == [early.id, later.id] }
    }
}

/// Waits (up to 20 s, a loaded machine is slow) for a condition that another task makes true.
@MainActor
func waitUntil(_ condition: @MainActor () -> Bool) async throws {
    for _ in 0..<1000 {
        if condition() { return }
        try await Task.sleep(for: .milliseconds(20))
    }
    Issue.record("condition not met within 20 s")
}
