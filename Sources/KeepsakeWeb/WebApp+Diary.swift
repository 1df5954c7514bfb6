import Foundation
import KeepsakeDiary
import KeepsakeHTTP
import KeepsakeStore
import KeepsakeViewModels

extension WebApp {
    // MARK: - Lists

    /// One page of the timeline as the list view model loaded it: plain values, so the page is
    /// rendered off the main actor (rendering twenty cards is most of a request's work, and on the
    /// main actor every request's rendering would wait for every other one's).
    struct TimelinePage: Sendable {
        var entries: [DiaryEntry]
        var error: KeepsakeError?
        var filter: DiaryListViewModel.Filter
        var nextCursor: RecordCursor?
    }

    /// Loads one page of the timeline through the list view model (on the main actor, where view
    /// models live).
    @MainActor
    func loadTimeline(filter: DiaryListViewModel.Filter, after cursor: RecordCursor?) async -> TimelinePage {
        let list = DiaryListViewModel(diary: diary, pageSize: configuration.diaryPageSize)
        list.filter = filter
        if let cursor { await list.load(after: cursor) } else { await list.load() }
        return TimelinePage(entries: list.entries, error: list.error, filter: list.filter, nextCursor: list.nextCursor)
    }

    /// The timeline: newest entries first, filtered by emotion, tag or day, a page at a time.
    func diaryTimeline(_ request: WebRequest) async -> HTTPResponse {
        let t = request.strings
        var filter = DiaryListViewModel.Filter.all
        var heading = t[.diary]
        var filters: [(String, String?)] = []
        if let text = request.query("emotion"), let emotion = Emotion(rawValue: text) {
            filter = .emotion(emotion)
            heading = t.entriesFeeling(emotion.displayName(language: request.language.rawValue))
            filters.append(("emotion", emotion.rawValue))
        } else if let tag = request.query("tag") {
            // A tag no entry can have (too long, control characters) is the request's fault: 400.
            do {
                _ = try DiaryDraft.normalizedTag(tag)
            } catch {
                return errorPage(request, status: .badRequest, title: t[.diary], message: (error as? KeepsakeError)?.message ?? "\(error)")
            }
            filter = .tag(tag)
            heading = "#" + tag
            filters.append(("tag", tag))
        } else if let text = request.query("day"), let day = try? DiaryDay(text) {
            filter = .day(day)
            heading = Formats(language: request.language).day(day)
        }
        let cursor = request.query("after").flatMap { try? RecordCursor(parsing: $0) }
        let list = await loadTimeline(filter: filter, after: cursor)

        var body: HTML = """
            <div class="page-head">
            <h1>\(heading)</h1>
            <div class="actions">
            <a class="button primary" href="/diary/new">\(t[.newEntry])</a>
            <a class="button" href="/diary/calendar">\(t[.calendar])</a>
            <a class="button" href="/diary/chart">\(t[.emotionChart])</a>
            <a class="button" href="/diary/trash">\(t[.trash])</a>
            </div>
            </div>
            \(diaryFilterBar(request, selected: list.filter))
            \(undoBanner(request, path: "/diary"))
            \(listError(list.error, request))
            """
        if list.entries.isEmpty {
            body += "<p class=\"empty\">\(list.filter == .all && cursor == nil ? t[.noEntriesYet] : t[.noEntriesHere])</p>"
        } else {
            body += "<ol class=\"cards entries\">\(list.entries.map { diaryCard($0, request) })</ol>"
        }
        var paging: [HTML] = []
        if cursor != nil { paging.append("<a class=\"button\" href=\"\(WebRequest.link("/diary", filters))\">\(t[.newest])</a>") }
        if let next = list.nextCursor {
            paging.append("<a class=\"button\" rel=\"next\" href=\"\(WebRequest.link("/diary", filters + [("after", next.description)]))\">\(t[.olderEntries])</a>")
        }
        if !paging.isEmpty { body += "<nav class=\"paging\">\(paging)</nav>" }
        return render(Page(title: heading, section: .diary, body: body, status: Self.pageStatus(list.error),
                           watchesChanges: true), for: request)
    }

