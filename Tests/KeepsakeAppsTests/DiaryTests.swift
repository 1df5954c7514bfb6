import Foundation
import Testing
import KeepsakeDiary
import KeepsakeStore
import KeepsakeTestSupport
import KeepsakeSupport

@Suite struct DiaryTests {
    @Test func anEntryWithThreeRealPhotosIsStoredAndReadBackWithNormalisedTagsAndTitle() throws {
        let fixture = try DiaryFixture()
        let photos = Array(Corpus.smallImages.prefix(3))
        let created = try fixture.diary.create(DiaryDraft(
            moment: diaryDate("2026-11-29T23:30:00+09:00"), timeZone: diarySeoul, emotion: .joy, intensity: 4,
            title: "  한강 피크닉  ", text: "친구와 한강에서 피크닉을 했다.", tags: [" Picnic ", "friends", "PICNIC", "", "  "],
            images: photos.map(ImageSource.file)))

        #expect(created.title == "한강 피크닉")
        #expect(created.tags == ["picnic", "friends"])
        #expect(created.day == diaryDay("2026-11-29"))
        #expect(created.images.map(\.position) == [0, 1, 2])
        let hashes = try photos.map { SHA256.hex(try Data(contentsOf: $0)) }
        #expect(created.images.map(\.sourceSHA256) == hashes)
        for image in created.images {
            #expect(FileManager.default.fileExists(atPath: try fixture.store.originalURL(of: image).path))
            #expect(image.path.string.hasPrefix("attachments/\(try #require(created.book).string)/\(created.id)/"))
        }

        let read = try fixture.diary.read(created.id)
        #expect(read == created)
        #expect(read.timeZone.identifier == "Asia/Seoul")
        #expect(read.emotion == .joy && read.intensity == 4 && !read.isTrashed)
        #expect(try fixture.diary.count() == 1)
    }

