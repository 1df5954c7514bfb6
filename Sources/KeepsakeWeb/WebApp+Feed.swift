import Foundation
import KeepsakeFeed
import KeepsakeHTTP
import KeepsakeStore
import KeepsakeViewModels

extension WebApp {
    /// The feed or its trash, a page at a time (`?after=<cursor>`).
    @MainActor
    func feedList(_ request: WebRequest, trash: Bool) async -> HTTPResponse {
        let t = request.strings
        let list = FeedListViewModel(feed: feed, pageSize: configuration.feedPageSize)
        list.showsTrash = trash
        let cursor = request.query("after").flatMap { try? RecordCursor(parsing: $0) }
        if let cursor { await list.load(after: cursor) } else { await list.load() }
        let path = trash ? "/feed/trash" : "/feed"
        let heading = trash ? t[.feedTrash] : t[.feed]
        let actions: HTML = trash ? "<a class=\"button\" href=\"/feed\">\(t[.backToFeed])</a>" : """
            <a class="button primary" href="/feed/new">\(t[.newPost])</a>
            <a class="button" href="/feed/trash">\(t[.trash])</a>
            """
        var body: HTML = """
            <div class="page-head"><h1>\(heading)</h1><div class="actions">\(actions)</div></div>
            \(trash ? "<p class=\"hint\">\(t[.trashExplanation])</p>" : undoBanner(request, path: "/feed"))
            \(listError(list.error, request))
            """
        if list.items.isEmpty {
            body += "<p class=\"empty\">\(trash ? t[.trashEmpty] : (cursor == nil ? t[.noPostsYet] : t[.noPostsHere]))</p>"
        } else {
            body += "<ol class=\"cards posts\">\(list.items.map { feedCard($0, request) })</ol>"
        }
        var paging: [HTML] = []
        if cursor != nil { paging.append("<a class=\"button\" href=\"\(path)\">\(t[.newest])</a>") }
        if let next = list.nextCursor {
            paging.append("<a class=\"button\" rel=\"next\" href=\"\(WebRequest.link(path, [("after", next.description)]))\">\(t[.olderPosts])</a>")
        }
        if !paging.isEmpty { body += "<nav class=\"paging\">\(paging)</nav>" }
        return render(Page(title: heading, section: .feed, body: body, watchesChanges: true), for: request)
    }

    /// One post in the feed: title, day, the start of the text and its photos as small thumbnails.
    func feedCard(_ item: FeedItem, _ request: WebRequest) -> HTML {
        let t = request.strings
        let formats = Formats(language: request.language)
        let thumbs: [HTML] = item.images.enumerated().map { index, image in Self.thumbnail(image, alt: t.photoNumber(index + 1)) }
        let actions: HTML = item.isTrashed ? """
            <form method="post" action="/feed/\(item.id.string)/restore" class="inline">\(csrfField(request))<button type="submit">\(t[.restore])</button></form>
            """ : """
            <a class="button" href="/feed/\(item.id.string)/edit">\(t[.edit])</a>
            <form method="post" action="/feed/\(item.id.string)/delete" class="inline">\(csrfField(request))<button type="submit" class="danger">\(t[.delete])</button></form>
            """
        let contents = Self.excerpt(item.contents, length: 280)
        return """
            <li class="card post" data-id="\(item.id.string)">
            <div class="card-head"><time datetime="\(Formats.timestamp(item.date))">\(formats.day(of: item.date))</time></div>
            <h2><a href="/feed/\(item.id.string)">\(item.title)</a></h2>
            \(thumbs.isEmpty ? HTML.empty : "<div class=\"thumbs\">\(thumbs)</div>")
            \(contents.isEmpty ? HTML.empty : "<p class=\"excerpt\">\(contents)</p>")
            <div class="card-actions">\(actions)</div>
            </li>
            """
    }

    /// Reads one post (there is no single-post view model; this is a plain read).
    /// `nil` when there is no such post; any other failure is thrown (and shown as an error page).
    func loadFeedItem(_ id: RecordID) async throws -> FeedItem? {
        let feed = feed
        do {
            return try await background { try feed.read(id) }
        } catch let error as KeepsakeError where error.code == .notFound {
            return nil
        }
    }

    /// A post with its photos large.
    @MainActor
    func feedPostPage(_ request: WebRequest, id: RecordID) async throws -> HTTPResponse {
        let t = request.strings
        guard let item = try await loadFeedItem(id) else { return notFound(request) }
        let formats = Formats(language: request.language)
        let paragraphs: [HTML] = item.contents.components(separatedBy: "\n\n").filter { !$0.isEmpty }.map { "<p>\($0)</p>" }
        let photos: [HTML] = item.images.enumerated().map { index, image in
            """
            <figure class="photo-large" data-width="\(image.width)" data-height="\(image.height)">
            <a href="\(Self.imageURL(image, "original"))">\(Self.thumbnail(image, size: 1024, alt: t.photoNumber(index + 1), className: "large"))</a>
            <figcaption>\(t.photoNumber(index + 1))</figcaption>
            </figure>
            """
        }
        let actions: HTML = item.isTrashed ? """
            <p class="banner">\(t[.inTrash])</p>
            <form method="post" action="/feed/\(item.id.string)/restore" class="inline">\(csrfField(request))<button type="submit" class="primary">\(t[.restore])</button></form>
            """ : """
            <a class="button primary" href="/feed/\(item.id.string)/edit">\(t[.edit])</a>
            <form method="post" action="/feed/\(item.id.string)/delete" class="inline">\(csrfField(request))<button type="submit" class="danger">\(t[.delete])</button></form>
            """
        let body: HTML = """
            <article class="post-page">
            <div class="page-head"><h1>\(item.title)</h1>
            <div class="actions">\(actions)<a class="button" href="/feed">\(t[.backToFeed])</a></div></div>
            <p class="meta"><time datetime="\(Formats.timestamp(item.date))">\(formats.day(of: item.date))</time></p>
            <div class="photos-large">\(photos)</div>
            <div class="entry-text">\(paragraphs)</div>
            </article>
            """
        return render(Page(title: item.title, section: .feed, body: body), for: request)
    }