    /// Full-text search over titles, texts and tags.
    @MainActor
    func diarySearch(_ request: WebRequest) async -> HTTPResponse {
        let t = request.strings
        let text = request.query("q") ?? ""
        var body: HTML = """
            <div class="page-head"><h1>\(t[.search])</h1>
            <div class="actions"><a class="button" href="/diary">\(t[.backToDiary])</a></div></div>
            \(diaryFilterBar(request, selected: .search(text)))
            """
        if !text.isEmpty {
            let list = DiaryListViewModel(diary: diary)
            list.filter = .search(text)
            await list.load()
            body += listError(list.error, request)
            body += "<p class=\"result-count\">\(t.searchResults(list.entries.count, query: text))</p>"
            if !list.entries.isEmpty {
                body += "<ol class=\"cards entries\">\(list.entries.map { diaryCard($0, request) })</ol>"
            }
        }
        return render(Page(title: t[.search], section: .diary, body: body), for: request)
    }

    /// Entries in the trash, with restore buttons.
    @MainActor
    func diaryTrash(_ request: WebRequest) async -> HTTPResponse {
        let t = request.strings
        let list = DiaryListViewModel(diary: diary, pageSize: configuration.diaryPageSize)
        list.filter = .trash
        let cursor = request.query("after").flatMap { try? RecordCursor(parsing: $0) }
        if let cursor { await list.load(after: cursor) } else { await list.load() }
        var body: HTML = """
            <div class="page-head"><h1>\(t[.diaryTrash])</h1>
            <div class="actions"><a class="button" href="/diary">\(t[.backToDiary])</a></div></div>
            <p class="hint">\(t[.trashExplanation])</p>
            \(listError(list.error, request))
            """
        if list.entries.isEmpty {
            body += "<p class=\"empty\">\(t[.trashEmpty])</p>"
        } else {
            body += "<ol class=\"cards entries\">\(list.entries.map { diaryCard($0, request, restorable: true) })</ol>"
        }
        if let next = list.nextCursor {
            body += "<nav class=\"paging\"><a class=\"button\" href=\"\(WebRequest.link("/diary/trash", [("after", next.description)]))\">\(t[.olderEntries])</a></nav>"
        }
        return render(Page(title: t[.diaryTrash], section: .diary, body: body, watchesChanges: true), for: request)
    }

    /// The search box and the emotion and tag filters.
    func diaryFilterBar(_ request: WebRequest, selected: DiaryListViewModel.Filter) -> HTML {
        let t = request.strings
        var query = "", selectedEmotion: Emotion?, tag = ""
        switch selected {
        case .search(let text): query = text
        case .emotion(let emotion): selectedEmotion = emotion
        case .tag(let text): tag = text
        default: break
        }
        let options: [HTML] = Emotion.allCases.map { emotion in
            let mark: HTML = emotion == selectedEmotion ? " selected" : ""
            return "<option value=\"\(emotion.rawValue)\"\(mark)>\(emotion.displayName(language: request.language.rawValue))</option>"
        }
        return """
            <div class="filters">
            <form method="get" action="/diary/search" class="inline search" role="search">
            <label><span class="visually-hidden">\(t[.search])</span><input type="search" name="q" value="\(query)" placeholder="\(t[.searchPlaceholder])"></label>
            <button type="submit">\(t[.search])</button>
            </form>
            <form method="get" action="/diary" class="inline">
            <label>\(t[.emotion]) <select name="emotion"><option value="">\(t[.allEmotions])</option>\(options)</select></label>
            <label>\(t[.tag]) <input type="text" name="tag" value="\(tag)" size="10"></label>
            <button type="submit">\(t[.filter])</button>
            </form>
            </div>
            """
    }

