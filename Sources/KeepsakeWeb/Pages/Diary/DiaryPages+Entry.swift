import Foundation
import KeepsakeDiary
import KeepsakeHTTP
import KeepsakeStore

extension DiaryPages {
    /// An entry with its photos large (1024-pixel thumbnails, each linking to the original).
    func entryPage(_ request: WebRequest, id: RecordID) -> HTTPResponse {
        layout.page(request, reading: { try diary.read(id) }) { entry in entryPage(entry, request) }
    }

    /// The page of `entry`.
    private func entryPage(_ entry: DiaryEntry, _ request: WebRequest) -> HTTPResponse {
        let t = request.strings
        let formats = Formats(language: request.language)
        let emotionName = entry.emotion.displayName(language: request.language.rawValue)
        let paragraphs: [HTML] = entry.text.components(separatedBy: "\n\n").filter { !$0.isEmpty }.map { "<p>\($0)</p>" }
        let tags = DiaryMarkup.tagLinks(entry.tags)
        let photos = RecordMarkup.largePhotos(entry.images, t, sizes: true)
        let actions = RecordMarkup.actions("/diary/\(entry.id.string)", trashed: entry.isTrashed, t, csrf: PageLayout.csrfField(request))
        let body: HTML = """
            <article class="entry-page \(EmotionStyle.cssClass(entry.emotion))">
            <div class="page-head">
            <h1>\(entry.title ?? t[.untitled])</h1>
            <div class="actions">\(actions)<a class="button" href="/diary">\(t[.backToDiary])</a></div>
            </div>
            <p class="meta"><span class="emotion-badge \(EmotionStyle.cssClass(entry.emotion))">\(emotionName) \(DiaryMarkup.intensityDots(entry.intensity))</span>
            <time datetime="\(Formats.timestamp(entry.moment))">\(formats.dateTime(entry.moment, in: entry.timeZone))</time>
            <span class="zone">\(entry.timeZone.identifier)</span></p>
            <div class="entry-text">\(paragraphs)</div>
            \(tags.isEmpty ? HTML.empty : "<ul class=\"tags\">\(tags)</ul>")
            <div class="photos-large">\(photos)</div>
            </article>
            """
        return layout.render(Page(title: entry.title ?? t[.untitled], section: .diary, body: body), for: request)
    }

    /// `POST /diary/<id>/delete` and `/restore`.
    func change(_ request: WebRequest, id: RecordID, restore: Bool) -> HTTPResponse {
        layout.trashing(request, restore: restore, { () throws(WriteRefusal) in try writer.trash(id, restore: restore, language: request.language) },
                        then: restore ? "/diary/\(id.string)" : WebRequest.link("/diary", [("deleted", id.string)]))
    }
}
