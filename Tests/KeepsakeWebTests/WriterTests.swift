import Foundation
import KeepsakeDiary
import KeepsakeFeed
import KeepsakeHTTP
import KeepsakeLedger
import KeepsakeStore
import KeepsakeTestSupport
@testable import KeepsakeWeb
import Testing

/// The one write path (``AppWriters``) as the pages and the API call it: the upload limits checked
/// once and said in the request's language, the photos counted against the app's limit before any
/// is read, the app's own rules, typed refusals, and nothing stored on a refusal.
@Suite struct WriterTests {
    static let small = WebLimits(maxFileBytes: 100_000, maxRequestBytes: 300_000, maxPhotos: 10)

    /// The writers of a fresh store, with `limits`.
    static func writers(_ directory: TemporaryDirectory, limits: WebLimits = small) throws -> (AppWriters, Store) {
        let store = try TestStores.open(directory)
        let writers = AppWriters(apps: CallerApps(operatorStore: store, maxPhotos: limits.maxPhotos, caller: .localOperator), limits: limits)
        return (writers, store)
    }

    /// `url` as the HTTP layer hands over an upload named `name`.
    static func upload(_ url: URL, name: String) throws -> UploadedFile {
        let size = try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int ?? 0
        return UploadedFile(fieldName: "photos", fileName: name, contentType: "image/jpeg", byteCount: size, url: url)
    }

    @Test func aFileOverTheLimitIsRefusedInTheRequestsLanguageBeforeAnythingIsRead() throws {
        let directory = TemporaryDirectory("writer")
        let (writers, store) = try Self.writers(directory)
        let big = try Self.upload(try randomFile(in: directory, name: "staged-1", count: 150_000), name: "큰사진.jpg")
        let draft = DiaryDraft(emotion: .joy, text: "x", images: [.file(big.url)])
        for (language, sentence) in [(Language.english, "a file can be at most"), (.korean, "파일 하나는 최대")] {
            let refusal = #expect(throws: WriteRefusal.self) { try writers.diary.create(draft, files: [big], language: language) }
            #expect(refusal?.status == .contentTooLarge)
            #expect(refusal?.error.code == .limitExceeded)
            #expect(refusal?.message.contains(sentence) == true, "\(refusal?.message ?? "")")
            #expect(refusal?.message.contains("큰사진.jpg") == true, "the refusal names the file as the user named it")
            #expect(refusal?.error.message.contains("a file can be at most") == true, "the typed error is in English for logs and the API")
        }
        #expect(try store.status().totalRecords == 0)
    }

    @Test func photosAreCountedOnceAgainstTheAppsLimitForNewRecordsAndEdits() throws {
        let directory = TemporaryDirectory("writer")
        let (writers, store) = try Self.writers(directory, limits: WebLimits(maxFileBytes: 100_000, maxRequestBytes: 300_000, maxPhotos: 2))
        let missing = directory.appending("never-read.jpg")  // counted before it is read: no such file is needed
        let three = Array(repeating: ImageSource.file(missing), count: 3)
        let refused = #expect(throws: WriteRefusal.self) {
            try writers.feed.create(FeedDraft(title: "Three", images: three), files: [], language: .english)
        }
        #expect(refused?.status == .contentTooLarge)
        #expect(refused?.message.contains("at most 2 photos") == true, "\(refused?.message ?? "")")
        let entry = try writers.diary.create(DiaryDraft(emotion: .calm, text: "no photos"), files: [], language: .english)
        let edit = #expect(throws: WriteRefusal.self) {
            try writers.diary.update(entry.id, DiaryEdit(text: "three photos"), images: three.map(ImageSlot.new), files: [], language: .korean)
        }
        #expect(edit?.error.code == .limitExceeded)
        #expect(edit?.message.hasPrefix("허용된 개수를 넘습니다") == true, "Korean summary first: \(edit?.message ?? "")")
        #expect(try store.status().totalRecords == 1)
    }

    @Test func theAppsOwnRulesAndVersionsRefuseWithTheirCodes() throws {
        let directory = TemporaryDirectory("writer")
        let (writers, _) = try Self.writers(directory)
        let empty = #expect(throws: WriteRefusal.self) {
            try writers.diary.create(DiaryDraft(emotion: .calm), files: [], language: .english)
        }
        #expect(empty?.status == .badRequest, "neither title nor text: the diary's own rule")
        let post = try writers.feed.create(FeedDraft(title: "First"), files: [], language: .english)
        let stale = #expect(throws: WriteRefusal.self) {
            try writers.path.update(writers.feed.feed, post.id, FeedEdit(title: "Second"), expectedVersion: post.version + 1, language: .english)
        }
        #expect(stale?.error.code == .conflict)
        let trashed = try writers.feed.trash(post.id, language: .english)
        #expect(trashed.isTrashed)
        #expect(try writers.feed.trash(post.id, restore: true, language: .english).isTrashed == false)
        let draft = try LedgerTransactionDraft(typedDate: "2026-03-14", kind: .expense, amount: "12000", currencyCode: "krw",
                                               category: "Food", memo: "")
        let transaction = try writers.ledger.create(draft, files: [], language: .english)
        #expect(transaction.amount.currency.code == "KRW")
        #expect(throws: KeepsakeError.self) {
            try LedgerTransactionDraft(typedDate: "2026-03-14", kind: .expense, amount: "1", currencyCode: "KRW", category: " ", memo: "")
        }
    }
}
