import Foundation
import Testing
@testable import KeepsakePostgresStore
import KeepsakeStore
import KeepsakeTestSupport

/// Full-text search on PostgreSQL finds what the embedded store's FTS5 finds.
@Suite("PostgreSQL full-text search")
struct PostgresSearchTests {
    static let texts: [[String: FieldValue]] = [
        ["title": .string("Picnic by the river"), "tags": .strings(["summer", "family"])],
        ["text": .string("오늘은 친구와 피크닉을 갔다. 날씨가 좋았다!"), "mood": .integer(5)],
        ["text": .string("Café au lait in Zürich — naïve but DELIGHTFUL"), "done": .bool(true)],
        ["text": .string("mail bob@example.com or see https://example.org/path/to/page?q=1"), "n": .integer(2024)],
        ["text": .string("state-of-the-art AC/DC adapter, don't panic; v1.2.3 photo_2024.jpg")],
        ["text": .string("서울에서 부산까지 KTX로 2시간 30분"), "tags": .strings(["여행", "기차"])],
        ["title": .string("Numbers 42 and 7th place"), "count": .integer(42)],
        ["title": .string("日本語のテキストと中文文本"), "tags": .strings(["ＦＵＬＬＷＩＤＴＨ"])],
        ["title": .string("\"quoted\" 'single' (parens) [brackets] *stars* AND OR NOT NEAR")],
        ["text": .string("Straße und Grüße; ÅNGSTRÖM Ærø"), "tags": .strings([])],
    ]

    static let queries = [
        "picnic", "PICN", "river family", "river winter", "피크닉", "피크", "친구", "친구와", "날씨", "갔다",
        "cafe", "café", "zurich", "ZÜRICH", "naive", "delight", "au lait", "bob", "example", "com", "https", "path",
        "page", "q", "state", "art", "ac", "dc", "don", "t", "v1", "2", "3", "photo", "jpg", "2024", "서울", "부산", "ktx",
        "2시간", "30분", "여행", "기차", "42", "7th", "numbers", "日本", "テキスト", "中文", "ｆｕｌｌ", "full",
        "quoted", "single", "parens", "brackets", "stars", "and", "or", "not", "near", "\" OR * NEAR(", "strasse", "straße",
        "grusse", "angstrom", "ærø", "aero", "5", "true", "ngstr", "ver", "crepe", "",
    ]

    @Test("Every query finds the same records on PostgreSQL as on SQLite's FTS5, in English, Korean and other scripts, with query syntax inert")
    func findsWhatFTS5Finds() throws {
        let sqlite = try StoreBackend.embedded.makePlace("search-sqlite").open()
        let postgres = try StoreBackend.postgresFolder.makePlace("search-postgres").open()
        var ids: [[RecordID]] = [[], []]
        for (index, fields) in Self.texts.enumerated() {
            for (side, store) in [sqlite, postgres].enumerated() {
                ids[side].append(try store.create(RecordDraft(collection: "diary", date: Date(timeIntervalSince1970: Double(index)), fields: fields)).id)
            }
        }
        var found = 0
        for query in Self.queries {
            let onSQLite = try sqlite.search(query, in: "diary", limit: 100).map { ids[0].firstIndex(of: $0.id)! }
            let onPostgres = try postgres.search(query, in: "diary", limit: 100).map { ids[1].firstIndex(of: $0.id)! }
            #expect(onPostgres == onSQLite, "\(query): FTS5 finds \(onSQLite), PostgreSQL \(onPostgres)")
            found += onSQLite.count
        }
        #expect(found > 40, "the queries found too little to compare")
    }

    @Test("Words are cut and folded as FTS5's unicode61 does: letters and digits, lowercased, diacritics removed, Hangul whole")
    func wordsAreCutAsFTS5CutsThem() {
        #expect(SearchWords.words(in: "Café au LAIT, naïve!") == ["cafe", "au", "lait", "naive"])
        #expect(SearchWords.words(in: "오늘은 친구와 피크닉을") == ["오늘은", "친구와", "피크닉을"])
        #expect(SearchWords.words(in: "bob@example.com don't v1.2") == ["bob", "example", "com", "don", "t", "v1", "2"])
        #expect(SearchWords.words(of: ["a": .string("x y"), "b": .strings(["y", "z"]), "n": .integer(5), "f": .bool(true)]) == ["x", "y", "z"])
        #expect(SearchWords.query(["pic'nic", "ok"]) == "'pic':* & 'nic':* & 'ok':*")
        #expect(SearchWords.query(["—", "!"]) == nil)
        let long = String(repeating: "가", count: 400)
        #expect(SearchWords.words(in: long).first!.utf8.count <= SearchWords.maximumWordBytes)
    }
}
