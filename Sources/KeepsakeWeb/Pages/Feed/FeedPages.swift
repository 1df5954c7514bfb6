import Foundation
import KeepsakeFeed
import KeepsakeHTTP
import KeepsakeStore

/// The feed's pages under `/feed`: the list and its trash, a post, and the post and edit forms.
/// Reads go to the feed directly and writes through ``FeedWriter``, on the thread that answers the
/// request.
struct FeedPages: Sendable {
    /// The feed read, as the request's caller sees it.
    var feed: Feed { writer.feed }
    /// Every write of the pages.
    let writer: FeedWriter
    /// The site layout and the error pages.
    let layout: PageLayout
    /// Posts per page.
    let pageSize: Int
    /// The largest photo accepted, for the photo field's own check.
    let maxFileBytes: Int

    /// Adds the feed's routes to the `/feed` group.
    func addRoutes(to feed: inout Router<WebRoute>) {
        feed.get("/", .page { _, request, _ in list(request, trash: false) })
        feed.get("/trash", .page { _, request, _ in list(request, trash: true) })
        feed.get("/new", .page { _, request, _ in form(FeedForm(), request) })
        feed.post("/new", .page { _, request, _ in save(request, editing: nil) })
        feed.get("/{id:uuid}", .page { _, request, parameters in postPage(request, id: WebApp.id(parameters)) })
        feed.get("/{id:uuid}/edit", .page { _, request, parameters in editPage(request, id: WebApp.id(parameters)) })
        feed.post("/{id:uuid}/edit", .page { _, request, parameters in save(request, editing: WebApp.id(parameters)) })
        feed.post("/{id:uuid}/delete", .page { _, request, parameters in change(request, id: WebApp.id(parameters), restore: false) })
        feed.post("/{id:uuid}/restore", .page { _, request, parameters in change(request, id: WebApp.id(parameters), restore: true) })
    }

    /// The feed or its trash, a page at a time (`?after=<cursor>`).
    func list(_ request: WebRequest, trash: Bool) -> HTTPResponse {
        let t = request.strings
        let cursor = request.query("after").flatMap { try? RecordCursor(parsing: $0) }
        var list = FeedPage(items: [], nextCursor: nil), failure: KeepsakeError?
        let books = BookSwitcher(request, collection: Feed.collection, store: feed.store)
        var feed = self.feed
        feed.books = books.filter
        do {
            list = trash ? try feed.trash(limit: pageSize, after: cursor) : try feed.newest(limit: pageSize, after: cursor)
        } catch {
            failure = KeepsakeError.wrapping(error)
        }
        // Each post's author, where the viewer shares the book with others.
        var authors: AuthorNames?
        do {
            authors = try AuthorNames(books: Set(list.items.compactMap(\.book)), viewer: request.account?.id, store: feed.store)
        } catch {
            failure = failure ?? KeepsakeError.wrapping(error)
        }
        let csrf = PageLayout.csrfField(request), formats = Formats(language: request.language)
        let path = trash ? "/feed/trash" : "/feed"
        let heading = (trash ? t[.feedTrash] : t[.feed]) + (books.chosenName.map { " · " + $0 } ?? "")
        let actions: HTML = trash ? "<a class=\"button\" href=\"/feed\">\(t[.backToFeed])</a>" : """
            <a class="button primary" href="/feed/new">\(t[.newPost])</a>
            <a class="button" href="/feed/trash">\(t[.trash])</a>
            """
        var body: HTML = """
            <div class="page-head"><h1>\(heading)</h1><div class="actions">\(actions)</div></div>
            \(books.markup(request, path: path))
            \(trash ? "<p class=\"hint\">\(t[.trashExplanation])</p>" : PageLayout.undoBanner(request, path: "/feed"))
            \(PageLayout.listError(failure, request))
            """
        if list.items.isEmpty {
            body += "<p class=\"empty\">\(trash ? t[.trashEmpty] : (cursor == nil ? t[.noPostsYet] : t[.noPostsHere]))</p>"
        } else {
            body += "<ol class=\"cards posts\">\(list.items.map { card($0, authors?.label($0.author, t) ?? .empty, t, formats, csrf) })</ol>"
        }
        var paging: [HTML] = []
        if cursor != nil { paging.append("<a class=\"button\" href=\"\(path)\">\(t[.newest])</a>") }
        if let next = list.nextCursor {
            paging.append("<a class=\"button\" rel=\"next\" href=\"\(WebRequest.link(path, [("after", next.description)]))\">\(t[.olderPosts])</a>")
        }
        if !paging.isEmpty { body += "<nav class=\"paging\">\(paging)</nav>" }
        return books.remembering(layout.render(Page(title: heading, section: .feed, body: body, watchesChanges: true), for: request))
    }

    /// One post in the feed: title, day (and `author`, someone else's name in a shared book), the
    /// start of the text and its photos as small thumbnails.
    private func card(_ item: FeedItem, _ author: HTML, _ t: Strings, _ formats: Formats, _ csrf: HTML) -> HTML {
        let thumbs: [HTML] = item.images.enumerated().map { index, image in WebApp.thumbnail(image, alt: t.photoNumber(index + 1)) }
        let actions: HTML = item.isTrashed ? """
            <form method="post" action="/feed/\(item.id.string)/restore" class="inline">\(csrf)<button type="submit">\(t[.restore])</button></form>
            """ : """
            <a class="button" href="/feed/\(item.id.string)/edit">\(t[.edit])</a>
            <form method="post" action="/feed/\(item.id.string)/delete" class="inline">\(csrf)<button type="submit" class="danger">\(t[.delete])</button></form>
            """
        let contents = Excerpt.of(item.contents, length: 280)
        return """
            <li class="card post" data-id="\(item.id.string)">
            <div class="card-head"><time datetime="\(Formats.timestamp(item.date))">\(formats.day(of: item.date))</time>\(author)</div>
            <h2><a href="/feed/\(item.id.string)">\(item.title)</a></h2>
            \(thumbs.isEmpty ? HTML.empty : "<div class=\"thumbs\">\(thumbs)</div>")
            \(contents.isEmpty ? HTML.empty : "<p class=\"excerpt\">\(contents)</p>")
            <div class="card-actions">\(actions)</div>
            </li>
            """
    }
}
