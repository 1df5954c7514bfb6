import Foundation
import KeepsakeHTTP
import KeepsakeStore
import KeepsakeViewModels

extension WebApp {
    /// The store screen through ``StoreViewModel``.
    @MainActor
    func storePage(_ request: WebRequest, check: Bool) async -> HTTPResponse {
        let t = request.strings
        let formats = Formats(language: request.language)
        let model = StoreViewModel(store: store)
        if check { await model.check(repair: request.field("repair") == "1") } else { await model.load() }
        var body: HTML = """
            <div class="page-head"><h1>\(t[.store])</h1></div>
            \(listError(model.error, request))
            """
        if let status = model.status {
            let rows: [HTML] = status.collections.map {
                "<tr><th scope=\"row\">\($0.name)</th><td>\($0.live)</td><td>\($0.trashed)</td><td>\($0.images)</td><td>\(formats.bytes($0.bytes))</td></tr>"
            }
            body += """
                <dl class="facts">
                <dt>\(t[.database])</dt><dd>\(backend(status.metadata, formats))</dd>
                <dt>\(t[.imageStorage])</dt><dd>\(backend(status.blobs, formats))</dd>
                <dt>\(t[.imaging])</dt><dd>\(status.imageProcessor)</dd>
                <dt>\(t[.photoStorageLabel])</dt><dd class="photo-storage">\(t.photoStorage(store.options.encodingPolicy))</dd>
                <dt>\(t[.inFlight])</dt><dd>\(status.intentsInFlight)</dd>
                </dl>
                <table class="data"><thead><tr><th scope="col">\(t[.collection])</th><th scope="col">\(t[.live])</th><th scope="col">\(t[.trashed])</th>\
                <th scope="col">\(t[.images])</th><th scope="col">\(t[.size])</th></tr></thead><tbody>\(rows)</tbody>
                <tfoot><tr><th scope="row">\(t[.total])</th><td colspan="2">\(status.totalRecords)</td><td>\(status.totalImages)</td><td>\(formats.bytes(status.totalBytes))</td></tr></tfoot></table>
                """
        }
        if let report = model.report {
            body += fsckReport(report, request)
        }
        body += """
            <form method="post" action="/store/check" class="stack check-form">
            \(csrfField(request))
            <label class="check"><input type="checkbox" name="repair" value="1"> \(t[.repairToo])</label>
            <div class="form-actions"><button type="submit" class="primary">\(t[.checkStore])</button></div>
            <p class="hint">\(t[.checkExplanation])</p>
            </form>
            <p><a class="button" href="/store/import">\(t[.importFromOtherApps])</a></p>
            """
        return render(Page(title: t[.store], section: .store, body: body), for: request)
    }

    /// A backend's kind, location and own figures (sizes in bytes shown as sizes), without the
    /// server's paths (``ServerPaths/described(_:)``).
    func backend(_ status: BackendStatus, _ formats: Formats) -> HTML {
        let status = ServerPaths.described(status)
        let figures: [HTML] = status.figures.map { figure in
            let value = figure.label.hasSuffix("bytes") ? Int64(figure.value).map(formats.bytes) ?? figure.value : figure.value
            return "<li>\(figure.label): <code>\(value)</code></li>"
        }
        return "<code>\(status.kind)</code> <code>\(status.location)</code><ul class=\"figures\">\(figures)</ul>"
    }

    /// What `fsck` found (each list capped at 100 lines) and what it repaired.
    func fsckReport(_ report: FsckReport, _ request: WebRequest) -> HTML {
        let t = request.strings
        func list(_ title: String, _ lines: [String]) -> HTML {
            guard !lines.isEmpty else { return .empty }
            let items: [HTML] = lines.prefix(100).map { "<li><code>\($0)</code></li>" }
            let more: HTML = lines.count > 100 ? "<li>… \(lines.count - 100)</li>" : .empty
            return "<h3>\(title) (\(lines.count))</h3><ul>\(items)\(more)</ul>"
        }
        let verdict: HTML = report.isClean
            ? "<p class=\"ok fsck-verdict\" data-clean=\"true\">\(t[.storeClean])</p>"
            : "<p class=\"error fsck-verdict\" data-clean=\"false\">\(t.problemsFound(report.problemCount))</p>"
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
            \(list(t[.repairs], report.repairs))
            \(list(t[.unrepairable], report.unrepairable))
            </section>
            """
    }
}
