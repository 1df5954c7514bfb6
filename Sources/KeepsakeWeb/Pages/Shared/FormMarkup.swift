/// How a refused form says why, above its fields; what an edit form tells the outbox.
enum FormMarkup {
    /// ` data-version="v3"` on the edit form of a record at version 3 (the outbox sends it as
    /// `If-Match` when the edit is saved offline); nothing on a new record's form.
    static func versionAttribute(_ version: Int64?) -> HTML {
        guard let version else { return .empty }
        return " data-version=\"\(APIRequest.etag(version))\""
    }

    /// A problem found reading the form (before anything was written).
    static func problem(_ problem: FormProblem) -> HTML {
        "<p class=\"error\" role=\"alert\">\(problem.message)</p>"
    }

    /// A write the writer refused: its sentence in the page's language, its code for scripts and tests.
    static func refusal(_ refusal: WriteRefusal) -> HTML {
        "<p class=\"error\" role=\"alert\" data-code=\"\(refusal.error.code.rawValue)\">\(refusal.message)</p>"
    }
}
