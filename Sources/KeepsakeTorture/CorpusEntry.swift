import Foundation
import KeepsakeStore
import Synchronization
import KeepsakeSupport

struct CorpusEntry {
    let path: String
    let bytes: Int
    let verdict: String
    let header: String
    let url: URL
}

func loadCorpus(_ root: URL) -> [CorpusEntry] {
    guard let text = try? String(contentsOf: root.appendingPathComponent("MANIFEST.tsv"), encoding: .utf8) else {
        usage("cannot read \(root.path)/MANIFEST.tsv")
    }
    return text.split(separator: "\n").dropFirst().compactMap { line in
        let columns = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        guard columns.count >= 6 else { return nil }
        return CorpusEntry(path: columns[0], bytes: Int(columns[1]) ?? 0, verdict: columns[3], header: columns[5],
                           url: root.appendingPathComponent(columns[0]))
    }
}
