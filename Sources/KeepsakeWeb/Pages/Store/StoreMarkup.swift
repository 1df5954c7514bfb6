import Foundation
import KeepsakeLedger
import KeepsakeStore

/// The store page's pieces: a backend's figures and a check's report.
enum StoreMarkup {
    /// A backend's kind, location and own figures (sizes in bytes shown as sizes), without the
    /// server's paths (``ServerPaths/described(_:)``).
    static func backend(_ status: BackendStatus, _ formats: Formats) -> HTML {
        let status = ServerPaths.described(status)
        let figures: [HTML] = status.figures.map { figure in
            let value = figure.label.hasSuffix("bytes") ? Int64(figure.value).map(formats.bytes) ?? figure.value : figure.value
            return "<li>\(figure.label): <code>\(value)</code></li>"
        }
        return "<code>\(status.kind)</code> <code>\(status.location)</code><ul class=\"figures\">\(figures)</ul>"
    }

    /// What `fsck` found (each list capped at 100 lines), what it repaired, and the ledger's problems.
    static func fsckReport(_ check: StoreCheck, _ request: WebRequest) -> HTML {
        let t = request.strings
        let report = check.report
        func list(_ title: String, _ lines: [String]) -> HTML {
            guard !lines.isEmpty else { return .empty }
            let items: [HTML] = lines.prefix(100).map { "<li><code>\($0)</code></li>" }
            let more: HTML = lines.count > 100 ? "<li>… \(lines.count - 100)</li>" : .empty
            return "<h3>\(title) (\(lines.count))</h3><ul>\(items)\(more)</ul>"
        }
        let verdict: HTML = check.isClean
            ? "<p class=\"ok fsck-verdict\" data-clean=\"true\">\(t[.storeClean])</p>"
            : "<p class=\"error fsck-verdict\" data-clean=\"false\">\(t.problemsFound(check.problemCount))</p>"
        let ledger: [HTML] = LedgerProblem.Kind.allCases.map { kind in
            list(t.ledgerProblemTitle(kind), check.ledgerProblems.filter { $0.kind == kind }.map(\.message))
        }
        return """
            <section class="fsck">
            <h2>\(t[.checkResult])</h2>
            \(verdict)
            <p>\(t.checkedCounts(records: report.recordsChecked, images: report.attachmentsChecked, files: report.filesScanned))</p>
            \(list(t[.danglingReferences], report.danglingReferences.map { "\($0.recordID) #\($0.attachmentID) \($0.path)" }))
            \(list(t[.orphanFiles], report.orphanFiles))
            \(list(t[.hashMismatches], report.hashMismatches.map { "\($0.recordID) #\($0.attachmentID) \($0.path)" }))
            \(list(t[.missingThumbnails], report.missingThumbnails))
            \(list(t[.orphanThumbnails], report.orphanThumbnails))
            \(list(t[.unexpectedEntries], report.unexpectedEntries))
            \(list(t.imagesOutsideTheirBook, report.imagesOutsideTheirBook.map { "\($0.recordID) #\($0.attachmentID) \($0.path)" }))
            \(list(t[.repairs], report.repairs))
            \(list(t[.unrepairable], report.unrepairable))
            \(ledger)
            </section>
            """
    }
}