    /// `POST /feed/<id>/delete` and `/restore`, through the feed list view model.
    @MainActor
    func changeFeedPost(_ request: WebRequest, id: RecordID, restore: Bool) async -> HTTPResponse {
        let t = request.strings
        let list = FeedListViewModel(feed: feed)
        if restore { await list.restore(id) } else { await list.delete(id) }
        if let error = list.error {
            return errorPage(request, status: Self.status(for: error.code), title: restore ? t[.restore] : t[.delete], message: request.strings.describe(error))
        }
        return .redirect(to: restore ? "/feed/\(id.string)" : WebRequest.link("/feed", [("deleted", id.string)]))
    }

    /// The edit form of a post.
    @MainActor
    func feedEditPage(_ request: WebRequest, id: RecordID) async throws -> HTTPResponse {
        guard let item = try await loadFeedItem(id) else { return notFound(request) }
        return feedForm(FeedComposeViewModel(feed: feed, editing: item), request)
    }

    /// The post / edit form (seed 002's compose screen: photos, title, contents, "done").
    @MainActor
    func feedForm(_ model: FeedComposeViewModel, _ request: WebRequest, status: HTTPStatus = .ok, problem: FormProblem? = nil) -> HTTPResponse {
        let t = request.strings
        let action = model.editingID.map { "/feed/\($0.string)/edit" } ?? "/feed/new"
        let title = model.editingID == nil ? t[.newPost] : t[.editPost]
        let error: HTML = problem.map { "<p class=\"error\" role=\"alert\">\($0.message)</p>" } ?? listError(model.error, request)
        let cancel = model.editingID.map { "/feed/\($0.string)" } ?? "/feed"
        let body: HTML = """
            <h1>\(title)</h1>
            \(error)
            <form method="post" action="\(action)" enctype="multipart/form-data" class="compose stack" novalidate>
            \(csrfField(request))
            \(PhotoField.render(items: model.images.items, lostPicks: PhotoField.pickedCount(model.images.items), limit: model.images.limit,
                                maxFileBytes: configuration.limits.maxFileBytes, strings: t))
            <label>\(t[.title]) <input type="text" name="title" value="\(model.title)" maxlength="\(FeedDraft.maxTitleLength)" required autocomplete="off"></label>
            <label>\(t[.contents]) <textarea name="contents" rows="8">\(model.contents)</textarea></label>
            <label>\(t[.date]) <input type="date" name="date" value="\(Self.dateInput(model.date))"></label>
            <div class="form-actions">
            <button type="submit" class="primary" name="done" value="1">\(t[.done])</button>
            <a class="button" href="\(cancel)">\(t[.cancel])</a>
            </div>
            </form>
            """
        return render(Page(title: title, section: .feed, body: body, status: status, usesSortable: true), for: request)
    }

    /// `POST /feed/new` and `/feed/<id>/edit` through the compose view model.
    @MainActor
    func saveFeedPost(_ request: WebRequest, editing id: RecordID?) async throws -> HTTPResponse {
        let t = request.strings
        let model: FeedComposeViewModel
        if let id {
            guard let item = try await loadFeedItem(id) else { return notFound(request) }
            model = FeedComposeViewModel(feed: feed, editing: item)
        } else {
            model = FeedComposeViewModel(feed: feed)
        }
        model.title = request.field("title")
        model.contents = request.field("contents")
        var problem: FormProblem?
        let dateText = request.field("date").trimmingCharacters(in: .whitespaces)
        if !dateText.isEmpty, dateText != Self.dateInput(model.date) {
            // A new day keeps the time of day, so posts of one day stay in the order they were written.
            if let date = Self.parseDateInput(dateText, keepingTimeOf: model.date) {
                model.date = date
            } else {
                problem = FormProblem(status: .badRequest, message: t.unreadableDate(dateText))
            }
        }
        problem = readPhotoField(into: model, request, earlier: problem)
        if let problem {
            return feedForm(model, request, status: problem.status, problem: problem)
        }
        guard let saved = await model.save() else {
            model.error = logged(UploadCheck.naming(model.error, after: request.http.files), request.http)
            return feedForm(model, request, status: model.error.map { Self.status(for: $0.code) } ?? .badRequest)
        }
        return .redirect(to: "/feed/\(saved.id.string)")
    }

    /// A `date` input value (`2026-11-29`) for `date` in this server's time zone.
    static func dateInput(_ date: Date) -> String {
        String(Formats.dateTimeInput(date, in: .current).prefix(10))
    }

    /// `2026-11-29` as that day (in this server's time zone) at the time of day of `reference`.
    static func parseDateInput(_ text: String, keepingTimeOf reference: Date) -> Date? {
        let time = Formats.dateTimeInput(reference, in: .current).dropFirst(10)
        return Formats.parseDateTimeInput(text + time, in: .current)
    }
}
