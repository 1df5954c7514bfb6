import Foundation
import KeepsakeDiary

/// Reads a submitted compose / edit form of a diary entry into a ``DiaryForm``.
enum DiaryFormReader {
    /// Fills `model` from the request's fields and photo field; returns the first problem found
    /// (an emotion not chosen, an unreadable date, an unknown time zone, a stale photo), if any.
    static func read(_ request: WebRequest, into model: inout DiaryForm) -> FormProblem? {
        let t = request.strings
        model.title = request.field("title")
        model.text = request.field("text")
        model.tagsText = request.field("tags")
        if model.editingID == nil { model.book = BookSwitcher.submitted(request) }
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
        return PhotoField.read(request, into: &model.images, earlier: problem)
    }
}