    /// One entry in a list: emotion, time, title, the start of the text, tags and small thumbnails.
    func diaryCard(_ entry: DiaryEntry, _ request: WebRequest, restorable: Bool = false) -> HTML {
        let t = request.strings
        let id = entry.id.string  // formatted once: a UUID's text is made anew on every use
        let formats = Formats(language: request.language)
        let emotionName = entry.emotion.displayName(language: request.language.rawValue)
        let title = entry.title ?? Self.excerpt(entry.text, length: 60)
        let text = entry.title == nil ? "" : Self.excerpt(entry.text, length: 200)
        let tags: [HTML] = entry.tags.map { "<li><a href=\"\(WebRequest.link("/diary", [("tag", $0)]))\">#\($0)</a></li>" }
        let thumbs: [HTML] = entry.images.enumerated().map { index, image in
            Self.thumbnail(image, alt: t.photoNumber(index + 1))
        }
        let restore: HTML = restorable ? """
            <form method="post" action="/diary/\(id)/restore" class="inline">\(csrfField(request))<button type="submit">\(t[.restore])</button></form>
            """ : .empty
        return """
            <li class="card entry \(EmotionStyle.cssClass(entry.emotion))" data-id="\(id)">
            <div class="card-head">
            <span class="emotion-badge \(EmotionStyle.cssClass(entry.emotion))">\(emotionName) \(Self.intensityDots(entry.intensity))</span>
            <time datetime="\(Formats.timestamp(entry.moment))">\(formats.dateTime(entry.moment, in: entry.timeZone))</time>
            </div>
            <h2><a href="/diary/\(id)">\(title.isEmpty ? t[.untitled] : title)</a></h2>
            \(text.isEmpty ? HTML.empty : "<p class=\"excerpt\">\(text)</p>")
            \(tags.isEmpty ? HTML.empty : "<ul class=\"tags\">\(tags)</ul>")
            \(thumbs.isEmpty ? HTML.empty : "<div class=\"thumbs\">\(thumbs)</div>")
            \(restore)
            </li>
            """
    }

    /// `●●●○○` for an intensity, with its number for screen readers.
    static func intensityDots(_ intensity: Int) -> HTML {
        let clamped = max(0, min(5, intensity))
        return "<span class=\"intensity\" title=\"\(clamped)/5\" aria-label=\"\(clamped)/5\">\(String(repeating: "●", count: clamped) + String(repeating: "○", count: 5 - clamped))</span>"
    }

