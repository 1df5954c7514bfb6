import Foundation
import KeepsakeDiary
import KeepsakeFeed
import KeepsakeLedger
import KeepsakeStore
import KeepsakeTestSupport
import KeepsakeWeb
import Testing

/// The pages through real HTTP: compose and edit with ordered photos, escaping, the ledger, the
/// feed's paging, trash and restore, the store check, and changes made outside the server.
@Suite struct PageTests {
    @Test func composeWithOrderedPhotosThenReorderReplaceAndRemove() async throws {
        let fixture = try WebFixture()
        // As the page's script sends them: each picked photo in its own field, the order in `order`.
        let created = try await fixture.post("/diary/new", fields: [
            "title=Picnic", "emotion=joy", "intensity=4", "moment=2026-11-29T14:30", "timeZone=Asia/Seoul", "text=By the river.",
            "tags=friends, 한강", "order=nB,nA,nC",
            "new-nA=@\(Photos.wide.path);type=image/jpeg", "new-nB=@\(Photos.toucan.path);type=image/png",
            "new-nC=@\(Photos.square.path);type=image/webp",
        ])
        #expect(created.status == 303)
        let location = try #require(created.header("Location"))
        let id = try RecordID(parsing: String(location.dropFirst("/diary/".count)))
        let diary = Diary(store: fixture.store)
        var entry = try diary.read(id)
        #expect(entry.images.map(\.width) == [162, 227, 128])
        #expect(entry.title == "Picnic")
        #expect(entry.tags == ["friends", "한강"])
        #expect(entry.day.string == "2026-11-29")
        #expect(entry.timeZone.identifier == "Asia/Seoul")

        let page = try await fixture.get(location)
        #expect(page.status == 200)
        #expect(page.text.contains("Picnic"))

        // Edit: square first, toucan replaced by a tiny photo at its place, wide removed.
        let (toucan, wide, square) = (entry.images[0], entry.images[1], entry.images[2])
        let edited = try await fixture.post("/diary/\(id.string)/edit", fields: [
            "title=Picnic, again", "emotion=calm", "intensity=2", "moment=2026-11-29T14:30", "timeZone=Asia/Seoul", "text=Edited.",
            "order=s\(square.id),s\(toucan.id),s\(wide.id)", "remove=s\(wide.id)",
            "replace-s\(toucan.id)=@\(Photos.tiny.path);type=image/png",
        ])
        #expect(edited.status == 303)
        entry = try diary.read(id)
        #expect(entry.images.map(\.width) == [128, 32])
        #expect(entry.images[0].id == square.id, "the kept photo is not rewritten")
        #expect(entry.emotion == .calm)
        #expect(entry.title == "Picnic, again")
        #expect(try fixture.store.fsck(repair: false).isClean)
        #expect(fixture.stagedUploads.isEmpty)

        // Without the script: photos appended from the picker field, in order.
        let plain = try await fixture.post("/diary/\(id.string)/edit", fields: [
            "title=Picnic, again", "emotion=calm", "intensity=2", "text=Edited.", "order=s\(entry.images[0].id),s\(entry.images[1].id)",
            "photos=@\(Photos.wide.path);type=image/jpeg",
        ])
        #expect(plain.status == 303)
        #expect(try diary.read(id).images.map(\.width) == [128, 32, 227])

        // A form naming a photo the entry no longer has (a stale tab) is refused, nothing changes.
        let stale = try await fixture.post("/diary/\(id.string)/edit", fields: [
            "title=Stale", "emotion=calm", "intensity=2", "text=x", "order=s\(wide.id)",
        ])
        #expect(stale.status == 400)
        #expect(try diary.read(id).title == "Picnic, again")
    }

    @Test func aScriptInATitleIsShownAsText() async throws {
        let fixture = try WebFixture()
        let attack = "<script>alert('x')</script>"
        let created = try await fixture.post("/diary/new", fields: ["title=\(attack)", "emotion=fear", "intensity=1", "text=\"><img src=x onerror=alert(1)>"])
        #expect(created.status == 303)
        for path in ["/diary", try #require(created.header("Location")), "/diary/search?q=alert"] {
            let page = try await fixture.get(path)
            #expect(page.text.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;"), "\(path)")
            #expect(!page.text.contains("<script>alert"), "\(path)")
            #expect(!page.text.contains("<img src=x"), "\(path)")
        }
        let post = try await fixture.post("/feed/new", fields: ["title=\(attack)", "contents=<b>bold</b>"])
        #expect(post.status == 303)
        let feed = try await fixture.get("/feed")
        #expect(feed.text.contains("&lt;script&gt;"))
        #expect(feed.text.contains("&lt;b&gt;bold&lt;/b&gt;"))
        #expect(!feed.text.contains("<script>alert"))
    }

