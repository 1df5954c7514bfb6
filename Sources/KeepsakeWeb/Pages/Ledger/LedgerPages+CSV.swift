import Foundation
import KeepsakeHTTP
import KeepsakeLedger
import KeepsakeStore

extension LedgerPages {
    /// `GET /ledger/export.csv`: every live transaction as RFC 4180 CSV (see docs/LEDGER.md).
    func exportCSV(_ request: WebRequest) -> HTTPResponse {
        do {
            let text = try ledger.exportCSV()
            var response = HTTPResponse(status: .ok, headers: ["Content-Type": "text/csv; charset=utf-8"], body: .data(Data(text.utf8)))
            response.headers.set("Content-Disposition", "attachment; filename=\"keepsake-ledger.csv\"")
            return response
        } catch {
            return layout.errorPage(request, status: .internalServerError, title: request.strings[.exportCSV], message: "\(error)")
        }
    }

    /// The import form, and the report of an import.
    func importPage(_ request: WebRequest, report: LedgerImportReport?, error: String?, status: HTTPStatus = .ok) -> HTTPResponse {
        let t = request.strings
        var result: HTML = error.map { "<p class=\"error import-error\" role=\"alert\">\($0)</p>" } ?? .empty
        if let report {
            let invalid: [HTML] = report.invalid.prefix(50).map { "<li>\(t.line($0.line)): \($0.reason)</li>" }
            result += """
                <div class="banner import-report" role="status"><p>\(t.importSummary(imported: report.imported.count, duplicates: report.duplicates.count, invalid: report.invalid.count))</p>
                \(invalid.isEmpty ? HTML.empty : "<ul>\(invalid)</ul>")
                <p><a href="/ledger">\(t[.ledger])</a></p></div>
                """
        }
        let body: HTML = """
            <h1>\(t[.importCSV])</h1>
            \(result)
            <p class="hint">\(t[.importExplanation])</p>
            <pre class="csv-sample">id,date,kind,amount,currency,category,memo,splits</pre>
            <form method="post" action="/ledger/import" enctype="multipart/form-data" class="stack">
            \(PageLayout.csrfField(request))
            <label>\(t[.csvFile]) <input type="file" name="csv" accept=".csv,text/csv" required></label>
            <label class="check"><input type="checkbox" name="skipInvalid" value="1"> \(t[.skipInvalidRows])</label>
            <div class="form-actions"><button type="submit" class="primary">\(t[.importCSV])</button>
            <a class="button" href="/ledger">\(t[.cancel])</a></div>
            </form>
            """
        return layout.render(Page(title: t[.importCSV], section: .ledger, body: body, status: status), for: request)
    }

    /// `POST /ledger/import`: validates every row first; imports all or nothing (or only the valid
    /// rows when asked), and shows the report.
    func importCSV(_ request: WebRequest) -> HTTPResponse {
        let t = request.strings
        do {
            try writes.checkUploads(request.http.files, strings: t)
        } catch {
            return importPage(request, report: nil, error: error.message, status: error.status)
        }
        guard let file = request.http.files.first(where: { $0.fieldName == "csv" }) else {
            return importPage(request, report: nil, error: t[.chooseCSVFile], status: .badRequest)
        }
        guard let data = try? Data(contentsOf: file.url), let text = String(data: data, encoding: .utf8) else {
            return importPage(request, report: nil, error: t[.csvNotUTF8], status: .badRequest)
        }
        do {
            let report = try writer.importCSV(text, skipInvalid: request.field("skipInvalid") == "1", language: request.language)
            return importPage(request, report: report, error: nil)
        } catch {
            return importPage(request, report: nil, error: error.error.message, status: .badRequest)
        }
    }
}
