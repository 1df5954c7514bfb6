import Foundation
import KeepsakeHTTP
import KeepsakeLedger
import KeepsakeStore

/// The store's page under `/store`: its backends and counts, and a check (`fsck`) with or
/// without repair, read on the thread that answers the request.
struct StorePages: Sendable {
    /// The store and apps of the request's caller.
    let apps: CallerApps
    /// The store shown, as the request's caller sees it.
    var store: Store { apps.store }
    /// The site layout and the error pages.
    let layout: PageLayout

    /// Adds the store page's routes to the `/store` group.
    func addRoutes(to store: inout Router<WebRoute>) {
        store.get("/", .page { _, request, _ in storePage(request, check: false) })
        store.post("/check", .page { _, request, _ in storePage(request, check: true) })
    }

    /// The store screen: its backends and counts, and (`check`) the report of a check of it.
    func storePage(_ request: WebRequest, check: Bool) -> HTTPResponse {
        let t = request.strings
        let formats = Formats(language: request.language)
        var status: StoreStatus?, report: StoreCheck?, failure: KeepsakeError?
        do {
            if check { report = try StoreCheck(of: apps.maintenanceStore(for: request.account), repair: request.field("repair") == "1") }
            status = try store.status()
        } catch {
            failure = KeepsakeError.wrapping(error)
        }
        var body: HTML = """
            <div class="page-head"><h1>\(t[.store])</h1></div>
            \(PageLayout.listError(failure, request))
            """
        if let status {
            let rows: [HTML] = status.collections.map {
                "<tr><th scope=\"row\">\($0.name)</th><td>\($0.live)</td><td>\($0.trashed)</td><td>\($0.images)</td><td>\(formats.bytes($0.bytes))</td></tr>"
            }
            body += """
                <dl class="facts">
                <dt>\(t[.database])</dt><dd>\(StoreMarkup.backend(status.metadata, formats))</dd>
                <dt>\(t[.imageStorage])</dt><dd>\(StoreMarkup.backend(status.blobs, formats))</dd>
                <dt>\(t[.imaging])</dt><dd>\(status.imageProcessor)</dd>
                <dt>\(t[.photoStorageLabel])</dt><dd class="photo-storage">\(t.photoStorage(store.options.encodingPolicy))</dd>
                <dt>\(t[.inFlight])</dt><dd>\(status.intentsInFlight)</dd>
                </dl>
                <table class="data"><thead><tr><th scope="col">\(t[.collection])</th><th scope="col">\(t[.live])</th><th scope="col">\(t[.trashed])</th>\
                <th scope="col">\(t[.images])</th><th scope="col">\(t[.size])</th></tr></thead><tbody>\(rows)</tbody>
                <tfoot><tr><th scope="row">\(t[.total])</th><td colspan="2">\(status.totalRecords)</td><td>\(status.totalImages)</td><td>\(formats.bytes(status.totalBytes))</td></tr></tfoot></table>
                """
        }
        if let report {
            body += StoreMarkup.fsckReport(report, request)
        }
        body += """
            <form method="post" action="/store/check" class="stack check-form">
            \(PageLayout.csrfField(request))
            <label class="check"><input type="checkbox" name="repair" value="1"> \(t[.repairToo])</label>
            <div class="form-actions"><button type="submit" class="primary">\(t[.checkStore])</button></div>
            <p class="hint">\(t[.checkExplanation])</p>
            </form>
            <p><a class="button" href="/store/import">\(t[.importFromOtherApps])</a></p>
            """
        return layout.render(Page(title: t[.store], section: .store, body: body), for: request)
    }
}
