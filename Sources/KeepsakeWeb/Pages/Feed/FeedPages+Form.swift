import Foundation
import KeepsakeFeed
import KeepsakeHTTP
import KeepsakeStore
import KeepsakeViewModels

extension FeedPages {
    /// The edit form of a post.
    func editPage(_ request: WebRequest, id: RecordID) -> HTTPResponse {
        layout.page(request, reading: { try feed.read(id) }) { item in form(FeedForm(editing: item), request) }
    }

    /// The post / edit form (seed 002's compose screen: photos, title, contents, "done").
    func form(_ model: FeedForm, _ request: WebRequest, status: HTTPStatus = .ok, problem: HTML = .empty, lostPicks: Int = 0) -> HTTPResponse {
        let t = request.strings
        let action = model.editingID.map { "/feed/\($0.string)/edit" } ?? "/feed/new"
        let title = model.editingID == nil ? t[.newPost] : t[.editPost]
        let cancel = model.editingID.map { "/feed/\($0.string)" } ?? "/feed"
        // The post's time, so an edit saved offline that moves it to another day keeps its time of day.
        let moment: HTML = model.editingID == nil ? .empty : " data-moment=\"\(Formats.timestamp(model.date))\""
        let body: HTML = """
            <h1>\(title)</h1>
            \(problem)
            <form method="post" action="\(action)" enctype="multipart/form-data" class="compose stack" novalidate\(FormMarkup.versionAttribute(model.editingVersion))\(moment)>
            \(PageLayout.csrfField(request))
            \(model.editingID == nil ? BookSwitcher.composeSelect(request, collection: Feed.collection, store: feed.store, selected: model.book) : .empty)
            \(PhotoField.render(items: model.images, lostPicks: lostPicks, limit: feed.maxImages, maxFileBytes: maxFileBytes, strings: t))
            <label>\(t[.title]) <input type="text" name="title" value="\(model.title)" maxlength="\(FeedDraft.maxTitleLength)" required autocomplete="off"></label>
            <label>\(t[.contents]) <textarea name="contents" rows="8">\(model.contents)</textarea></label>
            <label>\(t[.date]) <input type="date" name="date" value="\(FeedPages.dateInput(model.date))"></label>
            <div class="form-actions">
            <button type="submit" class="primary" name="done" value="1">\(t[.done])</button>
            <a class="button" href="\(cancel)">\(t[.cancel])</a>
            </div>
            </form>
            """
        return layout.render(Page(title: title, section: .feed, body: body, status: status, usesSortable: true), for: request)
    }

    /// `POST /feed/new` and `/feed/<id>/edit`: reads the form and saves it through the writer; on
    /// failure the form comes back filled in, with the problem and its status.
    func save(_ request: WebRequest, editing id: RecordID?) -> HTTPResponse {
        if let id {
            return layout.page(request, reading: { try feed.read(id) }) { item in save(request, form: FeedForm(editing: item)) }
        }
        return save(request, form: FeedForm())
    }

    /// Fills `form` from the request and saves it.
    private func save(_ request: WebRequest, form start: FeedForm) -> HTTPResponse {
        let t = request.strings
        var model = start
        model.title = request.field("title")
        model.contents = request.field("contents")
        if model.editingID == nil { model.book = BookSwitcher.submitted(request) }
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
        if let problem = PhotoField.read(request, into: &model.images, earlier: problem) {
            return form(model, request, status: problem.status, problem: FormMarkup.problem(problem), lostPicks: PhotoField.pickedCount(model.images))
        }
        let files = request.http.files
        return layout.writing(request, { () throws(WriteRefusal) -> FeedItem in
            if let id = model.editingID {
                return try writer.update(id, model.edit, images: model.slots, files: files, language: request.language)
            }
            return try writer.create(model.draft, files: files, language: request.language)
        }, done: { .redirect(to: "/feed/\($0.id.string)") }) { refusal in
            form(model, request, status: refusal.status, problem: FormMarkup.refusal(refusal), lostPicks: PhotoField.pickedCount(model.images))
        }
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
