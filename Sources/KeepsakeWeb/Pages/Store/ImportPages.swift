import Foundation
import KeepsakeDiary
import KeepsakeHTTP
import KeepsakeForeignImport
import KeepsakeLedger
import KeepsakeStore

/// The import from other apps under `/store/import` (Day One, Daylio, Journey, bank statements):
/// the form, the import of an uploaded export, and its report, on the thread that answers the request.
struct ImportPages: Sendable {
    /// The store and apps of the request's caller.
    let apps: CallerApps
    /// The store imported into, as the request's caller sees it.
    var store: Store { apps.store }
    /// The diary the diary imports write to.
    var diary: Diary { apps.diary }
    /// The ledger the statement imports write to.
    var ledger: Ledger { apps.ledger }
    /// The site layout and the error pages.
    let layout: PageLayout
    /// The upload limits.
    let writes: WritePath

    /// Adds the import's routes to the `/store` group.
    func addRoutes(to store: inout Router<WebRoute>) {
        store.get("/import", .page { _, request, _ in importFormPage(request, report: nil, error: nil) })
        store.post("/import", .page { _, request, _ in runUploadedImport(request) })
    }

    /// The form, and the report of an import (or the error that stopped it).
    func importFormPage(_ request: WebRequest, report: ImportReport?, error: String?, status: HTTPStatus = .ok) -> HTTPResponse {
        let t = request.strings
        let text = ImportPageText(language: request.language)
        let formats = Formats(language: request.language)
        var result: HTML = error.map { "<p class=\"error import-error\" role=\"alert\">\($0)</p>" } ?? .empty
        if let report { result += reportSection(report, text: text) }
        let kind = request.field("kind")
        func option(_ value: String, _ label: String) -> HTML {
            "<option value=\"\(value)\"\(kind == value ? " selected" : "")>\(label)</option>"
        }
        let emotions: [HTML] = Emotion.allCases.map { emotion in
            let mark = request.field("emotion") == emotion.rawValue || (request.field("emotion").isEmpty && emotion == .calm) ? " selected" : ""
            return "<option value=\"\(emotion.rawValue)\"\(mark)>\(emotion.displayName(language: request.language.rawValue))</option>"
        }
        let choices: [(value: String, label: String)] = [("", text.refuseRounding)] + AmountRounding.allCases.map { ($0.rawValue, $0.rawValue) }
        let rounding: [HTML] = choices.map { choice in
            "<option value=\"\(choice.value)\"\(request.field("round") == choice.value ? " selected" : "")>\(choice.label)</option>"
        }
        let body: HTML = """
            <div class="page-head"><h1>\(text.title)</h1></div>
            \(result)
            <p class="hint">\(text.explanation)</p>
            <form method="post" action="/store/import" enctype="multipart/form-data" class="stack import-form">
            \(PageLayout.csrfField(request))
            <label>\(text.source) <select name="kind" required>
            \(option("dayone", text.dayOne))\(option("daylio", text.daylio))\(option("journey", text.journey))\(option("ledger", text.statement))
            </select></label>
            <label>\(text.file) <input type="file" name="export" required></label>
            <p class="hint">\(text.sizeLimit(formats.bytes(Int64(writes.limits.maxFileBytes))))</p>
            <fieldset><legend>\(text.diaryOptions)</legend>
            <label>\(text.emotion) <select name="emotion">\(emotions)</select></label>
            <label>\(text.timeZone) <input type="text" name="timeZone" value="\(request.field("timeZone").isEmpty ? TimeZone.current.identifier : request.field("timeZone"))"></label>
            <label class="check"><input type="checkbox" name="keepLocation" value="1"\(request.field("keepLocation") == "1" ? " checked" : "")> \(text.keepLocation)</label>
            </fieldset>
            <fieldset><legend>\(text.ledgerOptions)</legend>
            <label>\(text.rules) <input type="file" name="rules"></label>
            <label>\(text.currency) <input type="text" name="currency" value="\(request.field("currency"))" maxlength="3" placeholder="USD"></label>
            <label>\(text.round) <select name="round">\(rounding)</select></label>
            <label>\(text.account) <input type="text" name="account" value="\(request.field("account"))" maxlength="50"></label>
            <label>\(text.transferAccount) <input type="text" name="transferAccount" value="\(request.field("transferAccount"))" maxlength="50"></label>
            <label class="check"><input type="checkbox" name="skipInvalid" value="1"\(request.field("skipInvalid") == "1" ? " checked" : "")> \(t[.skipInvalidRows])</label>
            </fieldset>
            <label class="check"><input type="checkbox" name="dryRun" value="1"\(request.field("dryRun") == "1" ? " checked" : "")> \(text.dryRun)</label>
            <div class="form-actions"><button type="submit" class="primary">\(text.run)</button>
            <a class="button" href="/store">\(t[.cancel])</a></div>
            </form>
            """
        return layout.render(Page(title: text.title, section: .store, body: body, status: status), for: request)
    }

