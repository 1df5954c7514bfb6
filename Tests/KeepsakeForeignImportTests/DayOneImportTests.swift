import Foundation
import KeepsakeDiary
import KeepsakeForeignImport
import KeepsakeStore
import KeepsakeTestSupport
import Testing
import KeepsakeSupport

/// Day One JSON exports of the corpus (`imports/dayone/`): the three real exports, zipped copies of
/// them, and damaged copies (a truncated zip, a missing photo, corrupt photo bytes, an undecodable
/// photo, invalid JSON).
@Suite struct DayOneImportTests {
    static let marcdonald = "dayone/marcdonald-obsidian-day-one-importer"
    static let example = "dayone/ergebnis-day-one-to-obsidian-converter"

    static func importer(_ fixture: ImportFixture, _ path: String, options: DiaryImportOptions = DiaryImportOptions()) -> DayOneImporter {
        let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : ImportCorpus.url(path)
        return DayOneImporter(export: url, diary: fixture.diary, options: options, displayName: (path as NSString).lastPathComponent)
    }

    @Test func theTextbundleDemoComesOverWithTitlesEscapesUndoneAndItsPhoto() throws {
        let fixture = try ImportFixture()
        let report = try fixture.run(Self.importer(fixture, "dayone/bsingr-dayone2-textbundle/demo.json"))
        #expect((report.source, report.found, report.imported.count, report.refused.count, report.photoCount) == (.dayone, 4, 4, 0, 1))

        let initial = try fixture.entry("F4CF0509F3EA47D1B56F95D37F165F5E")
        #expect(initial.title == "Initial entry")
        #expect(initial.text == "some text\n\n[photo 1]")
        #expect(ImportCorpus.local(initial.moment, initial.timeZone) == "2019-03-18T14:04:56+01:00")
        #expect(initial.timeZone.identifier == "Europe/Berlin")
        #expect((initial.emotion, initial.intensity) == (.calm, 3))
        #expect(initial.images.map(\.sourceSHA256) == [try ImportCorpus.sha256("dayone/bsingr-dayone2-textbundle/photos/cf80411fda6ba991b6110b2365fb8286.jpeg")])
        #expect(initial.images.map(\.width) == [3024])

        let second = try fixture.entry("6BD0AE9E21C447A6BC504A63899BA543")
        #expect((second.title, second.text) == ("Second entry", "some text"))
        #expect(ImportCorpus.local(second.moment, second.timeZone) == "2010-02-26T22:44:20+01:00")
        let escapes = try fixture.entry("6BD0AE9E21C447A6BC504A63899BC544")
        #expect((escapes.title, escapes.text) == ("Third entry with double escapes", "double escape a/b dot. single escape slash/"))
        // The entry without text: the diary needs a title or a text.
        let empty = try fixture.entry("6BD0AE9E21C447A6BC504A63899BA544")
        #expect((empty.title, empty.text, empty.images.count) == ("Untitled", "", 0))
        #expect(ImportCorpus.local(empty.moment, empty.timeZone) == "2011-03-26T22:44:20+01:00")
        try fixture.expectClean()
    }

