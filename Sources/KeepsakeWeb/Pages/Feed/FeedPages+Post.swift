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
        let csrf = PageLayout.csrfField(request)
        let formats = Formats(language: request.language)
        let paragraphs: [HTML] = item.contents.components(separatedBy: "\n\n").filter { !$0.isEmpty }.map { "<p>\($0)</p>" }
        let photos: [HTML] = item.images.enumerated().map { index, image in
            """
            <figure class="photo-large" data-width="\(image.width)" data-height="\(image.height)">
            <a href="\(WebApp.imageURL(image, "original"))">\(WebApp.thumbnail(image, size: 1024, alt: t.photoNumber(index + 1), className: "large"))</a>
            <figcaption>\(t.photoNumber(index + 1))</figcaption>
            </figure>
            """
        }
        let actions: HTML = item.isTrashed ? """
            <p class="banner">\(t[.inTrash])</p>
            <form method="post" action="/feed/\(item.id.string)/restore" class="inline">\(csrf)<button type="submit" class="primary">\(t[.restore])</button></form>
            """ : """
            <a class="button primary" href="/feed/\(item.id.string)/edit">\(t[.edit])</a>
            <form method="post" action="/feed/\(item.id.string)/delete" class="inline">\(csrf)<button type="submit" class="danger">\(t[.delete])</button></form>
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
        return layout.render(Page(title: item.title, section: .feed, body: body), for: request)
    }

    /// `POST /feed/<id>/delete` and `/restore`.
    func change(_ request: WebRequest, id: RecordID, restore: Bool) -> HTTPResponse {
        let t = request.strings
        do {
            _ = try writer.trash(id, restore: restore, language: request.language)
        } catch {
            layout.logged(error.error, request.http)
            return layout.errorPage(request, status: error.status, title: restore ? t[.restore] : t[.delete], message: error.message)
        }
        return .redirect(to: restore ? "/feed/\(id.string)" : WebRequest.link("/feed", [("deleted", id.string)]))
    }
}
