import Foundation
import KeepsakeDiary
import KeepsakeHTTP
import KeepsakeStore
import KeepsakeViewModels

extension DiaryPages {
    /// The edit form of an entry.
    func editPage(_ request: WebRequest, id: RecordID) -> HTTPResponse {
        layout.page(request, reading: { try diary.read(id) }) { entry in form(DiaryForm(editing: entry), request) }
    }

    /// The compose / edit form showing `model`, with the problem that refused it, if any, above the
    /// fields (`lostPicks`: photos picked in the refused submission, whose uploads are gone).
    func form(_ model: DiaryForm, _ request: WebRequest, status: HTTPStatus = .ok, problem: HTML = .empty, lostPicks: Int = 0) -> HTTPResponse {
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
        let zones: [HTML] = DiaryPages.commonTimeZones(including: model.timeZone.identifier).map { "<option value=\"\($0)\"></option>" }
        let cancel = model.editingID.map { "/diary/\($0.string)" } ?? "/diary"
        let body: HTML = """
            <h1>\(title)</h1>
            \(problem)
            <form method="post" action="\(action)" enctype="multipart/form-data" class="compose stack" novalidate\(FormMarkup.versionAttribute(model.editingVersion))>
            \(PageLayout.csrfField(request))
            \(model.editingID == nil ? BookSwitcher.composeSelect(request, collection: Diary.collection, store: diary.store, selected: model.book) : .empty)
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
            \(PhotoField.render(items: model.images, lostPicks: lostPicks, limit: diary.maxImages, maxFileBytes: maxFileBytes, strings: t))
            <div class="form-actions">
            <button type="submit" class="primary" name="done" value="1">\(t[.done])</button>
            <a class="button" href="\(cancel)">\(t[.cancel])</a>
            </div>
            </form>
            """
        return layout.render(Page(title: title, section: .diary, body: body, status: status, usesSortable: true), for: request)
    }

    /// `POST /diary/new` and `/diary/<id>/edit`: reads the form and saves it through the writer;
    /// on failure the form comes back filled in, with the problem and its status (400 for a broken
    /// rule, 413 for an upload over the limits, …).
    func save(_ request: WebRequest, editing id: RecordID?) -> HTTPResponse {
        if let id {
            return layout.page(request, reading: { try diary.read(id) }) { entry in save(request, form: DiaryForm(editing: entry)) }
        }
        return save(request, form: DiaryForm())
    }

    /// Fills `form` from the request and saves it.
    private func save(_ request: WebRequest, form start: DiaryForm) -> HTTPResponse {
        var model = start
        let read = DiaryFormReader.read(request, into: &model)
        if let problem = read {
            return form(model, request, status: problem.status, problem: FormMarkup.problem(problem),
                        lostPicks: PhotoField.pickedCount(model.images))
        }
        let files = request.http.files
        return layout.writing(request, { () throws(WriteRefusal) -> DiaryEntry in
            if let id = model.editingID {
                return try writer.update(id, model.edit, images: model.slots, files: files, language: request.language)
            }
            return try writer.create(model.draft, files: files, language: request.language)
        }, done: { .redirect(to: "/diary/\($0.id.string)") }) { refusal in
            form(model, request, status: refusal.status, problem: FormMarkup.refusal(refusal), lostPicks: PhotoField.pickedCount(model.images))
        }
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
