import KeepsakeHTTP
import KeepsakeStore
import KeepsakeViewModels

extension WebApp {
    /// Applies a compose form's photo field (order, kept photos, new uploads) to `model`, after the
    /// upload limits. Returns the problem to show: an upload-limit problem wins, otherwise the first of
    /// `earlier` and a refusal of the photo field.
    @MainActor
    func readPhotoField(into model: some PhotoComposing, _ request: WebRequest, earlier: FormProblem?) -> FormProblem? {
        let t = request.strings
        if let uploadProblem = UploadCheck.problem(with: request.http.files, limits: configuration.limits, strings: t) {
            return uploadProblem
        }
        let stored: [Attachment] = model.images.items.compactMap { if case .stored(let attachment) = $0 { attachment } else { nil } }
        do {
            let items = try PhotoField.parse(form: request.http.form, files: request.http.files, stored: stored, strings: t)
            model.images = ComposeImages(items, limit: model.images.limit)
            return earlier
        } catch let refused as FormProblem {
            return earlier ?? refused
        } catch {
            return earlier ?? FormProblem(status: .badRequest, message: "\(error)")
        }
    }
}
