import Foundation
import KeepsakeDiary
import KeepsakeHTTP
import KeepsakeStore

/// The diary's pages under `/diary`: the timeline, search, the trash, the calendar and the chart,
/// an entry, and the compose and edit forms. Reads go to the diary directly and writes through
/// ``DiaryWriter``, on the thread that answers the request.
struct DiaryPages: Sendable {
    /// The diary read, as the request's caller sees it.
    var diary: Diary { writer.diary }
    /// Every write of the pages.
    let writer: DiaryWriter
    /// The site layout and the error pages.
    let layout: PageLayout
    /// Entries per page of the timeline and the trash.
    let pageSize: Int
    /// The largest photo accepted, for the photo field's own check.
    let maxFileBytes: Int
    /// The time now (the web app's clock), for "today" in the on-this-day band and page.
    let clock: @Sendable () -> Date
    /// The timeline's and the search's cards as already rendered.
    let cards = DiaryCardCache()
    /// The timeline's on-this-day band as last read.
    let earlierYears = OnThisDayCache()

    /// Adds the diary's routes to the `/diary` group.
    func addRoutes(to diary: inout Router<WebRoute>) {
        diary.get("/", .page { _, request, _ in timeline(request) })
        diary.get("/search", .page { _, request, _ in search(request) })
        diary.get("/calendar", .page { _, request, _ in calendar(request) })
        diary.get("/chart", .page { _, request, _ in try chart(request) })
        diary.get("/on-this-day", .page { _, request, _ in onThisDayPage(request) })
        diary.get("/year", .page { _, request, _ in yearPage(request) })
        diary.get("/trash", .page { _, request, _ in trash(request) })
        diary.get("/new", .page { _, request, _ in form(DiaryForm(), request) })
        diary.post("/new", .page { _, request, _ in save(request, editing: nil) })
        diary.get("/{id:uuid}", .page { _, request, parameters in entryPage(request, id: WebApp.id(parameters)) })
        diary.get("/{id:uuid}/edit", .page { _, request, parameters in editPage(request, id: WebApp.id(parameters)) })
        diary.post("/{id:uuid}/edit", .page { _, request, parameters in save(request, editing: WebApp.id(parameters)) })
        diary.post("/{id:uuid}/delete", .page { _, request, parameters in change(request, id: WebApp.id(parameters), restore: false) })
        diary.post("/{id:uuid}/restore", .page { _, request, parameters in change(request, id: WebApp.id(parameters), restore: true) })
    }

    /// The book switcher of the request (the diary's books the caller reads, and the choice).
    func switcher(_ request: WebRequest) -> BookSwitcher {
        BookSwitcher(request, collection: Diary.collection, store: diary.store)
    }

    /// The diary limited to the switcher's choice.
    func diary(showing switcher: BookSwitcher) -> Diary {
        var diary = self.diary
        diary.books = switcher.filter
        return diary
    }

    /// One page of entries (of the switcher's book, when given), or the failure to show above an
    /// empty list.
    private func load(_ filter: DiaryFilter, after cursor: RecordCursor?, switcher: BookSwitcher? = nil) -> (page: DiaryPage, error: KeepsakeError?) {
        do {
            return (try filter.page(of: switcher.map { diary(showing: $0) } ?? diary, limit: pageSize, after: cursor), nil)
        } catch {
            return (DiaryPage(entries: [], nextCursor: nil), KeepsakeError.wrapping(error))
        }
    }

