import Foundation

/// One line of the table: a Keepsake figure, its peer's figure from the same run, and their ratio.
struct Row {
    var scenario: String
    var measure: String
    var keepsake: String
    var peer: String = ""
    var peerValue: String = ""
    /// Keepsake / peer, oriented so that larger is better for Keepsake when `higherIsBetter`.
    var ratio: Double? = nil
    var ratioMeaning: String = ""
    var target: String = ""
    var met: Bool? = nil

    /// "Keepsake faster" or "<peer> faster" for a speed ratio (Keepsake / peer, higher is faster),
    /// so the words always follow the figure.
    static func faster(_ ratio: Double, peer: String) -> String {
        guard ratio.isFinite else { return "" }
        return ratio >= 1 ? "Keepsake faster" : "\(peer) faster"
    }

    var json: [String: Any] {
        var object: [String: Any] = ["scenario": scenario, "measure": measure, "keepsake": keepsake, "peer": peer,
                                     "peer_value": peerValue, "ratio_meaning": ratioMeaning, "target": target]
        if let ratio { object["ratio"] = ratio }
        if let met { object["met"] = met }
        return object
    }
}

func format(_ value: Double, _ digits: Int = 2) -> String {
    value.isFinite ? String(format: "%.\(digits)f", value) : "n/a"
}

func ms(_ value: Double) -> String {
    value < 1 ? String(format: "%.3f ms", value) : value < 100 ? String(format: "%.2f ms", value) : String(format: "%.0f ms", value)
}

func mib(_ kib: Int) -> String { String(format: "%.0f MiB", Double(kib) / 1024) }

/// The Markdown table of `rows`.
func markdownTable(_ rows: [Row]) -> String {
    var lines = ["| # | measure | Keepsake | peer | peer's figure | ratio | target | met |",
                 "| --- | --- | --- | --- | --- | --- | --- | --- |"]
    for row in rows {
        let ratio = row.ratio.map { format($0) + "x" + (row.ratioMeaning.isEmpty ? "" : " (\(row.ratioMeaning))") } ?? ""
        let met = row.met.map { $0 ? "yes" : "**no**" } ?? ""
        lines.append("| \(row.scenario) | \(row.measure) | \(row.keepsake) | \(row.peer) | \(row.peerValue) | \(ratio) | \(row.target) | \(met) |")
    }
    return lines.joined(separator: "\n")
}
