import Foundation
import KeepsakeDiary
import KeepsakeHTTP
import KeepsakeStore

extension WebApp {
    /// The diary as the API serves it.
    var diaryResource: APIResource<Diary> {
        let sizes = store.options.thumbnailSizes.map(\.maxPixels)
        return APIResource(app: diary, path: APIRepresentation.entryPath, json: { APIRepresentation.entry($0, sizes: sizes) })
    }

    /// The fields of a diary entry's JSON that a client may send.
    static let diaryFields: Set<String> = ["moment", "timeZone", "emotion", "intensity", "title", "text", "tags"]

    /// `POST /api/v1/diary/entries`: a new entry from JSON (or multipart: the JSON in the field
    /// `entry`, photos as files `image`); the same rules as the compose page.
    func apiCreateDiaryEntry(_ request: APIRequest) async throws -> HTTPResponse {
        let body = try request.jsonObject(field: "entry", what: "diary entry", allowed: Self.diaryFields)
        guard let emotionName = try body.string("emotion") else { throw body.missing("emotion") }
        let emotion = try Self.emotion(emotionName)
        var draft = DiaryDraft(moment: try body.timestamp("moment") ?? Date(), timeZone: try Self.timeZone(try body.string("timeZone")) ?? .current,
                               emotion: emotion, intensity: try body.integer("intensity") ?? 3, title: try body.string("title", nullable: true),
                               text: try body.string("text") ?? "", tags: try body.strings("tags") ?? [])
        if request.http.mediaType == "multipart/form-data" && !request.http.files.isEmpty {
            draft.images = try apiUploads(request, single: false).map(\.source)
        }
        try draft.validate(maxImages: diary.maxImages)
        let ready = draft
        return try await apiCreate(diaryResource, request) { id in
            var withID = ready
            withID.id = id
            return try self.diary.create(withID)
        }
    }

    /// `PATCH /api/v1/diary/entries/{id}`: the fields the body names (`title: null` or `""`
    /// removes the title), honouring `If-Match`.
    func apiUpdateDiaryEntry(_ request: APIRequest) throws -> HTTPResponse {
        let body = try request.jsonObject(field: "entry", what: "diary entry", allowed: Self.diaryFields)
        var edit = DiaryEdit(moment: try body.timestamp("moment"), timeZone: try Self.timeZone(try body.string("timeZone")),
                             emotion: try body.string("emotion").map(Self.emotion), intensity: try body.integer("intensity"),
                             title: try body.string("title", nullable: true), text: try body.string("text"), tags: try body.strings("tags"))
        if body.has("title") && edit.title == nil { edit.title = "" }
        return try apiUpdate(diaryResource, request, edit: edit)
    }

    /// `GET /api/v1/diary/entries`: newest first, a page at a time, optionally one emotion, one tag
    /// or a time range.
    func apiListDiaryEntries(_ request: APIRequest) throws -> HTTPResponse {
        let limit = try request.integer("limit", in: 1...100, default: 20)!
        let cursor = try request.cursor()
        let page: DiaryPage
        if let text = request.query("emotion") {
            page = try diary.entries(emotion: try Self.emotion(text), limit: limit, after: cursor)
        } else if let tag = request.query("tag") {
            page = try diary.entries(tag: tag, limit: limit, after: cursor)
        } else if request.query("from") != nil || request.query("until") != nil {
            guard let from = request.query("from").flatMap(APIJSON.parseTimestamp), let until = request.query("until").flatMap(APIJSON.parseTimestamp) else {
                throw APIProblem.invalid("from and until must both be RFC 3339 date-times.")
            }
            page = try diary.entries(from: from, to: until, limit: limit, after: cursor)
        } else {
            page = try diary.newest(limit: limit, after: cursor)
        }
        let json = diaryResource.json
        return APIRepresentation.response(APIRepresentation.page(page.entries.map(json), next: page.nextCursor))
    }

    /// `GET /api/v1/diary/trash`: entries in the trash, a page at a time.
    func apiDiaryTrash(_ request: APIRequest) throws -> HTTPResponse {
        let page = try diary.trash(limit: try request.integer("limit", in: 1...100, default: 20)!, after: try request.cursor())
        let json = diaryResource.json
        return APIRepresentation.response(APIRepresentation.page(page.entries.map(json), next: page.nextCursor))
    }

