import Foundation
import KeepsakeDiary
import KeepsakeHTTP
import KeepsakeStore

extension WebApp {
    /// The diary as the API serves it.
    var diaryResource: APIResource<Diary, APIDiaryEntry> {
        let sizes = store.options.thumbnailSizes.map(\.maxPixels)
        return APIResource(app: diary, path: APIDiaryEntry.path, body: { APIDiaryEntry($0, sizes: sizes) })
    }

    /// `POST /api/v1/diary/entries`: a new entry from JSON (or multipart: the JSON in the field
    /// `entry`, photos as files `image`); the same rules as the compose page.
    func apiCreateDiaryEntry(_ request: APIRequest, _ body: APIDiaryEntryInput) async throws -> APIAnswer<APIDiaryEntry> {
        try await apiCreateWithPhotos(diaryResource, request, draft: try body.draft(), multipartField: type(of: body).multipartField,
                                      stage: { $0.images = $1 }, id: \.id) { draft, files, language in
            try self.writers.diary.create(draft, files: files, language: language)
        }
    }

    /// `PATCH /api/v1/diary/entries/{id}`: the fields the body names, honouring `If-Match`. A
    /// change that would leave the entry with neither a title nor text is `409` (a conflict with
    /// what the entry holds, which the body alone does not show).
    func apiUpdateDiaryEntry(_ request: APIRequest, _ body: APIDiaryEntryPatch) throws -> APIAnswer<APIDiaryEntry> {
        let edit = body.edit
        if edit.title != nil || edit.text != nil {
            let current = try diary.read(request.id)
            let title = (edit.title ?? current.title ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
            let text = (edit.text ?? current.text).trimmingCharacters(in: .whitespacesAndNewlines)
            if title.isEmpty && text.isEmpty {
                throw KeepsakeError(.conflict, "After this change the entry would have neither a title nor any text; keep one of them.")
            }
        }
        return try apiUpdate(diaryResource, request, edit: edit)
    }

    /// `GET /api/v1/diary/entries`: newest first, a page at a time, optionally one emotion, one tag
    /// or a time range (`from` alone: from then on; `until` alone: before then; `until` not after
    /// `from`: nothing).
    func apiListDiaryEntries(_ request: APIRequest) throws -> APIAnswer<APIPage<APIDiaryEntry>> {
        let limit = try request.count(.limit)
        let cursor = try request.cursor()
        let page: DiaryPage
        if let text = request.query("emotion") {
            page = try diary.entries(emotion: try Self.emotion(text), limit: limit, after: cursor)
        } else if let tag = request.query("tag") {
            page = try diary.entries(tag: tag, limit: limit, after: cursor)
        } else if request.query("from") != nil || request.query("until") != nil {
            func time(_ name: String, otherwise: Date) throws -> Date {
                guard let text = request.query(name) else { return otherwise }
                guard let date = APIJSON.parseTimestamp(text) else { throw APIProblem.invalid("\(name) must be an RFC 3339 date-time.") }
                return date
            }
            let from = try time("from", otherwise: .distantPast), until = try time("until", otherwise: .distantFuture)
            page = from < until ? try diary.entries(from: from, to: until, limit: limit, after: cursor) : DiaryPage(entries: [], nextCursor: nil)
        } else {
            page = try diary.newest(limit: limit, after: cursor)
        }
        return try APIAnswer(APIPage(page.entries.map(diaryResource.body), next: page.nextCursor))
    }

    /// `GET /api/v1/diary/trash`: entries in the trash, a page at a time.
    func apiDiaryTrash(_ request: APIRequest) throws -> APIAnswer<APIPage<APIDiaryEntry>> {
        let page = try diary.trash(limit: try request.count(.limit), after: try request.cursor())
        return try APIAnswer(APIPage(page.entries.map(diaryResource.body), next: page.nextCursor))
    }

    /// `GET /api/v1/diary/search?q=`: full-text search over titles, texts and tags.
    func apiSearchDiary(_ request: APIRequest) throws -> APIAnswer<APIList<APIDiaryEntry>> {
        guard let text = request.query("q") else { throw APIProblem.invalid("Give the words to look for in q.") }
        return try APIAnswer(APIList(items: try diary.search(text, limit: try request.count(.searchLimit)).map(diaryResource.body)))
    }

    /// `GET /api/v1/diary/calendar?month=YYYY-MM`: each day of the month with entries, its count and
    /// dominant emotion.
    func apiDiaryCalendar(_ request: APIRequest) throws -> APIAnswer<APICalendar> {
        guard let text = request.query("month"), let month = try? CalendarMonth(parsing: text) else {
            throw APIProblem.invalid("Give the month as month=YYYY-MM.")
        }
        return try APIAnswer(APICalendar(month: month.string, days: try diary.calendar(of: month).map(APICalendar.Day.init)))
    }

    /// `GET /api/v1/diary/year?year=YYYY`: a year in pixels, each day with entries with its
    /// dominant emotion and average intensity.
    func apiDiaryYear(_ request: APIRequest) throws -> APIAnswer<APIYearInPixels> {
        guard let text = request.query("year"), let year = Int(text), CalendarMonth.years.contains(year) else {
            throw APIProblem.invalid("Give the year as year=YYYY, from 1 to 9999.")
        }
        return try APIAnswer(APIYearInPixels(year: year, days: try diary.yearInPixels(year).days.map(APICalendar.Day.init)))
    }

    /// `GET /api/v1/diary/on-this-day?day=YYYY-MM-DD` (default: today in `timeZone`, itself UTC by
    /// default): the entries of the same day in earlier years, newest year first.
    func apiDiaryOnThisDay(_ request: APIRequest) throws -> APIAnswer<APIOnThisDay> {
        let day: DiaryDay
        if let text = request.query("day") {
            guard let asked = try? DiaryDay(text) else { throw APIProblem.invalid("Give the day as day=YYYY-MM-DD.") }
            day = asked
        } else {
            let zone = try APITimeZones.zone(request.query("timeZone")) ?? TimeZone(identifier: "UTC")!
            day = DiaryDay(containing: configuration.clock(), in: zone)
        }
        let body = diaryResource.body
        let years = try diary.onThisDay(day).map { group in
            APIOnThisDay.Year(day: group.day.string, yearsAgo: group.yearsAgo, entries: group.entries.map(body))
        }
        return try APIAnswer(APIOnThisDay(day: day.string, years: years))
    }

    /// `GET /api/v1/diary/statistics?from=&until=&period=week|month&timeZone=`: emotion counts and
    /// average intensity per period (days `YYYY-MM-DD`, `until` not included; `until` before
    /// `from` is 400, the same day no period).
    func apiDiaryStatistics(_ request: APIRequest) throws -> APIAnswer<APIStatistics> {
        let zone = try APITimeZones.zone(request.query("timeZone")) ?? TimeZone(identifier: "UTC")!
        guard let from = request.query("from").flatMap({ try? DiaryDay($0) }), let until = request.query("until").flatMap({ try? DiaryDay($0) }) else {
            throw APIProblem.invalid("Give from and until as days, YYYY-MM-DD.")
        }
        let period: DiaryStatisticsPeriod
        switch request.query("period") ?? "month" {
        case "week": period = .week
        case "month": period = .month
        default: throw APIProblem.invalid("period is week or month.")
        }
        guard from != until else { return try APIAnswer(APIStatistics(timeZone: zone.identifier, periods: [])) }
        let statistics = try diary.statistics(from: from.start(in: zone), to: until.start(in: zone), per: period, timeZone: zone)
        let periods = statistics.map { period in
            APIStatistics.Period(label: period.label, firstDay: period.firstDay.string, start: period.start, end: period.end,
                                 entryCount: period.entryCount, emotions: APIEmotionCounts.of(period.emotionCounts),
                                 averageIntensity: period.averageIntensity)
        }
        return try APIAnswer(APIStatistics(timeZone: zone.identifier, periods: periods))
    }

    /// An emotion by its name; `invalidArgument` naming the ten otherwise.
    static func emotion(_ name: String) throws -> Emotion {
        guard let emotion = Emotion(rawValue: name) else {
            throw KeepsakeError(.invalidArgument, "\(KeepsakeError.printable(name)) is not an emotion; use one of \(Emotion.allCases.map(\.rawValue).joined(separator: ", ")).")
        }
        return emotion
    }
}
