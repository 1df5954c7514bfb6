/// How a refused form says why, above its fields.
enum FormMarkup {
    /// A problem found reading the form (before anything was written).
    static func problem(_ problem: FormProblem) -> HTML {
        "<p class=\"error\" role=\"alert\">\(problem.message)</p>"
    }

    /// A write the writer refused: its sentence in the page's language, its code for scripts and tests.
    static func refusal(_ refusal: WriteRefusal) -> HTML {
        "<p class=\"error\" role=\"alert\" data-code=\"\(refusal.error.code.rawValue)\">\(refusal.message)</p>"
    }
}