    /// The timeline: newest entries first, filtered by emotion, tag or day, a page at a time.
    func timeline(_ request: WebRequest) -> HTTPResponse {
        let t = request.strings
        var filter = DiaryFilter.all
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
                return layout.errorPage(request, status: .badRequest, title: t[.diary], message: (error as? KeepsakeError)?.message ?? "\(error)")
            }
            filter = .tag(tag)
            heading = "#" + tag
            filters.append(("tag", tag))
        } else if let text = request.query("day"), let day = try? DiaryDay(text) {
            filter = .day(day)
            heading = Formats(language: request.language).day(day)
        }
        let cursor = request.query("after").flatMap { try? RecordCursor(parsing: $0) }
        let books = switcher(request)
        let list = load(filter, after: cursor, switcher: books)
        if let name = books.chosenName { heading += " · " + name }

        var body: HTML = """
            <div class="page-head">
            <h1>\(heading)</h1>
            <div class="actions">
            <a class="button primary" href="/diary/new">\(t[.newEntry])</a>
            <a class="button" href="/diary/calendar">\(t[.calendar])</a>
            <a class="button" href="/diary/chart">\(t[.emotionChart])</a>
            <a class="button" href="/diary/year">\(t.yearInPixels)</a>
            <a class="button" href="/diary/trash">\(t[.trash])</a>
            </div>
            </div>
            \(books.markup(request, path: "/diary"))
            \(DiaryMarkup.filterBar(request, selected: filter))
            \(PageLayout.undoBanner(request, path: "/diary"))
            \(PageLayout.listError(list.error, request))
            """
        if filter == .all, cursor == nil { body += onThisDayBand(request, diary(showing: books)) }
        if list.page.entries.isEmpty {
            body += "<p class=\"empty\">\(filter == .all && cursor == nil ? t[.noEntriesYet] : t[.noEntriesHere])</p>"
        } else {
            body += DiaryMarkup.cards(list.page.entries, request, cache: cards)
        }
        var paging: [HTML] = []
        if cursor != nil { paging.append("<a class=\"button\" href=\"\(WebRequest.link("/diary", filters))\">\(t[.newest])</a>") }
        if let next = list.page.nextCursor {
            paging.append("<a class=\"button\" rel=\"next\" href=\"\(WebRequest.link("/diary", filters + [("after", next.description)]))\">\(t[.olderEntries])</a>")
        }
        if !paging.isEmpty { body += "<nav class=\"paging\">\(paging)</nav>" }
        return books.remembering(layout.render(Page(title: heading, section: .diary, body: body, status: PageLayout.pageStatus(list.error),
                                                    watchesChanges: true), for: request))
    }

    /// Full-text search over titles, texts and tags.
    func search(_ request: WebRequest) -> HTTPResponse {
        let t = request.strings
        let text = request.query("q") ?? ""
        var body: HTML = """
            <div class="page-head"><h1>\(t[.search])</h1>
            <div class="actions"><a class="button" href="/diary">\(t[.backToDiary])</a></div></div>
            \(DiaryMarkup.filterBar(request, selected: .search(text)))
            """
        if !text.isEmpty {
            let list = load(.search(text), after: nil, switcher: switcher(request))
            body += PageLayout.listError(list.error, request)
            body += "<p class=\"result-count\">\(t.searchResults(list.page.entries.count, query: text))</p>"
            if !list.page.entries.isEmpty {
                body += DiaryMarkup.cards(list.page.entries, request, cache: cards)
            }
        }
        return layout.render(Page(title: t[.search], section: .diary, body: body), for: request)
    }

    /// Entries in the trash, with restore buttons.
    func trash(_ request: WebRequest) -> HTTPResponse {
        let t = request.strings
        let cursor = request.query("after").flatMap { try? RecordCursor(parsing: $0) }
        let list = load(.trash, after: cursor)
        var body: HTML = """
            <div class="page-head"><h1>\(t[.diaryTrash])</h1>
            <div class="actions"><a class="button" href="/diary">\(t[.backToDiary])</a></div></div>
            <p class="hint">\(t[.trashExplanation])</p>
            \(PageLayout.listError(list.error, request))
            """
        if list.page.entries.isEmpty {
            body += "<p class=\"empty\">\(t[.trashEmpty])</p>"
        } else {
            body += DiaryMarkup.cards(list.page.entries, request, restorable: true)
        }
        if let next = list.page.nextCursor {
            body += "<nav class=\"paging\"><a class=\"button\" href=\"\(WebRequest.link("/diary/trash", [("after", next.description)]))\">\(t[.olderEntries])</a></nav>"
        }
        return layout.render(Page(title: t[.diaryTrash], section: .diary, body: body, watchesChanges: true), for: request)
    }
}
