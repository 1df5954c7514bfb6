import Foundation

/// What a chart shows, written as JSON into the `data-chart` attribute of its `<canvas>` (escaped
/// like every attribute); the page's script hands it to Chart.js. The same numbers are always
/// shown in a table beside it, so nothing depends on the chart.
struct ChartSpec: Encodable, Sendable {
    /// One series.
    struct Dataset: Encodable, Sendable {
        /// Its name (legend).
        let label: String
        /// Its values.
        let data: [Double]
        /// One colour per value (CSS colours).
        let backgroundColor: [String]
    }

    /// `bar` or `doughnut`.
    let type: String
    /// The categories.
    let labels: [String]
    /// The series.
    let datasets: [Dataset]
    /// Stack the bars of all series.
    var stacked = false

    /// The JSON text.
    var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    /// The `<canvas>` for this chart, labelled for screen readers.
    func canvas(label: String, id: String) -> HTML {
        "<div class=\"chart\"><canvas id=\"\(id)\" role=\"img\" aria-label=\"\(label)\" data-chart=\"\(json)\"></canvas></div>"
    }
}