    @Test func theRecordKeepsStableFieldNamesWithTheDayAndMonthInTheEntrysTimeZone() throws {
        let fixture = try DiaryFixture()
        // 08:30 on 1 December in Seoul is still 30 November (23:30) in UTC.
        let entry = try fixture.write("2026-12-01T08:30:00+09:00", diarySeoul, .gratitude, 2, title: "Thanks", text: "", tags: ["Family"])
        let record = try fixture.store.record(entry.id)
        #expect(record.collection == "diary")
        #expect(record.date == diaryDate("2026-11-30T23:30:00Z"))
        #expect(record.fields == [
            "emotion": .string("gratitude"), "intensity": .integer(2), "title": .string("Thanks"), "text": .string(""),
            "tags": .strings(["family"]), "day": .string("2026-12-01"), "month": .string("2026-12"),
            "timeZone": .string("Asia/Seoul"),
        ])
        let untitled = try fixture.write("2026-12-01T09:00:00+09:00", diarySeoul, .calm, text: "no title")
        #expect(try fixture.store.record(untitled.id).fields["title"] == nil)
        #expect(untitled.title == nil)
    }

    @Test func invalidDraftsAreRefusedWithClearErrorsAndNothingIsStored() throws {
        let fixture = try DiaryFixture()
        let now = diaryDate("2026-11-29T12:00:00+09:00")
        func draft(_ change: (inout DiaryDraft) -> Void) -> DiaryDraft {
            var draft = DiaryDraft(moment: now, timeZone: diarySeoul, emotion: .calm, intensity: 3, text: "fine")
            change(&draft)
            return draft
        }
        let photo = ImageSource.file(Corpus.url("jpeg/testorig.jpg"))
        let cases: [(DiaryDraft, KeepsakeError.Code, String)] = [
            (draft { $0.intensity = 0 }, .invalidArgument, "intensity 0 is out of range"),
            (draft { $0.intensity = 6 }, .invalidArgument, "intensity 6 is out of range"),
            (draft { $0.text = " \n "; $0.title = "   " }, .invalidArgument, "needs a title or some text"),
            (draft { $0.images = Array(repeating: photo, count: 11) }, .limitExceeded, "at most 10 images; 11 were given"),
            (draft { $0.tags = [String(repeating: "a", count: 31)] }, .invalidArgument, "has 31 characters; a tag has at most 30"),
            (draft { $0.tags = (0...20).map { "tag\($0)" } }, .invalidArgument, "at most 20 tags; 21 were given"),
            (draft { $0.tags = ["two\nlines"] }, .invalidArgument, "control character"),
            (draft { $0.title = String(repeating: "제", count: 101) }, .invalidArgument, "title has 101 characters"),
            (draft { $0.title = "one\ntwo" }, .invalidArgument, "a title is one line"),
            (draft { $0.text = String(repeating: "x", count: 50_001) }, .invalidArgument, "at most 50000"),
            (draft { $0.moment = Date(timeIntervalSince1970: 1e13) }, .invalidArgument, "not a real date"),
            (draft { $0.moment = diaryDate("0000-06-01T00:00:00Z") }, .invalidArgument, "falls in the year 0"),
            (draft { $0.timeZone = TimeZone(secondsFromGMT: 3 * 3600 + 17)! }, .invalidArgument, "cannot be stored by name"),
        ]
        for (bad, code, fragment) in cases {
            #expect { try bad.validate() } throws: { diaryError($0, code, fragment) }
            #expect { try fixture.diary.create(bad) } throws: { diaryError($0, code, fragment) }
        }
        // Long Korean tags count characters, not bytes; duplicate tags do not count twice.
        try draft { $0.tags = [String(repeating: "가", count: 30)] + Array(repeating: "same", count: 40) }.validate()
        // A configured limit applies too.
        let strict = Diary(store: fixture.store, maxImages: 2)
        #expect { try strict.create(draft { $0.images = [photo, photo, photo] }) } throws: {
            diaryError($0, .limitExceeded, "at most 2 images; 3 were given")
        }
        // A corrupt photo fails the whole create.
        #expect { try fixture.diary.create(draft { $0.images = [photo, .file(Corpus.corruptImage)] }) } throws: {
            ($0 as? KeepsakeError)?.code == .corruptImage
        }
        #expect(try fixture.diary.count() == 0)
        #expect(try fixture.store.count("diary", trash: .all) == 0)
        #expect(try fixture.store.fsck().isClean)
    }

    @Test func anEditChangesOnlyTheGivenFieldsAndMovesTheEntryToItsNewDay() throws {
        let fixture = try DiaryFixture()
        let entry = try fixture.write("2026-11-29T21:00:00+09:00", diarySeoul, .anxiety, 4, title: "Exam", text: "Tomorrow is the exam.", tags: ["school"])
        let edited = try fixture.diary.update(entry.id, moment: diaryDate("2026-11-30T07:00:00+09:00"), emotion: .calm, intensity: 2,
                                              tags: ["School", "morning"])
        #expect(edited.day == diaryDay("2026-11-30"))
        #expect(edited.emotion == .calm && edited.intensity == 2)
        #expect(edited.tags == ["school", "morning"])
        #expect(edited.title == "Exam" && edited.text == "Tomorrow is the exam.")
        #expect(try fixture.diary.entries(on: diaryDay("2026-11-29")).isEmpty)
        #expect(try fixture.diary.entries(on: diaryDay("2026-11-30")).map(\.id) == [entry.id])

        // Changing only the time zone moves the day too: 07:00 in Seoul is 17:00 the day before in New York.
        let moved = try fixture.diary.update(entry.id, DiaryEdit(timeZone: diaryNewYork))
        #expect(moved.moment == edited.moment)
        #expect(moved.day == diaryDay("2026-11-29"))
        #expect(try fixture.store.record(entry.id).fields["day"] == .string("2026-11-29"))
        #expect(try fixture.store.record(entry.id).fields["timeZone"] == .string("America/New_York"))

        // An empty title removes it; the text alone carries the entry.
        let untitled = try fixture.diary.update(entry.id, title: "  ")
        #expect(untitled.title == nil)
        #expect(try fixture.store.record(entry.id).fields["title"] == nil)
        #expect(try fixture.diary.update(entry.id, DiaryEdit()) == untitled)

        #expect { try fixture.diary.update(entry.id, text: "") } throws: { diaryError($0, .invalidArgument, "needs a title or some text") }
        #expect { try fixture.diary.update(entry.id, intensity: 9) } throws: { diaryError($0, .invalidArgument, "intensity 9") }
        #expect { try fixture.diary.update(RecordID(), text: "x") } throws: { diaryError($0, .notFound, "No diary entry") }
        let ledger = try fixture.store.create(RecordDraft(collection: "ledger", fields: ["text": .string("coffee")]))
        #expect { try fixture.diary.update(ledger.id, text: "x") } throws: { diaryError($0, .notFound, "No diary entry") }
        #expect { try fixture.diary.read(ledger.id) } throws: { diaryError($0, .notFound) }
        try fixture.diary.delete(entry.id)
        #expect { try fixture.diary.update(entry.id, text: "x") } throws: { diaryError($0, .conflict, "restore it") }
        #expect(try fixture.diary.read(entry.id).text == "Tomorrow is the exam.")
    }

    @Test func readingARecordWithMissingOrInvalidFieldsThrowsAnErrorNamingTheField() throws {
        let fixture = try DiaryFixture()
        let good: [String: FieldValue] = [
            "emotion": .string("joy"), "intensity": .integer(3), "text": .string("ok"), "tags": .strings([]),
            "day": .string("2026-11-29"), "month": .string("2026-11"), "timeZone": .string("Asia/Seoul"),
        ]
        let valid = try fixture.store.create(RecordDraft(collection: "diary", date: diaryDate("2026-11-29T12:00:00+09:00"), fields: good))
        #expect(try fixture.diary.read(valid.id).emotion == .joy)

        let broken: [(String, FieldValue?, String)] = [
            ("emotion", nil, "\"emotion\" is missing"),
            ("emotion", .string("ennui"), "\"ennui\" in the field \"emotion\" is not a known emotion"),
            ("intensity", .integer(9), "\"intensity\" must be a whole number from 1 to 5"),
            ("intensity", .string("3"), "\"intensity\" must be a whole number from 1 to 5"),
            ("text", nil, "\"text\" is missing"),
            ("text", .integer(1), "\"text\" is not text"),
            ("title", .bool(true), "\"title\" is not text"),
            ("tags", nil, "\"tags\" is missing"),
            ("tags", .string("a,b"), "\"tags\" is not a list of text"),
            ("timeZone", .string("Mars/Olympus"), "not a known time zone"),
            ("day", .string("29/11/2026"), "is not a yyyy-MM-dd day"),
            ("day", .string("2026-02-30"), "is not a yyyy-MM-dd day"),
            ("month", .string("2026-12"), "does not match the field \"day\""),
        ]
        for (key, value, fragment) in broken {
            var fields = good
            fields[key] = value
            let record = try fixture.store.create(RecordDraft(collection: "diary", fields: fields))
            #expect { try fixture.diary.read(record.id) } throws: { diaryError($0, .database, fragment) }
            #expect { try fixture.diary.newest() } throws: { diaryError($0, .database, "changed outside the Diary app") }
            try fixture.store.purge(record.id)
        }
        #expect(try fixture.diary.newest().entries.map(\.id) == [valid.id])
    }

    @Test func anEntryEncodesItsTimeZoneByNameAndItsDerivedDay() throws {
        let fixture = try DiaryFixture()
        let entry = try fixture.diary.create(DiaryDraft(moment: diaryDate("2026-11-29T23:30:00+09:00"), timeZone: diarySeoul, emotion: .love,
                                                        intensity: 5, text: "사랑해", images: [.file(Corpus.url("jpeg/testorig.jpg"))]))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let json = String(decoding: try encoder.encode(entry), as: UTF8.self)
        #expect(json.contains("\"timeZone\":\"Asia/Seoul\""))
        #expect(json.contains("\"day\":\"2026-11-29\""))
        #expect(json.contains("\"emotion\":\"love\""))
        #expect(try JSONDecoder().decode(DiaryEntry.self, from: Data(json.utf8)) == entry)
        let unknownZone = json.replacingOccurrences(of: "Asia/Seoul", with: "Nowhere/Atlantis")
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(DiaryEntry.self, from: Data(unknownZone.utf8)) }
    }

    @Test func emotionsHaveEnglishAndKoreanNamesAndAreFoundByAnyOfThem() {
        #expect(Emotion.allCases.count == 10)
        #expect(Set(Emotion.allCases.map(\.koreanName)).count == 10)
        #expect(Set(Emotion.allCases.map(\.englishName)).count == 10)
        #expect(Emotion.joy.koreanName == "기쁨" && Emotion.joy.englishName == "Joy")
        #expect(Emotion(name: "기쁨") == .joy)
        #expect(Emotion(name: " Sadness ") == .sadness)
        #expect(Emotion(name: "tiredness") == .tiredness)
        #expect(Emotion(name: "boredom") == nil)
        #expect(Emotion.excitement.displayName(language: "ko-KR") == "설렘")
        #expect(Emotion.excitement.displayName(language: "en") == "Excitement")
        #expect(Emotion.allCases.sorted() == Emotion.allCases)
        #expect(Emotion.allCases.filter(\.isPleasant) == [.joy, .calm, .gratitude, .love, .excitement])
    }
}