    private func reportSection(_ report: ImportReport, text: ImportPageText) -> HTML {
        func list(_ title: String, _ className: String, _ issues: [ImportIssue]) -> HTML {
            guard !issues.isEmpty else { return .empty }
            let items: [HTML] = issues.prefix(200).map { "<li><strong>\($0.location)</strong>: \($0.reason)</li>" }
            let more: HTML = issues.count > 200 ? "<li>… \(issues.count - 200)</li>" : .empty
            return "<h3>\(title) (\(issues.count))</h3><ul class=\"\(className)\">\(items)\(more)</ul>"
        }
        let imported: [HTML] = report.imported.prefix(200).map { "<li>\($0.summary)</li>" }
        let importedList: HTML = imported.isEmpty ? .empty
            : "<h3>\(report.dryRun ? text.wouldImport : text.imported) (\(report.imported.count))</h3><ul class=\"import-imported\">\(imported)</ul>"
        let destination: HTML = report.source.isDiary ? "<a href=\"/diary\">\(text.openDiary)</a>" : "<a href=\"/ledger\">\(text.openLedger)</a>"
        return """
            <section class="import-report" role="status" data-imported="\(report.imported.count)" data-skipped="\(report.skipped.count)" data-refused="\(report.refused.count)">
            <h2>\(text.reportTitle)</h2>
            <p class="import-summary">\(text.summary(report))</p>
            \(importedList)
            \(list(text.skipped, "import-skipped", report.skipped))
            \(list(text.refused, "import-refused", report.refused))
            \(list(text.notes, "import-notes", report.notes))
            <p>\(destination)</p>
            </section>
            """
    }

    /// Runs the importer the form asks for over the uploaded file.
    func runUploadedImport(_ request: WebRequest) -> HTTPResponse {
        let text = ImportPageText(language: request.language)
        do {
            try writes.checkUploads(request.http.files, strings: request.strings)
        } catch {
            return importFormPage(request, report: nil, error: error.message, status: error.status)
        }
        guard let upload = request.http.files.first(where: { $0.fieldName == "export" && $0.byteCount > 0 }) else {
            return importFormPage(request, report: nil, error: text.chooseFile, status: .badRequest)
        }
        let kind = request.field("kind")
        let dryRun = request.field("dryRun") == "1"
        do {
            let importer: any Importer
            var refusals = ImportWriter.RefusalPolicy.importTheRest
            switch kind {
            case "dayone", "daylio", "journey":
                var options = DiaryImportOptions()
                options.emotion = Emotion(name: request.field("emotion")) ?? .calm
                options.keepLocation = request.field("keepLocation") == "1"
                let zone = request.field("timeZone").trimmingCharacters(in: .whitespaces)
                if !zone.isEmpty {
                    guard let timeZone = TimeZone(identifier: zone) else {
                        return importFormPage(request, report: nil, error: request.strings.unknownTimeZone(zone), status: .badRequest)
                    }
                    options.timeZone = timeZone
                }
                // An upload of at most a few tens of megabytes never needs more than this unpacked.
                options.maxUnpackedBytes = 4 << 30
                switch kind {
                case "dayone": importer = DayOneImporter(export: upload.url, diary: diary, options: options, displayName: upload.fileName)
                case "daylio": importer = DaylioImporter(file: upload.url, diary: diary, options: options, displayName: upload.fileName)
                default: importer = JourneyImporter(export: upload.url, diary: diary, options: options, displayName: upload.fileName)
                }
            case "ledger":
                var options = LedgerImportOptions()
                let code = request.field("currency").trimmingCharacters(in: .whitespaces)
                if !code.isEmpty { options.currency = try Currency(code: code) }
                options.rounding = AmountRounding(rawValue: request.field("round"))
                for (field, path) in [("account", \LedgerImportOptions.account), ("transferAccount", \LedgerImportOptions.transferAccount)] {
                    let name = request.field(field).trimmingCharacters(in: .whitespacesAndNewlines)
                    if !name.isEmpty { options[keyPath: path] = name }
                }
                var rules: CSVRules?
                if let rulesFile = request.http.files.first(where: { $0.fieldName == "rules" && $0.byteCount > 0 }) {
                    guard let rulesText = try? String(contentsOf: rulesFile.url, encoding: .utf8) else {
                        return importFormPage(request, report: nil, error: text.rulesNotUTF8, status: .badRequest)
                    }
                    rules = try CSVRules(parsing: rulesText)
                }
                switch try LedgerFileFormat.detect(upload.url) {
                case .keepsakeCSV:
                    return importFormPage(request, report: nil, error: text.useLedgerImport, status: .badRequest)
                case .statement(let source):
                    importer = try LedgerFileFormat.importer(source, file: upload.url, rules: rules, ledger: ledger, options: options,
                                                             displayName: upload.fileName)
                }
                if request.field("skipInvalid") != "1" { refusals = .nothingIfAnyRefused }
            default:
                return importFormPage(request, report: nil, error: text.chooseSource, status: .badRequest)
            }
            let report = try ImportWriter(store: store).write(try importer.plan(), dryRun: dryRun, refusals: refusals)
            return importFormPage(request, report: report, error: nil)
        } catch let error as ImportRefusedError {
            return importFormPage(request, report: error.report, error: UploadCheck.naming(error.message, after: request.http.files), status: .badRequest)
        } catch let error as KeepsakeError {
            return importFormPage(request, report: nil, error: UploadCheck.naming(error.message, after: request.http.files), status: .badRequest)
        } catch {
            return importFormPage(request, report: nil, error: "\(error)", status: .badRequest)
        }
    }
}