    @Test func aRefusedFormComesBackWithTheViewModelsMessage() async throws {
        let fixture = try WebFixture()
        let empty = try await fixture.post("/diary/new", fields: ["title=", "emotion=joy", "text="])
        #expect(empty.status == 400)
        #expect(empty.text.contains("role=\"alert\""))
        let noTitle = try await fixture.post("/feed/new", fields: ["title=   ", "contents=Words"])
        #expect(noTitle.status == 400)
        #expect(noTitle.text.contains("Words"), "what was typed is kept")
        let badAmount = try await fixture.post("/ledger/new", fields: ["date=2026-03-14", "kind=expense", "amount=12.50", "currency=KRW", "category=Food"])
        #expect(badAmount.status == 400)
        #expect(badAmount.text.contains("12.50"))
        #expect(try fixture.store.status().totalRecords == 0)
    }

    @Test func ledgerMonthTotalsChartReceiptAndCSV() async throws {
        let fixture = try WebFixture()
        let added = try await fixture.post("/ledger/new", fields: ["date=2026-03-14", "kind=expense", "amount=12000", "currency=KRW",
                                                                   "category=식비", "memo=김밥", "receipt=@\(Photos.wide.path);type=image/jpeg"])
        #expect(added.status == 303)
        #expect(added.header("Location") == "/ledger?month=2026-03")
        _ = try await fixture.post("/ledger/new", fields: ["date=2026-03-15", "kind=income", "amount=50000", "currency=KRW", "category=용돈"])
        _ = try await fixture.post("/ledger/new", fields: ["date=2026-03-16", "kind=expense", "amount=4.50", "currency=USD", "category=Coffee"])
        let month = try await fixture.get("/ledger?month=2026-03")
        #expect(month.text.contains("12,000 KRW"))
        #expect(month.text.contains("50,000 KRW"))
        #expect(month.text.contains("38,000 KRW"), "balance in won")
        #expect(month.text.contains("4.50 USD"))
        #expect(month.text.contains("data-chart="))
        #expect(month.text.contains("/256\""), "receipt thumbnail")
        let transaction = try #require(try Ledger(store: fixture.store).list(month: LedgerMonth(parsing: "2026-03")).transactions.first { $0.category == "식비" })
        #expect(transaction.receipt != nil)

        let csv = try await fixture.get("/ledger/export.csv")
        #expect(csv.header("Content-Type") == "text/csv; charset=utf-8")
        #expect(csv.text.hasPrefix("id,date,kind,amount,currency,category,memo"))
        #expect(csv.text.contains("12000,KRW,식비,김밥"))

        // Importing the export again adds nothing; a bad file imports nothing and says which line.
        let file = fixture.directory.appending("export.csv")
        try csv.body.write(to: file)
        let again = try await fixture.post("/ledger/import", fields: ["csv=@\(file.path);type=text/csv"])
        #expect(again.status == 200)
        #expect(again.text.contains("Imported 0 transactions; 3 were already there"))
        let bad = fixture.directory.appending("bad.csv")
        try Data("id,date,kind,amount,currency,category,memo\r\n,2026-03-20,expense,12.345,USD,Food,\r\n".utf8).write(to: bad)
        let refused = try await fixture.post("/ledger/import", fields: ["csv=@\(bad.path);type=text/csv"])
        #expect(refused.status == 400)
        #expect(refused.text.contains("line 2"))
        #expect(try Ledger(store: fixture.store).count() == 3)
    }