    /// `GET /api/v1/diary/search?q=`: full-text search over titles, texts and tags.
    func apiSearchDiary(_ request: APIRequest) throws -> HTTPResponse {
        guard let text = request.query("q") else { throw APIProblem.invalid("Give the words to look for in q.") }
        let entries = try diary.search(text, limit: try request.integer("limit", in: 1...100, default: 50)!)
        let json = diaryResource.json
        return APIRepresentation.response(["items": .array(entries.map(json))])
    }

    /// `GET /api/v1/diary/calendar?month=YYYY-MM`: each day of the month with entries, its count and
    /// dominant emotion.
    func apiDiaryCalendar(_ request: APIRequest) throws -> HTTPResponse {
        guard let text = request.query("month"), let month = try? CalendarMonth(parsing: text) else {
            throw APIProblem.invalid("Give the month as month=YYYY-MM.")
        }
        let days = try diary.calendar(of: month)
        let items: [APIJSONValue] = days.map { day in
            ["day": .string(day.day.string), "count": .int(day.count), "dominantEmotion": .string(day.dominantEmotion.rawValue),
             "emotions": Self.emotionCounts(day.emotionCounts)]
        }
        return APIRepresentation.response(["month": .string(month.string), "days": .array(items)])
    }

    /// `GET /api/v1/diary/statistics?from=&until=&period=week|month&timeZone=`: emotion counts and
    /// average intensity per period (days `YYYY-MM-DD`, `until` not included).
    func apiDiaryStatistics(_ request: APIRequest) throws -> HTTPResponse {
        let zone = try Self.timeZone(request.query("timeZone")) ?? TimeZone(identifier: "UTC")!
        guard let from = request.query("from").flatMap({ try? DiaryDay($0) }), let until = request.query("until").flatMap({ try? DiaryDay($0) }) else {
            throw APIProblem.invalid("Give from and until as days, YYYY-MM-DD.")
        }
        let period: DiaryStatisticsPeriod
        switch request.query("period") ?? "month" {
        case "week": period = .week
        case "month": period = .month
        default: throw APIProblem.invalid("period is week or month.")
        }
        let statistics = try diary.statistics(from: from.start(in: zone), to: until.start(in: zone), per: period, timeZone: zone)
        let items: [APIJSONValue] = statistics.map { period in
            ["label": .string(period.label), "firstDay": .string(period.firstDay.string), "start": .timestamp(period.start),
             "end": .timestamp(period.end), "entryCount": .int(period.entryCount), "emotions": Self.emotionCounts(period.emotionCounts),
             "averageIntensity": period.averageIntensity.map(APIJSONValue.number) ?? .null]
        }
        return APIRepresentation.response(["timeZone": .string(zone.identifier), "periods": .array(items)])
    }

    /// `{"joy": 2, …}` with every emotion.
    static func emotionCounts(_ counts: [Emotion: Int]) -> APIJSONValue {
        .object(Dictionary(uniqueKeysWithValues: Emotion.allCases.map { ($0.rawValue, .int(counts[$0] ?? 0)) }))
    }

    /// An emotion by its name; `invalidArgument` naming the ten otherwise.
    static func emotion(_ name: String) throws -> Emotion {
        guard let emotion = Emotion(rawValue: name) else {
            throw KeepsakeError(.invalidArgument, "\(KeepsakeError.printable(name)) is not an emotion; use one of \(Emotion.allCases.map(\.rawValue).joined(separator: ", ")).")
        }
        return emotion
    }

    /// A time zone by its IANA name (`nil` for `nil`); `invalidArgument` for an unknown one.
    static func timeZone(_ name: String?) throws -> TimeZone? {
        guard let name else { return nil }
        guard name.utf8.count <= 64, let zone = TimeZone(identifier: name) else {
            throw KeepsakeError(.invalidArgument, "\(KeepsakeError.printable(name)) is not a time zone name such as Asia/Seoul or UTC.")
        }
        return zone
    }
}