    /// The first `length` characters of `text` on one line, with an ellipsis when cut.
    static func excerpt(_ text: String, length: Int) -> String {
        // Printable ASCII without line breaks (most diary text in a list): one character per byte,
        // so the general path's line splitting, trimming and character counting (Foundation and
        // grapheme breaking) are done on the bytes instead.
        let utf8 = text.utf8
        if utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            let bytes = Array(utf8)
            guard let first = bytes.firstIndex(where: { $0 != 0x20 }), let last = bytes.lastIndex(where: { $0 != 0x20 }) else { return "" }
            let line = bytes[first...last]
            return line.count > length
                ? String(decoding: line.prefix(length), as: UTF8.self) + "…"
                : String(decoding: line, as: UTF8.self)
        }
        let line = text.split(whereSeparator: \.isNewline).joined(separator: " ").trimmingCharacters(in: .whitespaces)
        return line.count > length ? String(line.prefix(length)) + "…" : line
    }

    /// After a delete: "moved to the trash" with a restore button (`?deleted=<id>`).
    func undoBanner(_ request: WebRequest, path: String) -> HTML {
        guard let text = request.query("deleted"), let id = Self.recordID(text) else { return .empty }
        let t = request.strings
        return """
            <div class="banner" role="status">\(t[.movedToTrash])
            <form method="post" action="\(path)/\(id.string)/restore" class="inline">\(csrfField(request))<button type="submit">\(t[.undo])</button></form>
            </div>
            """
    }

    /// A view model's error above a list or form, in the page's language.
    func listError(_ error: KeepsakeError?, _ request: WebRequest) -> HTML {
        error.map { "<p class=\"error\" role=\"alert\" data-code=\"\($0.code.rawValue)\">\(request.strings.describe($0))</p>" } ?? .empty
    }

    /// The status of a page that shows a view model: 200, or what its failure's code calls for.
    static func pageStatus(_ error: KeepsakeError?) -> HTTPStatus {
        error.map { status(for: $0.code) } ?? .ok
    }

    // MARK: - Calendar and chart

    /// The month asked for (`?month=YYYY-MM`), or the current one.
    static func requestedMonth(_ request: WebRequest) -> CalendarMonth {
        request.query("month").flatMap { try? CalendarMonth(parsing: $0) } ?? CalendarMonth(containing: Date(), in: .current)
    }

    /// Previous / this month / next links.
    func monthNavigation(_ path: String, month: CalendarMonth, request: WebRequest) -> HTML {
        let t = request.strings
        let formats = Formats(language: request.language)
        let previous: HTML = month.previous.map {
            "<a class=\"button\" rel=\"prev\" href=\"\(WebRequest.link(path, [("month", $0.string)]))\">← \(t[.previousMonth])</a>"
        } ?? .empty
        let next: HTML = month.next.map {
            "<a class=\"button\" rel=\"next\" href=\"\(WebRequest.link(path, [("month", $0.string)]))\">\(t[.nextMonth]) →</a>"
        } ?? .empty
        return "<nav class=\"month-nav\">\(previous)<h2>\(formats.month(month))</h2>\(next)</nav>"
    }

    /// A month calendar, Monday first, each day with entries coloured by its dominant emotion.
    @MainActor
    func diaryCalendar(_ request: WebRequest) async -> HTTPResponse {
        let t = request.strings
        let month = Self.requestedMonth(request)
        let list = DiaryListViewModel(diary: diary)
        list.filter = .month(month)
        await list.load()
        let byDay = Dictionary(grouping: list.entries, by: \.day)
        let formats = Formats(language: request.language)
        var cells: [HTML] = Array(repeating: "<td class=\"blank\"></td>", count: month.firstDay.weekday - 1)
        for day in month.days {
            let number = day.day
            if let entries = byDay[day], let dominant = Diary.dominantEmotion(of: entries) {
                let name = dominant.displayName(language: request.language.rawValue)
                cells.append("""
                    <td class="has-entries \(EmotionStyle.cssClass(dominant))"><a href="\(WebRequest.link("/diary", [("day", day.string)]))" \
                    title="\(name)" aria-label="\(formats.day(day, withWeekday: true)): \(name), \(t.entryCount(entries.count))"><span class="day-number">\(number)</span>\
                    <span class="day-count">\(entries.count)</span></a></td>
                    """)
            } else {
                cells.append("<td><span class=\"day-number\">\(number)</span></td>")
            }
        }
        while cells.count % 7 != 0 { cells.append("<td class=\"blank\"></td>") }
        let rows: [HTML] = stride(from: 0, to: cells.count, by: 7).map { "<tr>\(Array(cells[$0..<$0 + 7]))</tr>" }
        let header: [HTML] = formats.weekdays.map { "<th scope=\"col\">\($0)</th>" }
        let legend: [HTML] = Emotion.allCases.map {
            "<li><span class=\"swatch \(EmotionStyle.cssClass($0))\"></span>\($0.displayName(language: request.language.rawValue))</li>"
        }
        let body: HTML = """
            <div class="page-head"><h1>\(t[.calendar])</h1>
            <div class="actions"><a class="button primary" href="/diary/new">\(t[.newEntry])</a>
            <a class="button" href="\(WebRequest.link("/diary/chart", [("month", month.string)]))">\(t[.emotionChart])</a>
            <a class="button" href="/diary">\(t[.backToDiary])</a></div></div>
            \(listError(list.error, request))
            \(monthNavigation("/diary/calendar", month: month, request: request))
            <table class="calendar"><thead><tr>\(header)</tr></thead><tbody>\(rows)</tbody></table>
            <ul class="legend">\(legend)</ul>
            """
        return render(Page(title: t[.calendar], section: .diary, body: body, watchesChanges: true), for: request)
    }

    /// Emotions per month: the chosen month's count per emotion, and the year month by month.
    @MainActor
    func diaryChart(_ request: WebRequest) async throws -> HTTPResponse {
        let t = request.strings
        let language = request.language.rawValue
        let month = Self.requestedMonth(request)
        let year = month.year
        let list = DiaryListViewModel(diary: diary)
        list.filter = .month(month)
        await list.load()
        var counts: [Emotion: Int] = [:]
        for entry in list.entries { counts[entry.emotion, default: 0] += 1 }
        let present = Emotion.allCases.filter { counts[$0] != nil }
        let monthChart = ChartSpec(type: "bar", labels: present.map { $0.displayName(language: language) },
                                   datasets: [.init(label: t[.entries], data: present.map { Double(counts[$0] ?? 0) },
                                                    backgroundColor: present.map(EmotionStyle.color))])
        let monthRows: [HTML] = present.map {
            "<tr><th scope=\"row\"><span class=\"swatch \(EmotionStyle.cssClass($0))\"></span>\($0.displayName(language: language))</th><td>\(counts[$0] ?? 0)</td></tr>"
        }

        // The year, month by month (the diary's statistics, in this server's time zone).
        let diary = diary
        let zone = TimeZone.current
        let yearStats: [DiaryStatistics] = try await background {
            guard let january = try? CalendarMonth(year: year, month: 1), let december = try? CalendarMonth(year: year, month: 12) else { return [] }
            return try diary.statistics(from: january.start(in: zone), to: december.end(in: zone), per: .month, timeZone: zone)
        }
        let formats = Formats(language: request.language)
        let yearEmotions = Emotion.allCases.filter { emotion in yearStats.contains { $0.count(of: emotion) > 0 } }
        let yearChart = ChartSpec(type: "bar", labels: (1...12).map { formats.shortMonth($0) },
                                  datasets: yearEmotions.map { emotion in
                                      .init(label: emotion.displayName(language: language),
                                            data: (0..<12).map { index in Double(yearStats.indices.contains(index) ? yearStats[index].count(of: emotion) : 0) },
                                            backgroundColor: Array(repeating: EmotionStyle.color(emotion), count: 12))
                                  }, stacked: true)
        let yearHeader: [HTML] = (1...12).map { "<th scope=\"col\">\(formats.shortMonth($0))</th>" }
        let yearRows: [HTML] = yearEmotions.map { emotion in
            let cells: [HTML] = (0..<12).map { index in "<td>\(yearStats.indices.contains(index) ? yearStats[index].count(of: emotion) : 0)</td>" }
            return "<tr><th scope=\"row\"><span class=\"swatch \(EmotionStyle.cssClass(emotion))\"></span>\(emotion.displayName(language: language))</th>\(cells)</tr>"
        }
        let monthSection: HTML = present.isEmpty ? "<p class=\"empty\">\(t[.noEntriesThisMonth])</p>" : """
            \(monthChart.canvas(label: t[.emotionChart], id: "month-chart"))
            <table class="data"><thead><tr><th scope="col">\(t[.emotion])</th><th scope="col">\(t[.entries])</th></tr></thead><tbody>\(monthRows)</tbody></table>
            """
        let yearSection: HTML = yearEmotions.isEmpty ? "<p class=\"empty\">\(t[.noEntriesThisYear])</p>" : """
            \(yearChart.canvas(label: t.emotionsIn(String(year)), id: "year-chart"))
            <div class="scroll"><table class="data"><thead><tr><th></th>\(yearHeader)</tr></thead><tbody>\(yearRows)</tbody></table></div>
            """
        let body: HTML = """
            <div class="page-head"><h1>\(t[.emotionChart])</h1>
            <div class="actions"><a class="button" href="\(WebRequest.link("/diary/calendar", [("month", month.string)]))">\(t[.calendar])</a>
            <a class="button" href="/diary">\(t[.backToDiary])</a></div></div>
            \(listError(list.error, request))
            \(monthNavigation("/diary/chart", month: month, request: request))
            \(monthSection)
            <h2>\(t.emotionsIn(String(year)))</h2>
            \(yearSection)
            """
        return render(Page(title: t[.emotionChart], section: .diary, body: body, usesCharts: true, watchesChanges: true), for: request)
    }

    // MARK: - One entry

    /// An entry with its photos large (1024-pixel thumbnails, each linking to the original).
    @MainActor
    func diaryEntryPage(_ request: WebRequest, id: RecordID) async -> HTTPResponse {
        let t = request.strings
        let model = DiaryEntryViewModel(diary: diary, id: id)
        await model.load()
        guard let entry = model.entry else { return notFound(request) }
        let formats = Formats(language: request.language)
        let emotionName = entry.emotion.displayName(language: request.language.rawValue)
        let paragraphs: [HTML] = entry.text.components(separatedBy: "\n\n").filter { !$0.isEmpty }.map { "<p>\($0)</p>" }
        let tags: [HTML] = entry.tags.map { "<li><a href=\"\(WebRequest.link("/diary", [("tag", $0)]))\">#\($0)</a></li>" }
        let photos: [HTML] = entry.images.enumerated().map { index, image in
            """
            <figure class="photo-large" data-width="\(image.width)" data-height="\(image.height)">
            <a href="\(Self.imageURL(image, "original"))">\(Self.thumbnail(image, size: 1024, alt: t.photoNumber(index + 1), className: "large"))</a>
            <figcaption>\(t.photoNumber(index + 1)) · \(image.width)×\(image.height)</figcaption>
            </figure>
            """
        }
        let actions: HTML = entry.isTrashed ? """
            <p class="banner">\(t[.inTrash])</p>
            <form method="post" action="/diary/\(entry.id.string)/restore" class="inline">\(csrfField(request))<button type="submit" class="primary">\(t[.restore])</button></form>
            """ : """
            <a class="button primary" href="/diary/\(entry.id.string)/edit">\(t[.edit])</a>
            <form method="post" action="/diary/\(entry.id.string)/delete" class="inline">\(csrfField(request))<button type="submit" class="danger">\(t[.delete])</button></form>
            """
        let body: HTML = """
            <article class="entry-page \(EmotionStyle.cssClass(entry.emotion))">
            <div class="page-head">
            <h1>\(entry.title ?? t[.untitled])</h1>
            <div class="actions">\(actions)<a class="button" href="/diary">\(t[.backToDiary])</a></div>
            </div>
            <p class="meta"><span class="emotion-badge \(EmotionStyle.cssClass(entry.emotion))">\(emotionName) \(Self.intensityDots(entry.intensity))</span>
            <time datetime="\(Formats.timestamp(entry.moment))">\(formats.dateTime(entry.moment, in: entry.timeZone))</time>
            <span class="zone">\(entry.timeZone.identifier)</span></p>
            \(listError(model.error, request))
            <div class="entry-text">\(paragraphs)</div>
            \(tags.isEmpty ? HTML.empty : "<ul class=\"tags\">\(tags)</ul>")
            <div class="photos-large">\(photos)</div>
            </article>
            """
        return render(Page(title: entry.title ?? t[.untitled], section: .diary, body: body), for: request)
    }

    /// `POST /diary/<id>/delete` and `/restore`.
    @MainActor
    func changeDiaryEntry(_ request: WebRequest, id: RecordID, restore: Bool) async -> HTTPResponse {
        let t = request.strings
        let model = DiaryEntryViewModel(diary: diary, id: id)
        if restore { await model.restore() } else { await model.delete() }
        if let error = model.error {
            return errorPage(request, status: Self.status(for: error.code), title: restore ? t[.restore] : t[.delete], message: request.strings.describe(error))
        }
        return .redirect(to: restore ? "/diary/\(id.string)" : WebRequest.link("/diary", [("deleted", id.string)]))
    }

    // MARK: - Compose and edit

    /// The edit form of an entry.
    @MainActor
    func diaryEditPage(_ request: WebRequest, id: RecordID) async -> HTTPResponse {
        let model = DiaryEntryViewModel(diary: diary, id: id)
        await model.load()
        guard let entry = model.entry else { return notFound(request) }
        return diaryForm(DiaryComposeViewModel(diary: diary, editing: entry), request)
    }

    /// The compose / edit form showing `model` (its error, if any, above the fields).
    @MainActor
    func diaryForm(_ model: DiaryComposeViewModel, _ request: WebRequest, status: HTTPStatus = .ok, problem: FormProblem? = nil) -> HTTPResponse {
        let t = request.strings
        let language = request.language.rawValue
        let action = model.editingID.map { "/diary/\($0.string)/edit" } ?? "/diary/new"
        let title = model.editingID == nil ? t[.newEntry] : t[.editEntry]
        let emotions: [HTML] = Emotion.allCases.map { emotion in
            let checked: HTML = emotion == model.emotion ? " checked" : ""
            return """
                <label class="emotion-choice \(EmotionStyle.cssClass(emotion))"><input type="radio" name="emotion" value="\(emotion.rawValue)"\(checked) required>\
                <span>\(emotion.displayName(language: language))</span></label>
                """
        }
        let intensities: [HTML] = (1...5).map { level in
            let checked: HTML = level == model.intensity ? " checked" : ""
            return "<label class=\"intensity-choice\"><input type=\"radio\" name=\"intensity\" value=\"\(level)\"\(checked)><span>\(level)</span></label>"
        }
        let zones: [HTML] = Self.commonTimeZones(including: model.timeZone.identifier).map { "<option value=\"\($0)\"></option>" }
        let error: HTML = problem.map { "<p class=\"error\" role=\"alert\">\($0.message)</p>" } ?? listError(model.error, request)
        let cancel = model.editingID.map { "/diary/\($0.string)" } ?? "/diary"
        let body: HTML = """
            <h1>\(title)</h1>
            \(error)
            <form method="post" action="\(action)" enctype="multipart/form-data" class="compose stack" novalidate>
            \(csrfField(request))
            <label>\(t[.title]) <input type="text" name="title" value="\(model.title)" maxlength="\(DiaryLimits.maxTitleLength)" autocomplete="off"></label>
            <fieldset class="emotions"><legend>\(t[.howDidYouFeel])</legend>\(emotions)</fieldset>
            <fieldset class="intensities"><legend>\(t[.intensity])</legend>\(intensities)</fieldset>
            <div class="row">
            <label>\(t[.when]) <input type="datetime-local" name="moment" value="\(Formats.dateTimeInput(model.moment, in: model.timeZone))"></label>
            <label>\(t[.timeZone]) <input type="text" name="timeZone" value="\(model.timeZone.identifier)" list="time-zones" autocomplete="off"></label>
            <datalist id="time-zones">\(zones)</datalist>
            </div>
            <label>\(t[.text]) <textarea name="text" rows="8">\(model.text)</textarea></label>
            <label>\(t[.tags]) <input type="text" name="tags" value="\(model.tagsText)" placeholder="\(t[.tagsPlaceholder])" autocomplete="off"></label>
            \(PhotoField.render(items: model.images.items, lostPicks: PhotoField.pickedCount(model.images.items), limit: model.images.limit,
                                maxFileBytes: configuration.limits.maxFileBytes, strings: t))
            <div class="form-actions">
            <button type="submit" class="primary" name="done" value="1">\(t[.done])</button>
            <a class="button" href="\(cancel)">\(t[.cancel])</a>
            </div>
            </form>
            """
        return render(Page(title: title, section: .diary, body: body, status: status, usesSortable: true), for: request)
    }

    /// `POST /diary/new` and `/diary/<id>/edit`: fills a compose view model from the form and
    /// saves it; on failure the form comes back with the view model's error and status 400
    /// (413 for an upload over the size limits).
    @MainActor
    func saveDiaryEntry(_ request: WebRequest, editing id: RecordID?) async -> HTTPResponse {
        let t = request.strings
        let model: DiaryComposeViewModel
        if let id {
            let entryModel = DiaryEntryViewModel(diary: diary, id: id)
            await entryModel.load()
            guard let entry = entryModel.entry else { return notFound(request) }
            model = DiaryComposeViewModel(diary: diary, editing: entry)
        } else {
            model = DiaryComposeViewModel(diary: diary)
        }
        model.title = request.field("title")
        model.text = request.field("text")
        model.tagsText = request.field("tags")
        var problem: FormProblem?
        if let emotion = Emotion(rawValue: request.field("emotion")) {
            model.emotion = emotion
        } else {
            problem = FormProblem(status: .badRequest, message: t[.chooseEmotion])
        }
        if let intensity = Int(request.field("intensity").trimmingCharacters(in: .whitespaces)) {
            model.intensity = intensity
        } else if !request.field("intensity").isEmpty {
            problem = problem ?? FormProblem(status: .badRequest, message: t[.chooseIntensity])
        }
        let zoneText = request.field("timeZone").trimmingCharacters(in: .whitespaces)
        if !zoneText.isEmpty {
            if let zone = TimeZone(identifier: zoneText) {
                model.timeZone = zone
            } else {
                problem = problem ?? FormProblem(status: .badRequest, message: t.unknownTimeZone(zoneText))
            }
        }
        let momentText = request.field("moment")
        if !momentText.isEmpty {
            if let moment = Formats.parseDateTimeInput(momentText, in: model.timeZone) {
                model.moment = moment
            } else {
                problem = problem ?? FormProblem(status: .badRequest, message: t.unreadableDate(momentText))
            }
        }
        problem = readPhotoField(into: model, request, earlier: problem)
        if let problem {
            return diaryForm(model, request, status: problem.status, problem: problem)
        }
        guard let saved = await model.save() else {
            model.error = logged(UploadCheck.naming(model.error, after: request.http.files), request.http)
            return diaryForm(model, request, status: model.error.map { Self.status(for: $0.code) } ?? .badRequest)
        }
        return .redirect(to: "/diary/\(saved.id.string)")
    }

    /// A few common zones for the time-zone field's suggestions, with `current` first.
    static func commonTimeZones(including current: String) -> [String] {
        var zones = [current, TimeZone.current.identifier, "Asia/Seoul", "Asia/Tokyo", "UTC", "Europe/London", "Europe/Berlin",
                     "America/New_York", "America/Los_Angeles", "Australia/Sydney"]
        var seen = Set<String>()
        zones = zones.filter { seen.insert($0).inserted }
        return zones
    }
}
