import Foundation
import KeepsakeDiary
import KeepsakeForeignImport
import KeepsakeStore
import KeepsakeTestSupport
import Testing

/// Journey: the corpus has no Journey export, so these tests build one from its documented
/// structure (a zip of one `<id>.json` per entry beside the photos it names, with Journey's
/// `1.7976931348623157E308` for "no value"), with real photos from the image corpus.
@Suite struct JourneyImportTests {
    static let photoA = "dayone/marcdonald-obsidian-day-one-importer/photos/31c871f18f68d2fde4196ccba1f8ece1.jpeg"
    static let photoB = "dayone/marcdonald-obsidian-day-one-importer/photos/6b73e9bd86a91d3a7ead09268b0fb266.jpeg"

    /// The export: four entries (one with two photos, one Markdown without values, one with a photo
    /// missing from the zip, one whose text is a number) and a file that is not JSON.
    static func export(in directory: TemporaryDirectory) throws -> URL {
        let hiking = """
            {"id":"1569239403946-3fd9f3da3ffb7a4d","date_modified":1569239503946,"date_journal":1569239403946,
             "timezone":"Asia/Singapore","type":"html",
             "text":"<p><b>Hiking</b> day at&nbsp;Bukit Timah</p><p>Up the hill<br>and down &amp; back.</p><ul><li>water</li><li>snacks</li></ul><p><a href=\\"https://example.org/trail\\">the trail</a></p>",
             "preview_text":"Hiking day","lat":1.3521,"lon":103.8198,"address":"Bukit Timah Nature Reserve","label":"","folder":"",
             "sentiment":1.75,"favourite":true,"music_title":"","music_artist":"",
             "weather":{"id":802,"degree_c":31.5,"description":"Partly cloudy","icon":"03d","place":"Singapore"},
             "photos":["1569239403946-3fd9f3da3ffb7a4d-bbbb.jpg","1569239403946-3fd9f3da3ffb7a4d-aaaa.jpg"],
             "tags":["hike","Outdoors "]}
            """
        let rainy = """
            {"id":"1570000000000-aaaabbbbccccdddd","date_journal":1570000000000,"timezone":"","type":"markdown",
             "text":"# Rainy day\\nStayed in with **tea** \\\\- and a book.","lat":1.7976931348623157E308,"lon":1.7976931348623157E308,
             "address":"","sentiment":0,"favourite":false,
             "weather":{"id":-1,"degree_c":1.7976931348623157E308,"description":"","icon":"","place":""},
             "photos":["1570000000000-aaaabbbbccccdddd-clip.mp4"],"tags":[]}
            """
        let sad = """
            {"id":"1580000000000-1111222233334444","date_journal":1580000000000,"timezone":"Europe/Paris",
             "text":"<p>A grey day.</p>","lat":1.7976931348623157E308,"lon":1.7976931348623157E308,"sentiment":0.25,
             "photos":["1580000000000-1111222233334444-gone.jpg"],"tags":["weather"]}
            """
        let broken = #"{"id":"1590000000000-9999888877776666","date_journal":1590000000000,"timezone":"UTC","text":42}"#
        let entries = [
            ZipMaker.Entry(name: "1569239403946-3fd9f3da3ffb7a4d.json", data: Data(hiking.utf8)),
            ZipMaker.Entry(name: "1569239403946-3fd9f3da3ffb7a4d-aaaa.jpg", data: try Data(contentsOf: ImportCorpus.url(photoA))),
            ZipMaker.Entry(name: "1569239403946-3fd9f3da3ffb7a4d-bbbb.jpg", data: try Data(contentsOf: ImportCorpus.url(photoB))),
            ZipMaker.Entry(name: "1570000000000-aaaabbbbccccdddd.json", data: Data(rainy.utf8)),
            ZipMaker.Entry(name: "1570000000000-aaaabbbbccccdddd-clip.mp4", data: Data("not a video".utf8)),
            ZipMaker.Entry(name: "1580000000000-1111222233334444.json", data: Data(sad.utf8)),
            ZipMaker.Entry(name: "1590000000000-9999888877776666.json", data: Data(broken.utf8)),
            ZipMaker.Entry(name: "notes.json", data: Data("this is not JSON".utf8)),
        ]
        let url = directory.appending("journey-export.zip")
        try ZipMaker.write(entries, to: url)
        return url
    }

    static func options(keepLocation: Bool = false) -> DiaryImportOptions {
        var options = DiaryImportOptions()
        options.timeZone = TimeZone(identifier: "Asia/Seoul")!
        options.keepLocation = keepLocation
        return options
    }

