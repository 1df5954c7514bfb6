import Foundation
import KeepsakeDiary
import KeepsakeForeignImport
import KeepsakeStore
import KeepsakeTestSupport
import Testing
import KeepsakeSupport

/// Daylio: both CSV files of the corpus (`imports/daylio/michaelcurrin-daylio-csv-parser/`), the other
/// column layouts made from their rows, and `.daylio` backups built here from the documented
/// structure (the corpus has none): a zip of `backup.daylio` (base64 JSON) and `assets/photos/…`.
@Suite struct DaylioImportTests {
    static let seoul = TimeZone(identifier: "Asia/Seoul")!

    static func options(moods: MoodTable = .default) -> DiaryImportOptions {
        var options = DiaryImportOptions()
        options.timeZone = seoul
        options.moods = moods
        return options
    }

    /// `moment emotion/intensity title [tags]` of every entry, oldest first.
    static func lines(_ fixture: ImportFixture) throws -> [String] {
        try fixture.entries().map { entry in
            "\(ImportCorpus.local(entry.moment, entry.timeZone)) \(entry.timeZone.identifier) \(entry.emotion)/\(entry.intensity) \(entry.title ?? "-") [\(entry.tags.joined(separator: ", "))]"
        }
    }

    @Test func theTwelveHourSampleComesOverWithMoodsTagsAndTimesInTheChosenZone() throws {
        let fixture = try ImportFixture()
        let importer = DaylioImporter(file: ImportCorpus.url("daylio/michaelcurrin-daylio-csv-parser/sample.csv"), diary: fixture.diary, options: Self.options())
        let report = try fixture.run(importer)
        #expect((report.source, report.found, report.imported.count, report.refused.count, report.notes.count) == (.daylio, 3, 3, 0, 0))
        #expect(try Self.lines(fixture) == [
            "2021-09-26T23:00:00+09:00 Asia/Seoul calm/2 average [alcohol, vegetarian day, clean, movies / tv, bad sleep]",
            "2021-09-27T23:00:00+09:00 Asia/Seoul calm/2 average [stressed / frustrated, eat out, cook, vegetarian day, relax, nature / walk, music, movies / tv, bad sleep, tired, sleep early, stomachache]",
            "2021-09-28T22:00:00+09:00 Asia/Seoul sadness/3 sad [clean, music, movies / tv, bad sleep, tired, sleep early, stomachache]",
        ])
        let sad = try fixture.entry("2021-09-28 22:00")
        #expect(sad.text == "")
        let record = try fixture.store.record(sad.id)
        #expect(record.fields["importMood"] == .string("sad"))
        #expect(record.fields["importSource"] == .string("daylio"))
        #expect(try fixture.run(importer).skipped.count == 3)
        #expect(try fixture.diary.count() == 3)
    }

    @Test func theTwentyFourHourSampleMapsCustomMoodsAndSaysWhichItDoesNotKnow() throws {
        let fixture = try ImportFixture()
        let url = ImportCorpus.url("daylio/michaelcurrin-daylio-csv-parser/sample_multiple_moods.csv")
        let report = try fixture.run(DaylioImporter(file: url, diary: fixture.diary, options: Self.options()))
        #expect((report.found, report.imported.count) == (7, 7))
        #expect(try Self.lines(fixture) == [
            "2020-07-21T07:31:00+09:00 Asia/Seoul anxiety/3 anxious [sleeping]",
            "2020-07-21T10:31:00+09:00 Asia/Seoul sadness/3 bad []",
            "2020-08-25T17:08:00+09:00 Asia/Seoul calm/3 ok but sleepy [work]",
            "2020-08-28T20:01:00+09:00 Asia/Seoul joy/3 good [movies, good meal]",
            "2020-08-31T08:13:00+09:00 Asia/Seoul calm/4 refreshed [sleeping]",
            "2021-05-12T15:40:00+09:00 Asia/Seoul calm/2 ok [work]",
            "2021-05-12T18:52:00+09:00 Asia/Seoul calm/2 ok [work]",
        ])
        #expect(report.notes == [ImportIssue(location: "line 6", sourceID: "2020-08-25 17:08",
                                             reason: "the mood \"ok but sleepy\" is not in the mood table; it came over as calm 3 (say what it means in a mood file, --moods)")])
        // A mood file says what the custom mood means.
        let moods = try MoodTable(parsing: "# mine\nok but sleepy = tiredness 2\nRefreshed = 기쁨 4\n")
        let other = try ImportFixture()
        let mapped = try other.run(DaylioImporter(file: url, diary: other.diary, options: Self.options(moods: moods)))
        #expect(mapped.notes.isEmpty)
        #expect(try other.entry("2020-08-25 17:08").emotion == .tiredness)
        #expect(try other.entry("2020-08-25 17:08").intensity == 2)
        #expect(try other.entry("2020-08-31 08:13").emotion == .joy)
    }

    @Test func everyColumnLayoutReadsTheSameEntries() throws {
        // The sample rows as the two older layouts write them.
        let directory = TemporaryDirectory("daylio-layouts")
        let original = try String(contentsOf: ImportCorpus.url("daylio/michaelcurrin-daylio-csv-parser/sample_multiple_moods.csv"), encoding: .utf8)
        let rows = original.split(separator: "\n").dropFirst().map { String($0) }
        let noTitle = "full_date,date,weekday,time,mood,activities,note\n" + rows.map { $0.replacingOccurrences(of: ",\"\",\"\"", with: ",\"\"") }.joined(separator: "\n")
        let yearLayout = "year,date,weekday,time,mood,activities,note\n" + rows.map { row -> String in
            let year = row.prefix(4)
            return year + row.dropFirst(10).replacingOccurrences(of: ",\"\",\"\"", with: ",\"\"")
        }.joined(separator: "\r\n") + "\r\n"
        let fixture = try ImportFixture()
        let first = try fixture.run(DaylioImporter(file: ImportCorpus.url("daylio/michaelcurrin-daylio-csv-parser/sample_multiple_moods.csv"),
                                                   diary: fixture.diary, options: Self.options()))
        let expected = try Self.lines(fixture)
        for (name, text) in [("seven.csv", noTitle), ("year.csv", yearLayout)] {
            let file = directory.appending(name)
            try Data(text.utf8).write(to: file)
            let other = try ImportFixture()
            let report = try other.run(DaylioImporter(file: file, diary: other.diary, options: Self.options()))
            #expect(report.imported.map(\.id) == first.imported.map(\.id), "\(name): the same minutes, so the same entries")
            #expect(try Self.lines(other) == expected, "\(name)")
            // Into the store that already has them: nothing new.
            #expect(try fixture.run(DaylioImporter(file: file, diary: fixture.diary, options: Self.options())).imported.isEmpty, "\(name)")
        }
    }

    @Test func notesWithLineBreaksTitlesAndMidnightTimes() throws {
        let directory = TemporaryDirectory("daylio-notes")
        let file = directory.appending("notes.csv")
        try Data("""
            full_date,date,weekday,time,mood,activities,note_title,note
            2024-03-01,1 March,Friday,12:05 am,rad,"friends | party ","Birthday","Went to a party<br>Danced<br/>all night &amp; more"
            2024-03-01,1 March,Friday,12:30 pm,good,"","","<b>Lunch</b> with Mina"
            2024-03-02,2 March,Saturday,25:00,good,"","",""
            2024-03-02,2 March,Saturday,9:00 am,,"","",""
            """.utf8).write(to: file)
        let fixture = try ImportFixture()
        let report = try fixture.run(DaylioImporter(file: file, diary: fixture.diary, options: Self.options()))
        #expect(report.imported.count == 3)
        #expect(report.refused.map(\.description) == ["line 4: the time \"25:00\" cannot be read (write it like 10:00 pm or 18:52)"])
        let party = try fixture.entry("2024-03-01 00:05")
        #expect(ImportCorpus.local(party.moment, party.timeZone) == "2024-03-01T00:05:00+09:00")
        #expect((party.title, party.text, party.tags) == ("Birthday", "Went to a party\nDanced\nall night & more", ["friends", "party"]))
        let lunch = try fixture.entry("2024-03-01 12:30")
        #expect((lunch.title, lunch.text, lunch.emotion) == (nil, "**Lunch** with Mina", .joy))
        // A row without a mood takes the fallback and says so.
        let moodless = try fixture.entry("2024-03-02 09:00")
        #expect((moodless.emotion, moodless.intensity, moodless.title) == (.calm, 3, "Untitled"))
        #expect(report.notes.map(\.description) == ["line 5: the entry has no mood; it came over as calm 3"])
    }

    // MARK: - The .daylio backup

    /// A backup with four entries: a custom mood found by its group, a predefined mood, a custom mood
    /// found by name, one with an unknown mood; zero-based months; three time-zone offsets; two photos
    /// (listed in reverse), an audio recording, and optionally a photo missing from the zip.
    static func backup(in directory: TemporaryDirectory, missingPhoto: Bool = false, base64: Bool = true) throws -> (url: URL, photos: [String: Data]) {
        let photoA = try Data(contentsOf: ImportCorpus.url("dayone/marcdonald-obsidian-day-one-importer/photos/31c871f18f68d2fde4196ccba1f8ece1.jpeg"))
        let photoB = try Data(contentsOf: ImportCorpus.url("dayone/marcdonald-obsidian-day-one-importer/photos/6b73e9bd86a91d3a7ead09268b0fb266.jpeg"))
        func millis(_ text: String) -> Double { ISO8601DateFormatter().date(from: text)!.timeIntervalSince1970 * 1000 }
        let json: [String: Any] = [
            "version": 15,
            "customMoods": [
                ["id": 1, "custom_name": "", "mood_group_id": 1, "predefined_name_id": 1, "state": 0],
                ["id": 2, "custom_name": "", "mood_group_id": 2, "predefined_name_id": 2, "state": 0],
                ["id": 3, "custom_name": "", "mood_group_id": 3, "predefined_name_id": 3, "state": 0],
                ["id": 6, "custom_name": "Productive", "mood_group_id": 2, "predefined_name_id": -1, "state": 0],
                ["id": 7, "custom_name": "Grateful ", "mood_group_id": 1, "predefined_name_id": -1, "state": 0],
            ],
            "tags": [["id": 1, "name": "work"], ["id": 2, "name": "family"], ["id": 3, "name": "Photography "]],
            "assets": [
                ["id": 10, "checksum": "aaaa0000aaaa0000aaaa0000aaaa0000", "type": 1, "createdAt": 1_706_700_000_000, "android_metadata": "{}"],
                ["id": 11, "checksum": "bbbb1111bbbb1111bbbb1111bbbb1111", "type": 1, "createdAt": 1_706_700_000_000, "android_metadata": "{}"],
                ["id": 12, "checksum": "cccc2222cccc2222cccc2222cccc2222", "type": 2, "createdAt": 1_706_700_000_000, "android_metadata": "{}"],
            ],
            "dayEntries": [
                ["id": 101, "year": 2024, "month": 0, "day": 31, "hour": 21, "minute": 30, "datetime": millis("2024-01-31T12:30:00Z"),
                 "timeZoneOffset": 32_400_000, "mood": 6, "note_title": "Deadline", "note": "Finished the <b>report</b>.<br>Long day.",
                 "tags": [1], "assets": [11, 10, 12]],
                ["id": 102, "year": 2023, "month": 11, "day": 1, "hour": 0, "minute": 5, "datetime": millis("2023-12-01T05:05:00Z"),
                 "timeZoneOffset": -18_000_000, "mood": 1, "note_title": "", "note": "", "tags": [2, 3], "assets": []],
                ["id": 103, "year": 2024, "month": 1, "day": 29, "hour": 8, "minute": 15, "datetime": millis("2024-02-29T02:45:00Z"),
                 "timeZoneOffset": 19_800_000, "mood": 7, "note_title": "", "note": "Tea on the balcony", "tags": [], "assets": []],
                ["id": 104, "year": 2024, "month": 2, "day": 1, "hour": 9, "minute": 0, "datetime": millis("2024-03-01T00:00:00Z"),
                 "timeZoneOffset": 32_400_000, "mood": 99, "note_title": "", "note": "?", "tags": [], "assets": []],
            ],
        ]
        let encoded = try JSONSerialization.data(withJSONObject: json)
        var entries = [ZipMaker.Entry(name: "backup.daylio", data: base64 ? Data(encoded.base64EncodedString().utf8) : encoded)]
        entries.append(ZipMaker.Entry(name: "assets/photos/2024/1/bbbb1111bbbb1111bbbb1111bbbb1111", data: photoB))
        if !missingPhoto { entries.append(ZipMaker.Entry(name: "assets/photos/2024/1/aaaa0000aaaa0000aaaa0000aaaa0000", data: photoA)) }
        entries.append(ZipMaker.Entry(name: "assets/audio/2024/1/cccc2222cccc2222cccc2222cccc2222", data: Data("not really audio".utf8)))
        let url = directory.appending("backup_2024_02_01.daylio")
        try ZipMaker.write(entries, to: url)
        return (url, ["a": photoA, "b": photoB])
    }

    @Test func aBackupComesOverWithZeroBasedMonthsOffsetsCustomMoodsAndPhotosInOrder() throws {
        let directory = TemporaryDirectory("daylio-backup")
        let (url, photos) = try Self.backup(in: directory)
        let fixture = try ImportFixture()
        let report = try fixture.run(DaylioImporter(file: url, diary: fixture.diary, options: Self.options()))
        #expect((report.found, report.imported.count, report.refused.count, report.photoCount) == (4, 3, 1, 2))
        #expect(report.refused.map(\.description) == ["entry 4 (id 104): its mood 99 is not among the backup's moods"])
        #expect(try Self.lines(fixture) == [
            "2023-12-01T00:05:00-05:00 Etc/GMT+5 joy/5 rad [family, photography]",
            "2024-01-31T21:30:00+09:00 Asia/Seoul joy/3 Deadline [work]",
            "2024-02-29T08:15:00+05:30 Asia/Calcutta gratitude/4 - []",
        ])
        let deadline = try fixture.entry("entry 101")
        #expect(deadline.text == "Finished the **report**.\nLong day.")
        #expect(deadline.images.map(\.sourceSHA256) == [SHA256.hex(photos["b"]!), SHA256.hex(photos["a"]!)])
        #expect(try fixture.store.record(deadline.id).fields["importMoodGroup"] == .integer(2))
        #expect(report.notes.map(\.reason) == ["the audio recording cccc2222cccc2222cccc2222cccc2222 was not imported: Keepsake keeps photos only"])
        #expect(try fixture.entry("entry 103").text == "Tea on the balcony")
        try fixture.expectClean()
        let again = try fixture.run(DaylioImporter(file: url, diary: fixture.diary, options: Self.options()))
        #expect((again.imported.count, again.skipped.count) == (0, 3))
    }

    @Test func aPhotoMissingFromTheBackupIsReportedAndTheEntryComesOverMarked() throws {
        let directory = TemporaryDirectory("daylio-missing")
        let (url, photos) = try Self.backup(in: directory, missingPhoto: true)
        let fixture = try ImportFixture()
        let report = try fixture.run(DaylioImporter(file: url, diary: fixture.diary, options: Self.options()))
        #expect(report.imported.count == 3)
        let deadline = try fixture.entry("entry 101")
        #expect(deadline.images.map(\.sourceSHA256) == [SHA256.hex(photos["b"]!)])
        #expect(deadline.tags == ["work", "missing-photo"])
        #expect(report.notes.map(\.reason).contains("photo assets/photos/aaaa0000aaaa0000aaaa0000aaaa0000 is missing from the export; the entry came over without it"))
        try fixture.expectClean()
    }

    @Test func aDamagedBackupIsRefusedWholeAndNothingIsWritten() throws {
        let directory = TemporaryDirectory("daylio-damaged")
        let (url, _) = try Self.backup(in: directory)
        let fixture = try ImportFixture()
        // Not base64.
        let plainDirectory = TemporaryDirectory("daylio-plain")
        let (plain, _) = try Self.backup(in: plainDirectory, base64: false)
        let notBase64 = try #require(throws: KeepsakeError.self) {
            try fixture.run(DaylioImporter(file: plain, diary: fixture.diary, displayName: "plain.daylio"))
        }
        #expect(notBase64.message == "The backup.daylio inside plain.daylio is not base64-encoded JSON: the backup is damaged. Make a new backup in Daylio.")
        // Cut short.
        let data = try Data(contentsOf: url)
        let truncated = directory.appending("truncated.daylio")
        try data.prefix(data.count / 2).write(to: truncated)
        let cut = try #require(throws: KeepsakeError.self) {
            try fixture.run(DaylioImporter(file: truncated, diary: fixture.diary, displayName: "truncated.daylio"))
        }
        #expect(cut.message.hasPrefix("The zip truncated.daylio is damaged or truncated"), "\(cut.message)")
        #expect(try fixture.diary.count() == 0)
        try fixture.expectClean()
    }

    @Test func aCSVThatIsNotDaylioIsRefusedWithItsHeader() throws {
        let fixture = try ImportFixture()
        let error = try #require(throws: KeepsakeError.self) {
            try DaylioImporter(file: ImportCorpus.url("bank-csv/reubano-csv2ofx/default.csv"), diary: fixture.diary, displayName: "default.csv").plan()
        }
        #expect(error.message == "default.csv is not a Daylio CSV export: its header (row,num,date,reference,description,amount,account,category,notes) lacks full_date (or year and date), time and mood.")
    }

    @Test func theMoodTableReadsItsFileAndRefusesBadLinesWithTheirNumber() throws {
        let table = try MoodTable(parsing: "group 3 = anxiety 2\ndefault = tiredness 1\n")
        #expect(table.mapping(name: "something else").mapping == MoodTable.Mapping(.tiredness, 1))
        #expect(table.mapping(name: "custom", group: 3).mapping == MoodTable.Mapping(.anxiety, 2))
        #expect(table.mapping(name: "  RAD ").mapping == MoodTable.Mapping(.joy, 5))
        let bad = try #require(throws: KeepsakeError.self) { try MoodTable(parsing: "# ok\nmeh = bored 3\n") }
        #expect(bad.message.hasPrefix("Line 2 of the mood file: \"bored 3\" is not an emotion and an intensity"))
        let intensity = try #require(throws: KeepsakeError.self) { try MoodTable(parsing: "meh = calm 9\n") }
        #expect(intensity.message.hasPrefix("Line 1 of the mood file: the intensity \"9\" is not a whole number from 1 to 5"))
    }
}