    @Test func theDevJournalKeepsMarkdownOrdersPhotosByOrderInEntryAndReportsMedia() throws {
        let fixture = try ImportFixture()
        let report = try fixture.run(Self.importer(fixture, Self.marcdonald + "/Dev Journal.json"))
        #expect((report.found, report.imported.count, report.refused.count, report.photoCount) == (5, 5, 0, 3))
        let photo0 = try ImportCorpus.sha256(Self.marcdonald + "/photos/31c871f18f68d2fde4196ccba1f8ece1.jpeg")
        let photo1 = try ImportCorpus.sha256(Self.marcdonald + "/photos/6b73e9bd86a91d3a7ead09268b0fb266.jpeg")

        let headers = try fixture.entry("DF8B32A3FE25400BBBB3A7BBFCD23CE7")
        #expect(headers.title == "Header 1")
        #expect(headers.text.hasPrefix("## Header 2\n\n### Header 3\n\n#### Header 4\n\n##### Header 5\n\n###### Header 6\n\n> Quote block\n\nHighlighted\n\n---\n\n**Bold**\n\n*Italic*\n\n- List item 1\n- List item 2\n\n- [ ] Check item 1"))
        #expect(headers.text.hasSuffix("`Code span` \n\n```\nCode block\n```\n\n[photo 1]"))
        #expect(headers.tags == ["another-dev-testing-tag", "dev-testing-tag", "starred"])
        // An all-day entry at midnight in Dublin (23:00 UTC the day before).
        #expect(ImportCorpus.local(headers.moment, headers.timeZone) == "2024-04-17T00:00:00+01:00")
        #expect(headers.day.string == "2024-04-17")
        #expect(headers.images.map(\.sourceSHA256) == [photo0])

        let escaped = try fixture.entry("1461153D91EC48C180C606C853FBFD83")
        #expect(escaped.text.hasPrefix("Pariatur aute nulla incididunt. Ad dolor irure est in magna est. Ut ex Lorem"))
        #expect(!escaped.text.contains("\\"))
        #expect(escaped.day.string == "2024-04-18")
        let pinned = try fixture.entry("876E72B228F847379F296B1698CA3F61")
        #expect(pinned.text.hasPrefix("\"This text is in quotes\"\nThis-text-is-hyphenated\n(This text is in parentheses)\n\n"))
        #expect(pinned.tags == ["pinned"])

        // Listed as orderInEntry 1 then 0: stored as 0 then 1, and the links say which is which.
        let two = try fixture.entry("479270F4CAD1429AB1564DB34D0FE337")
        #expect(two.images.map(\.sourceSHA256) == [photo0, photo1])
        #expect(two.text.contains("sit consequat nulla et.[photo 1]. Nostrud est magna"))
        #expect(two.text.hasSuffix("excepteur.\n\n[photo 2]"))
        #expect(report.notes.contains(ImportIssue(location: "Dev Journal entry 4 (479270F4…)", sourceID: "479270F4CAD1429AB1564DB34D0FE337",
                                                  reason: "the video 842e6f3bf38e93981004c637e8b03967.mp4 was not imported: Keepsake keeps photos only")))

        let media = try fixture.entry("959E7A13B3B649D681DC573DB7E07967")
        #expect(media.text == "[video not imported: d500d6789ff2c211af3f507b17be8e66.mp4]\n\n[audio recording not imported: f35f41739499e70c6b2714e3a7d82d8c (aac)]")
        #expect(media.images.isEmpty)
        // Without --keep-location, no place or weather.
        #expect(try fixture.store.record(headers.id).fields["location"] == nil)
        try fixture.expectClean()
    }

    @Test func theInvalidDevJournalImportsItsFiveGoodEntriesAndRefusesTheSixth() throws {
        let fixture = try ImportFixture()
        let report = try fixture.run(Self.importer(fixture, Self.marcdonald + "/Dev Journal One Invalid.json"))
        #expect((report.found, report.imported.count, report.refused.count) == (6, 5, 1))
        #expect(report.refused == [ImportIssue(location: "Dev Journal One Invalid entry 6 (1461153D…)", sourceID: "1461153D91EC48C180C606C853FBFD83",
                                               reason: "its text is an object, not text")])
        // This copy of entry 5 lacks the audio.
        #expect(try fixture.entry("959E7A13B3B649D681DC573DB7E07967").text == "[video not imported: d500d6789ff2c211af3f507b17be8e66.mp4]")
        // The same entries as Dev Journal.json: importing that one afterwards adds nothing.
        let second = try fixture.run(Self.importer(fixture, Self.marcdonald + "/Dev Journal.json"))
        #expect((second.imported.count, second.skipped.count) == (0, 5))
    }

    @Test func theWholeFolderImportsEachEntryOnceAndAZipOfItTheSame() throws {
        let folder = try ImportFixture()
        let report = try folder.run(Self.importer(folder, Self.marcdonald))
        // Two journals with the same five entries: five come over, the copies are skipped.
        #expect((report.found, report.imported.count, report.skipped.count, report.refused.count) == (11, 5, 5, 1))
        #expect(report.skipped.allSatisfy { $0.reason.contains("which is imported once") })

        let directory = TemporaryDirectory("dayone-zip")
        let zip = directory.appending("Dev Journal.zip")
        try ZipMaker.write(try ZipMaker.entries(of: ImportCorpus.url(Self.marcdonald)), to: zip)
        let zipped = try ImportFixture()
        let zipReport = try zipped.run(Self.importer(zipped, zip.path))
        #expect(zipReport.imported.map(\.id) == report.imported.map(\.id))
        #expect(try zipped.entries().map { $0.images.map(\.sourceSHA256) } == (try folder.entries().map { $0.images.map(\.sourceSHA256) }))
        #expect(try zipped.entries().map(\.text) == (try folder.entries().map(\.text)))
        // The unpacked copy is gone once the import is done.
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: FileManager.default.temporaryDirectory.path)
            .filter { $0.hasPrefix("keepsake-import-\(getpid())-") }
        #expect(leftovers.isEmpty, "\(leftovers)")
        try zipped.expectClean()
    }

    @Test func theMultiYearJournalComesOverWithEveryPhotoInOrderAndEveryDayInItsZone() throws {
        let fixture = try ImportFixture("example")
        let url = ImportCorpus.url(Self.example + "/Example.json")
        let report = try fixture.run(Self.importer(fixture, Self.example + "/Example.json"))
        #expect((report.found, report.imported.count, report.skipped.count, report.refused.count, report.photoCount) == (54, 54, 0, 0, 132))

        // Independently of the importer: each entry's photos sorted by orderInEntry, their hashes.
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! [String: Any]
        let entries = json["entries"] as! [[String: Any]]
        var zones: Set<String> = []
        var hashes: [String: String] = [:]
        for entry in entries {
            let uuid = entry["uuid"] as! String
            let imported = try fixture.entry(uuid)
            let photos = ((entry["photos"] as? [[String: Any]]) ?? []).sorted { ($0["orderInEntry"] as! Int) < ($1["orderInEntry"] as! Int) }
            let expected = try photos.map { photo -> String in
                let md5 = photo["md5"] as! String
                if let known = hashes[md5] { return known }
                let hash = try ImportCorpus.sha256(Self.example + "/photos/\(md5).\(photo["type"] as! String)")
                hashes[md5] = hash
                return hash
            }
            #expect(imported.images.map(\.sourceSHA256) == expected, "\(uuid)")
            let zone = entry["timeZone"] as! String
            zones.insert(zone)
            #expect(imported.timeZone.identifier == zone, "\(uuid)")
            let created = ISO8601DateFormatter().date(from: entry["creationDate"] as! String)!
            #expect(imported.moment == created, "\(uuid)")
            var tags = (entry["tags"] as! [String]).map { $0.lowercased() }
            if entry["starred"] as? Bool == true { tags.append("starred") }
            #expect(imported.tags == tags, "\(uuid)")
        }
        #expect(zones.count == 11)
        #expect(hashes.count == 123)

        // Days in their own zones.
        let first = try fixture.entry("2E542464666C4ACE91E83539FF114A76")
        #expect(ImportCorpus.local(first.moment, first.timeZone) == "2004-10-12T18:38:16-06:00")
        #expect(first.day.string == "2004-10-12")
        let manila = try #require(try fixture.entries().first { $0.timeZone.identifier == "Asia/Manila" })
        #expect(ImportCorpus.local(manila.moment, manila.timeZone) == "2012-10-07T01:16:37+08:00")
        // Titles from first-line headings, escapes undone.
        #expect(try fixture.entries().compactMap(\.title).contains("Lady Liberty, New York City, NY"))
        #expect(try fixture.entries().compactMap(\.title).contains("I love this state!"))
        // The PNG among the JPEGs keeps its alpha-free content and comes over as a photo.
        #expect(try fixture.entries().contains { $0.images.contains { $0.sourceSHA256 == hashes["cb4e9724a10adf6a482feb9647aa1dc5"] } })
        // The 34 links that name no attachment are removed, and counted.
        let removed = report.notes.compactMap { note -> Int? in
            guard let match = note.reason.firstMatch(of: /^(\d+) links? in the text named no photo/) else { return nil }
            return Int(match.1)
        }
        #expect(removed.reduce(0, +) == 34)
        #expect(try fixture.entries().allSatisfy { !$0.text.contains("dayone-moment:") })
        try fixture.expectClean()

        let again = try fixture.run(Self.importer(fixture, Self.example + "/Example.json"))
        #expect((again.imported.count, again.skipped.count) == (0, 54))
        #expect(try fixture.diary.count() == 54)
    }

    @Test func placeAndWeatherBecomeFieldsOnlyWhenAsked() throws {
        // A one-entry copy of Example.json (entry 5, with its one photo), which has both.
        let directory = TemporaryDirectory("dayone-location")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: ImportCorpus.url(Self.example + "/Example.json"))) as! [String: Any]
        let entry = (json["entries"] as! [[String: Any]])[4]
        let photo = (entry["photos"] as! [[String: Any]])[0]["md5"] as! String
        try FileManager.default.createDirectory(at: directory.appending("photos"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: ImportCorpus.url(Self.example + "/photos/\(photo).jpeg"), to: directory.appending("photos/\(photo).jpeg"))
        try JSONSerialization.data(withJSONObject: ["metadata": json["metadata"]!, "entries": [entry]]).write(to: directory.appending("One.json"))
        let uuid = entry["uuid"] as! String
        let place = entry["location"] as! [String: Any]
        let weather = entry["weather"] as! [String: Any]

        var keep = DiaryImportOptions()
        keep.keepLocation = true
        let kept = try ImportFixture()
        _ = try kept.run(Self.importer(kept, directory.appending("One.json").path, options: keep))
        let fields = try ImportCorpus.record(kept.store, Diary.collection, sourceID: uuid).fields
        #expect(fields["latitude"] == .string(String(place["latitude"] as! Double)))
        #expect(fields["longitude"] == .string(String(place["longitude"] as! Double)))
        #expect(fields["location"]?.stringValue?.contains(place["localityName"] as! String) == true)
        #expect(fields["weather"]?.stringValue?.hasPrefix(weather["conditionsDescription"] as! String) == true)
        #expect(fields["weather"]?.stringValue?.contains("°C") == true)

        let stripped = try ImportFixture()
        _ = try stripped.run(Self.importer(stripped, directory.appending("One.json").path))
        let plain = try ImportCorpus.record(stripped.store, Diary.collection, sourceID: uuid).fields
        #expect(plain["latitude"] == nil && plain["location"] == nil && plain["weather"] == nil)
    }

    @Test func theChosenEmotionGoesToEveryEntry() throws {
        var choice = DiaryImportOptions()
        choice.emotion = .gratitude
        choice.intensity = 5
        let fixture = try ImportFixture()
        _ = try fixture.run(Self.importer(fixture, "dayone/bsingr-dayone2-textbundle/demo.json", options: choice))
        #expect(try fixture.entries().allSatisfy { $0.emotion == .gratitude && $0.intensity == 5 })
    }

    // MARK: - Damaged copies

    @Test func aTruncatedZipIsRefusedWholeAndNothingIsWritten() throws {
        let directory = TemporaryDirectory("dayone-truncated")
        let zip = directory.appending("export.zip")
        try ZipMaker.write(try ZipMaker.entries(of: ImportCorpus.url(Self.marcdonald)), to: zip)
        let data = try Data(contentsOf: zip)
        let truncated = directory.appending("truncated.zip")
        try data.prefix(data.count * 2 / 3).write(to: truncated)
        let fixture = try ImportFixture()
        let error = try #require(throws: KeepsakeError.self) { try fixture.run(Self.importer(fixture, truncated.path)) }
        #expect(error.message.hasPrefix("The zip truncated.zip is damaged or truncated"), "\(error.message)")
        #expect(error.message.hasSuffix("Nothing was imported; export it again."))
        #expect(try fixture.diary.count() == 0)
        try fixture.expectClean()
    }

    @Test func aMissingPhotoIsNamedAndItsEntryComesOverMarked() throws {
        let directory = TemporaryDirectory("dayone-missing")
        let copy = try ImportCorpus.copy(Self.marcdonald, into: directory)
        try FileManager.default.removeItem(at: copy.appendingPathComponent("photos/6b73e9bd86a91d3a7ead09268b0fb266.jpeg"))
        let fixture = try ImportFixture()
        let report = try fixture.run(Self.importer(fixture, copy.appendingPathComponent("Dev Journal.json").path))
        #expect((report.imported.count, report.photoCount) == (5, 2))
        #expect(report.notes.contains(ImportIssue(location: "Dev Journal entry 4 (479270F4…)", sourceID: "479270F4CAD1429AB1564DB34D0FE337",
                                                  reason: "photo photos/6b73e9bd86a91d3a7ead09268b0fb266.jpeg is missing from the export; the entry came over without it")))
        let entry = try fixture.entry("479270F4CAD1429AB1564DB34D0FE337")
        #expect(entry.images.map(\.sourceSHA256) == [try ImportCorpus.sha256(Self.marcdonald + "/photos/31c871f18f68d2fde4196ccba1f8ece1.jpeg")])
        #expect(entry.tags == ["missing-photo"])
        #expect(entry.text.hasSuffix("\n\n[photo not imported: photos/6b73e9bd86a91d3a7ead09268b0fb266.jpeg]"))
        let notes = try fixture.store.record(entry.id).fields["importNotes"]?.stringsValue ?? []
        #expect(notes.contains("photo photos/6b73e9bd86a91d3a7ead09268b0fb266.jpeg is missing from the export; the entry came over without it"))
        try fixture.expectClean()
    }

    @Test func corruptPhotoBytesAreCaughtByTheirMD5AndTheEntryStillComesOver() throws {
        let directory = TemporaryDirectory("dayone-corrupt")
        let copy = try ImportCorpus.copy(Self.marcdonald, into: directory)
        let photo = copy.appendingPathComponent("photos/31c871f18f68d2fde4196ccba1f8ece1.jpeg")
        var bytes = try Data(contentsOf: photo)
        for index in stride(from: 5000, to: 6000, by: 1) { bytes[index] ^= 0x5A }
        try bytes.write(to: photo)
        let fixture = try ImportFixture()
        let report = try fixture.run(Self.importer(fixture, copy.appendingPathComponent("Dev Journal.json").path))
        #expect((report.imported.count, report.photoCount) == (5, 1))
        let reason = "photo photos/31c871f18f68d2fde4196ccba1f8ece1.jpeg is damaged: its bytes do not match the MD5 the export recorded for it; it was not imported"
        #expect(report.notes.filter { $0.reason == reason }.map(\.sourceID) == ["DF8B32A3FE25400BBBB3A7BBFCD23CE7", "479270F4CAD1429AB1564DB34D0FE337"])
        let headers = try fixture.entry("DF8B32A3FE25400BBBB3A7BBFCD23CE7")
        #expect(headers.images.isEmpty)
        #expect(headers.tags == ["another-dev-testing-tag", "dev-testing-tag", "starred", "missing-photo"])
        #expect(headers.text.hasSuffix("[photo not imported: photos/31c871f18f68d2fde4196ccba1f8ece1.jpeg]"))
        let two = try fixture.entry("479270F4CAD1429AB1564DB34D0FE337")
        #expect(two.images.map(\.sourceSHA256) == [try ImportCorpus.sha256(Self.marcdonald + "/photos/6b73e9bd86a91d3a7ead09268b0fb266.jpeg")])
        #expect(two.text.contains("nulla et.[photo not imported: photos/31c871f18f68d2fde4196ccba1f8ece1.jpeg]. Nostrud"))
        #expect(two.text.hasSuffix("\n\n[photo 1]"))
        try fixture.expectClean()
    }

    @Test func aPhotoThatMatchesItsMD5ButCannotBeDecodedIsReportedByTheImageProcessor() throws {
        // A truncated JPEG from the image corpus, named by its own MD5, next to a good photo.
        let directory = TemporaryDirectory("dayone-undecodable")
        let broken = try Data(contentsOf: Corpus.corruptImage)
        let good = try Data(contentsOf: ImportCorpus.url(Self.marcdonald + "/photos/6b73e9bd86a91d3a7ead09268b0fb266.jpeg"))
        let brokenMD5 = Insecure.md5(broken)
        try FileManager.default.createDirectory(at: directory.appending("photos"), withIntermediateDirectories: true)
        try broken.write(to: directory.appending("photos/\(brokenMD5).jpeg"))
        try good.write(to: directory.appending("photos/6b73e9bd86a91d3a7ead09268b0fb266.jpeg"))
        let journal: [String: Any] = ["metadata": ["version": "1.0"], "entries": [[
            "uuid": "AAAABBBBCCCCDDDDEEEEFFFF00001111", "creationDate": "2024-05-01T10:00:00Z", "timeZone": "Asia/Seoul",
            "text": "Two photos ![](dayone-moment://P1) and ![](dayone-moment://P2)",
            "photos": [["identifier": "P2", "md5": "6b73e9bd86a91d3a7ead09268b0fb266", "type": "jpeg", "orderInEntry": 1],
                       ["identifier": "P1", "md5": brokenMD5, "type": "jpeg", "orderInEntry": 0]],
        ]]]
        try JSONSerialization.data(withJSONObject: journal).write(to: directory.appending("Journal.json"))
        let fixture = try ImportFixture()
        let report = try fixture.run(Self.importer(fixture, directory.appending("Journal.json").path))
        #expect((report.imported.count, report.photoCount) == (1, 1))
        let note = try #require(report.notes.first)
        #expect(note.reason.hasPrefix("photo photos/\(brokenMD5).jpeg could not be stored ("))
        #expect(note.reason.hasSuffix("); it was not imported"))
        let entry = try fixture.entry("AAAABBBBCCCCDDDDEEEEFFFF00001111")
        #expect(entry.text == "Two photos [photo not imported: photos/\(brokenMD5).jpeg] and [photo 1]")
        #expect(entry.images.map(\.sourceSHA256) == [SHA256.hex(good)])
        #expect(entry.tags == ["missing-photo"])
        #expect(ImportCorpus.local(entry.moment, entry.timeZone) == "2024-05-01T19:00:00+09:00")
        try fixture.expectClean()
    }

    @Test func anExportWhoseJSONIsBrokenIsRefusedWithTheReason() throws {
        let directory = TemporaryDirectory("dayone-json")
        let text = try String(contentsOf: ImportCorpus.url("dayone/bsingr-dayone2-textbundle/demo.json"), encoding: .utf8)
        try Data(text.prefix(text.count / 2).utf8).write(to: directory.appending("Journal.json"))
        let fixture = try ImportFixture()
        let error = try #require(throws: KeepsakeError.self) {
            try fixture.run(DayOneImporter(export: directory.url, diary: fixture.diary, displayName: "cut"))
        }
        #expect(error.message.hasPrefix("cut is not a Day One JSON export: Journal.json is not valid JSON"))
        #expect(try fixture.diary.count() == 0)
    }
}
