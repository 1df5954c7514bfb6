import Foundation
import KeepsakeFeed
import KeepsakeHTTP
import KeepsakeStore

extension FeedPages {
    /// A post with its photos large.
    func postPage(_ request: WebRequest, id: RecordID) -> HTTPResponse {
        layout.page(request, reading: { try feed.read(id) }) { item in postPage(item, request) }
    }

    /// The page of `item`.
    private func postPage(_ item: FeedItem, _ request: WebRequest) -> HTTPResponse {
        let t = request.strings
        let formats = Formats(language: request.language)
        let paragraphs: [HTML] = item.contents.components(separatedBy: "\n\n").filter { !$0.isEmpty }.map { "<p>\($0)</p>" }
        let photos = RecordMarkup.largePhotos(item.images, t, sizes: false)
        let actions = RecordMarkup.actions("/feed/\(item.id.string)", trashed: item.isTrashed, t, csrf: PageLayout.csrfField(request))
        let authors: AuthorNames
        do {
            authors = try AuthorNames(books: Set([item.book].compactMap { $0 }), viewer: request.account?.id, store: feed.store)
        } catch { return layout.errorResponse(error, request) }
        let body: HTML = """
            <article class="post-page">
            <div class="page-head"><h1>\(item.title)</h1>
            <div class="actions">\(actions)<a class="button" href="/feed">\(t[.backToFeed])</a></div></div>
            <p class="meta"><time datetime="\(Formats.timestamp(item.date))">\(formats.day(of: item.date))</time> \(authors.label(item.author, t))</p>
            <div class="photos-large">\(photos)</div>
            <div class="entry-text">\(paragraphs)</div>
            </article>
            """
        return layout.render(Page(title: item.title, section: .feed, body: body), for: request)
    }

    /// `POST /feed/<id>/delete` and `/restore`.
    func change(_ request: WebRequest, id: RecordID, restore: Bool) -> HTTPResponse {
        layout.trashing(request, restore: restore, { () throws(WriteRefusal) in try writer.trash(id, restore: restore, language: request.language) },
                        then: restore ? "/feed/\(id.string)" : WebRequest.link("/feed", [("deleted", id.string)]))
    }
}