    @Test func aJourneyExportComesOverWithMarkdownSentimentsPhotosAndZones() throws {
        let directory = TemporaryDirectory("journey")
        let url = try Self.export(in: directory)
        let fixture = try ImportFixture()
        let importer = JourneyImporter(export: url, diary: fixture.diary, options: Self.options(), displayName: "journey-export.zip")
        let report = try fixture.run(importer)
        #expect((report.source, report.found, report.imported.count, report.refused.count, report.photoCount) == (.journey, 5, 3, 2, 2))
        #expect(report.refused.map(\.location).sorted() == ["1590000000000-9999888877776666.json", "notes.json"])
        #expect(report.refused.first { $0.location == "notes.json" }?.reason.hasPrefix("the file is not valid JSON") == true)
        #expect(report.refused.first { $0.location == "1590000000000-9999888877776666.json" }?.reason == "its text is a number, not text")

        let hiking = try fixture.entry("1569239403946-3fd9f3da3ffb7a4d")
        #expect(hiking.title == nil)
        #expect(hiking.text == "**Hiking** day at Bukit Timah\n\nUp the hill\nand down & back.\n\n- water\n- snacks\n\n[the trail](https://example.org/trail)")
        #expect(ImportCorpus.local(hiking.moment, hiking.timeZone) == "2019-09-23T19:50:03+08:00")
        #expect(hiking.timeZone.identifier == "Asia/Singapore")
        #expect((hiking.emotion, hiking.intensity) == (.joy, 5))
        #expect(hiking.tags == ["hike", "outdoors", "starred"])
        #expect(hiking.images.map(\.sourceSHA256) == [try ImportCorpus.sha256(Self.photoB), try ImportCorpus.sha256(Self.photoA)])

        let rainy = try fixture.entry("1570000000000-aaaabbbbccccdddd")
        #expect((rainy.title, rainy.text) == ("Rainy day", "Stayed in with **tea** \\- and a book."))
        #expect(rainy.timeZone.identifier == "Asia/Seoul")
        #expect((rainy.emotion, rainy.intensity) == (.calm, 3))
        #expect(report.notes.contains { $0.sourceID == "1570000000000-aaaabbbbccccdddd" && $0.reason == "the attachment 1570000000000-aaaabbbbccccdddd-clip.mp4 was not imported: Keepsake keeps photos only" })
        #expect(report.notes.contains { $0.sourceID == "1570000000000-aaaabbbbccccdddd" && $0.reason == "the entry has no time zone; it was placed in Asia/Seoul" })

        let sad = try fixture.entry("1580000000000-1111222233334444")
        #expect((sad.text, sad.emotion, sad.intensity) == ("A grey day.", .sadness, 5))
        #expect(ImportCorpus.local(sad.moment, sad.timeZone) == "2020-01-26T01:53:20+01:00")
        #expect(sad.tags == ["weather", "missing-photo"])
        try fixture.expectClean()

        let again = try fixture.run(importer)
        #expect((again.imported.count, again.skipped.count) == (0, 3))
    }

    @Test func journeysNoValueIsAbsentAndPlaceAndWeatherComeOnlyWhenAsked() throws {
        let directory = TemporaryDirectory("journey-location")
        let url = try Self.export(in: directory)
        let fixture = try ImportFixture()
        _ = try fixture.run(JourneyImporter(export: url, diary: fixture.diary, options: Self.options(keepLocation: true)))
        let hiking = try ImportCorpus.record(fixture.store, Diary.collection, sourceID: "1569239403946-3fd9f3da3ffb7a4d").fields
        #expect(hiking["location"] == .string("Bukit Timah Nature Reserve"))
        #expect(hiking["latitude"] == .string("1.3521"))
        #expect(hiking["longitude"] == .string("103.8198"))
        #expect(hiking["weather"] == .string("Partly cloudy, 31.5 °C, Singapore"))
        let rainy = try ImportCorpus.record(fixture.store, Diary.collection, sourceID: "1570000000000-aaaabbbbccccdddd").fields
        #expect(rainy["latitude"] == nil && rainy["longitude"] == nil && rainy["weather"] == nil && rainy["location"] == nil)

        let plain = try ImportFixture()
        _ = try plain.run(JourneyImporter(export: url, diary: plain.diary, options: Self.options()))
        #expect(try ImportCorpus.record(plain.store, Diary.collection, sourceID: "1569239403946-3fd9f3da3ffb7a4d").fields["latitude"] == nil)
    }

    @Test func anUnpackedJourneyFolderReadsLikeItsZip() throws {
        let directory = TemporaryDirectory("journey-folder")
        let url = try Self.export(in: directory)
        let zipped = try ImportFixture()
        let fromZip = try zipped.run(JourneyImporter(export: url, diary: zipped.diary, options: Self.options()))
        // Unpacked by another program (Python's zipfile), into a folder.
        let folder = directory.appending("unpacked")
        let python = try runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-m", "zipfile", "-e", url.path, folder.path])
        try #require(python.status == 0, "\(python.stderr)")
        let unpacked = try ImportFixture()
        let fromFolder = try unpacked.run(JourneyImporter(export: folder, diary: unpacked.diary, options: Self.options()))
        #expect(fromFolder.imported.map(\.id).sorted() == fromZip.imported.map(\.id).sorted())
        #expect(try unpacked.entries().map(\.text) == (try zipped.entries().map(\.text)))
    }

    @Test func aFolderWithoutEntriesIsNotAJourneyExport() throws {
        let directory = TemporaryDirectory("journey-empty")
        let fixture = try ImportFixture()
        let error = try #require(throws: KeepsakeError.self) {
            try JourneyImporter(export: directory.url, diary: fixture.diary, displayName: "empty").plan()
        }
        #expect(error.message == "empty is not a Journey export: it holds no entry JSON files.")
    }
}
