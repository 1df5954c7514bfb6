import Foundation
import KeepsakeTestSupport

enum KeepsakeStoreTestsSupport {
    static var corpusManifest: URL { Corpus.root.appendingPathComponent("MANIFEST.tsv") }
}