    @Test func feedPagesNewestFirstAndDeletesAndRestores() async throws {
        let fixture = try WebFixture(feedPageSize: 3)
        let feed = Feed(store: fixture.store)
        let start = Date(timeIntervalSince1970: 1_790_000_000)
        for number in 1...7 {
            _ = try feed.create(FeedDraft(title: "Post \(number)", contents: "", date: start.addingTimeInterval(Double(number) * 3600)))
        }
        var titles: [String] = []
        var path = "/feed"
        for _ in 0..<5 {
            let page = try await fixture.get(path)
            titles += page.text.components(separatedBy: "\">Post ").dropFirst().map { "Post " + $0.prefix { $0 != "<" } }
            guard let range = page.text.range(of: "rel=\"next\" href=\"") else { break }
            path = String(page.text[range.upperBound...].prefix { $0 != "\"" }).replacingOccurrences(of: "&amp;", with: "&")
        }
        #expect(titles == (1...7).reversed().map { "Post \($0)" })

        let newest = try feed.newest(limit: 1).items[0]
        let deleted = try await fixture.post("/feed/\(newest.id.string)/delete", fields: [])
        #expect(deleted.status == 303)
        #expect(try feed.read(newest.id).isTrashed)
        let list = try await fixture.get("/feed?deleted=\(newest.id.string)")
        #expect(list.text.contains("/feed/\(newest.id.string)/restore"))
        let trash = try await fixture.get("/feed/trash")
        #expect(trash.text.contains("Post 7"))
        let restored = try await fixture.post("/feed/\(newest.id.string)/restore", fields: [])
        #expect(restored.status == 303)
        #expect(!(try feed.read(newest.id).isTrashed))
    }

    @Test func diaryDeleteRestoreTrashCalendarAndChart() async throws {
        let fixture = try WebFixture()
        let diary = Diary(store: fixture.store)
        let entry = try diary.create(DiaryDraft(moment: Date(), timeZone: .current, emotion: .gratitude, intensity: 5, title: "Thanks",
                                                text: "", tags: [], images: []))
        let deleted = try await fixture.post("/diary/\(entry.id.string)/delete", fields: [])
        #expect(deleted.status == 303)
        #expect(try diary.read(entry.id).isTrashed)
        #expect(try await fixture.get("/diary/trash").text.contains("Thanks"))
        #expect(try await fixture.post("/diary/\(entry.id.string)/restore", fields: []).status == 303)
        #expect(!(try diary.read(entry.id).isTrashed))
        let calendar = try await fixture.get("/diary/calendar")
        #expect(calendar.text.contains("has-entries emo-gratitude"))
        let chart = try await fixture.get("/diary/chart")
        #expect(chart.text.contains("data-chart="))
        #expect(chart.text.contains("Gratitude"))
        let search = try await fixture.get("/diary/search?q=thanks")
        #expect(search.text.contains("1 entry found"))
    }

    @Test func theStorePageRunsACheck() async throws {
        let fixture = try WebFixture()
        _ = try Diary(store: fixture.store).create(sampleDraft(images: [.file(Photos.wide)]))
        let status = try await fixture.get("/store")
        #expect(status.text.contains("database file on the server"), "what the database is, without its path")
        #expect(!status.text.contains(fixture.store.location.dataDirectory.path), "no path of the server's disk")
        let check = try await fixture.post("/store/check", fields: [])
        #expect(check.status == 200)
        #expect(check.text.contains("data-clean=\"true\""))
    }

    @Test func changesMadeByAnotherStoreInstanceShowAtOnce() async throws {
        let fixture = try WebFixture()
        let before = try await fixture.get("/changes?since=0")
        #expect(before.text == "{\"sequence\":0,\"changed\":false}")
        // A second store on the same folder, as the CLI would open it.
        let other = try TestStores.open(fixture.directory)
        _ = try Diary(store: other).create(sampleDraft(title: "From the CLI"))
        let after = try await fixture.get("/changes?since=0")
        #expect(after.text.contains("\"changed\":true"))
        #expect(try await fixture.get("/diary").text.contains("From the CLI"))
    }

    @Test func unknownPagesAndMethods() async throws {
        let fixture = try WebFixture()
        #expect(try await fixture.get("/nowhere").status == 404)
        #expect(try await fixture.get("/diary/\(UUID().uuidString.lowercased())").status == 404)
        #expect(try await fixture.get("/diary/\(UUID().uuidString.lowercased())/delete").status == 405)
        #expect(try await fixture.get("/").header("Location") == "/diary")
    }
}
