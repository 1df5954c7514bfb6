import Foundation
import KeepsakeHTTP
import KeepsakeStore
import KeepsakeTestSupport
@testable import KeepsakeWeb
import Testing

/// Issue 22's rule proven on every route: each route of the JSON API's table
/// (``WebApp/apiRoutes(thumbnailSizes:document:)``) and of the web app's router (the pages) is
/// called, with the path parameters filled with A's record, photo and book ids, by callers who may
/// not read them (404, never 403, never A's data), who may only read them (403 on a write), and by
/// tokens that are read-only or limited to one book; every answer is searched for A's ids and
/// texts, and A's records are re-read as the operator afterwards. A route this file does not know
/// how to call fails the test, naming the route: a new route must say how it is checked.
@Suite(.serialized) struct AuthorizationMatrixTests {
    /// What calling a route does to A's things.
    enum Kind {
        /// Reads one of A's things (path parameters are A's): 200 for a reader, 404 for anyone else.
        case read
        /// Changes one of A's things: 403 for a reader who may not write, 404 for anyone else
        /// (never called for a caller who may write, so A's things stay as they are).
        case write
        /// Creates a record in the caller's own book: allowed to an account, 403 to a read-only token.
        case create
        /// A list, search, feed, report or status: 200, and nothing of A's the caller may not read.
        case list
        /// Anything else (the document, the login page): any answer in `statuses`, nothing of A's.
        case meta(Set<Int>)
    }

    /// How to call one route.
    struct Entry {
        let kind: Kind
        var query = ""
        var arguments: [String] = []
    }

    static let json = ["-H", "Content-Type: application/json", "--data-binary"]
    static let photo = ["-F", "image=@\(Photos.tiny.path);type=image/png"]

    /// Every route of the API, by `METHOD path` as the table has it.
    static func apiEntries() -> [String: Entry] {
        var entries: [String: Entry] = [
            "GET /api/v1/openapi.json": Entry(kind: .meta([200])),
            "GET /api/v1/me": Entry(kind: .list),
            "GET /api/v1/changes": Entry(kind: .list),
            "GET /api/v1/store/status": Entry(kind: .list),
            "POST /api/v1/store/fsck": Entry(kind: .meta([403])),
            "GET /api/v1/diary/calendar": Entry(kind: .list, query: "?month=2025-06"),
            "GET /api/v1/diary/statistics": Entry(kind: .list, query: "?from=2025-06-01&until=2025-07-01"),
            // A's entry is on 2025-06-14, B's on 2026-06-14: each list would show A's day to a stranger.
            "GET /api/v1/diary/year": Entry(kind: .list, query: "?year=2025"),
            "GET /api/v1/diary/on-this-day": Entry(kind: .list, query: "?day=2026-06-14"),
            // A's entry of 14 June 2025 would be yesterday's streak and a count: a stranger sees neither.
            "GET /api/v1/diary/insights": Entry(kind: .list, query: "?from=2025-01-01&until=2026-01-01&today=2025-06-15"),
            "GET /api/v1/ledger/reports/monthly": Entry(kind: .list, query: "?year=2025"),
            "GET /api/v1/ledger/reports/categories": Entry(kind: .list, query: "?year=2025"),
            "GET /api/v1/ledger/export.csv": Entry(kind: .list, query: "?trash=true"),
            // Recurring rules (ledger-recurring) live in the ledger's books, next to the transactions
            // they make: a reader of A's ledger book reads them, nobody else.
            "GET /api/v1/ledger/recurring": Entry(kind: .list),
            "POST /api/v1/ledger/recurring": Entry(kind: .create, arguments: json + [#"{"frequency":"weekly","weekday":1,"start":"2090-01-01","amount":"5","currency":"KRW","category":"matrix"}"#]),
            "GET /api/v1/ledger/recurring/upcoming": Entry(kind: .list, query: "?through=\(CalendarDay(containing: Date()).adding(days: 700))"),
            "GET /api/v1/ledger/recurring/{id:uuid}": Entry(kind: .read),
            "PATCH /api/v1/ledger/recurring/{id:uuid}": Entry(kind: .write, arguments: ["-X", "PATCH"] + json + [#"{"memo":"pwned"}"#]),
            "DELETE /api/v1/ledger/recurring/{id:uuid}": Entry(kind: .write, arguments: ["-X", "DELETE"]),
            // Money accounts and transfers (ledger-account) live in the ledger's books, next to the transactions: a reader of
            // A's ledger book reads them, nobody else.
            "GET /api/v1/ledger/accounts": Entry(kind: .list, query: "?on=2025-12-31"),
            "POST /api/v1/ledger/accounts": Entry(kind: .create, arguments: json + [#"{"name":"MatrixAccount","kind":"cash","currency":"KRW"}"#]),
            "GET /api/v1/ledger/accounts/{id:uuid}": Entry(kind: .read),
            "PATCH /api/v1/ledger/accounts/{id:uuid}": Entry(kind: .write, arguments: ["-X", "PATCH"] + json + [#"{"name":"pwned"}"#]),
            "DELETE /api/v1/ledger/accounts/{id:uuid}": Entry(kind: .write, arguments: ["-X", "DELETE"]),
            "GET /api/v1/ledger/transfers": Entry(kind: .list, query: "?month=2025-06"),
            // A transfer between A's two accounts: a change of A's things, 403 to a reader, 404 to anyone else.
            "POST /api/v1/ledger/transfers": Entry(kind: .write, arguments: json + [#"{"date":"2026-01-02","from":"{accountA}","to":"{accountA2}","amount":"5"}"#]),
            "GET /api/v1/ledger/transfers/{id:uuid}": Entry(kind: .read),
            "DELETE /api/v1/ledger/transfers/{id:uuid}": Entry(kind: .write, arguments: ["-X", "DELETE"]),
            // Budgets (ledger-budget) live in the ledger's books, next to the transactions: a reader of
            // A's ledger book reads them, nobody else.
            "GET /api/v1/ledger/budgets": Entry(kind: .list, query: "?month=2025-06"),
            "PUT /api/v1/ledger/budgets": Entry(kind: .create, arguments: ["-X", "PUT"] + json + [#"{"month":"2026-01","category":"matrix","amount":"5","currency":"KRW"}"#]),
            "GET /api/v1/ledger/budgets/report": Entry(kind: .list, query: "?month=2025-06"),
            "GET /api/v1/ledger/budgets/{id:uuid}": Entry(kind: .read),
            "DELETE /api/v1/ledger/budgets/{id:uuid}": Entry(kind: .write, arguments: ["-X", "DELETE"]),
        ]
        let creates = [
            "diary": json + [#"{"emotion":"joy","title":"MatrixNew"}"#],
            "ledger": json + [#"{"date":"2026-01-02","kind":"expense","amount":"5","currency":"KRW","category":"matrix"}"#],
            "feed": json + [#"{"title":"MatrixNew"}"#],
        ]
        let patches = ["diary": #"{"title":"pwned"}"#, "ledger": #"{"memo":"pwned"}"#, "feed": #"{"title":"pwned"}"#]
        for (app, base) in [("diary", "/api/v1/diary/entries"), ("ledger", "/api/v1/ledger/transactions"), ("feed", "/api/v1/feed/posts")] {
            let record = base + "/{id:uuid}"
            entries["GET \(base)"] = Entry(kind: .list)
            entries["POST \(base)"] = Entry(kind: .create, arguments: creates[app]!)
            entries["GET \(record)"] = Entry(kind: .read)
            entries["PATCH \(record)"] = Entry(kind: .write, arguments: ["-X", "PATCH"] + json + [patches[app]!])
            entries["DELETE \(record)"] = Entry(kind: .write, arguments: ["-X", "DELETE"])
            entries["POST \(record)/restore"] = Entry(kind: .write, arguments: ["-X", "POST"])
            entries["GET /api/v1/\(app)/trash"] = Entry(kind: .list)
            entries["DELETE /api/v1/\(app)/trash/{id:uuid}"] = Entry(kind: .write, arguments: ["-X", "DELETE"])
            entries["GET /api/v1/\(app)/search"] = Entry(kind: .list, query: "?q=Aardvark")
            if app == "ledger" {
                let receipt = record + "/receipt"
                entries["GET \(receipt)"] = Entry(kind: .read)
                entries["PUT \(receipt)"] = Entry(kind: .write, arguments: ["-X", "PUT"] + photo)
                entries["DELETE \(receipt)"] = Entry(kind: .write, arguments: ["-X", "DELETE"])
                entries["GET \(receipt)/original"] = Entry(kind: .read)
                entries["GET \(receipt)/thumbnails/{size:size}"] = Entry(kind: .read)
            } else {
                let images = record + "/images", image = images + "/{attachment:id}"
                entries["GET \(images)"] = Entry(kind: .read)
                entries["POST \(images)"] = Entry(kind: .write, arguments: photo)
                entries["PUT \(images)"] = Entry(kind: .write, arguments: ["-X", "PUT"] + json + [#"{"order":[{attachment}]}"#])
                entries["GET \(image)"] = Entry(kind: .read)
                entries["PUT \(image)"] = Entry(kind: .write, arguments: ["-X", "PUT"] + photo)
                entries["DELETE \(image)"] = Entry(kind: .write, arguments: ["-X", "DELETE"])
                entries["GET \(image)/original"] = Entry(kind: .read)
                entries["GET \(image)/thumbnails/{size:size}"] = Entry(kind: .read)
            }
        }
        return entries
    }

    /// Every route of the pages (and the app's other non-API routes), by `METHOD pattern`.
    static func pageEntries() -> [String: Entry] {
        let form = ["title=pwned", "text=pwned", "contents=pwned", "emotion=joy", "intensity=3", "kind=expense", "amount=1",
                    "currency=KRW", "category=pwned", "memo=pwned", "date=2026-01-01"].flatMap { ["--form-string", $0] }
        var entries: [String: Entry] = [
            "GET /": Entry(kind: .meta([303])),
            "GET /assets/{file}": Entry(kind: .meta([200, 404])),
            // The same for every account and none: the installable app's manifest and service worker.
            "GET /manifest.webmanifest": Entry(kind: .meta([200])),
            "GET /sw.js": Entry(kind: .meta([200])),
            "GET /images/{record:uuid}/{attachment:id}/{variant}": Entry(kind: .read),
            "GET /changes": Entry(kind: .list),
            "GET /lang/{code}": Entry(kind: .meta([303])),
            "GET /login": Entry(kind: .meta([200, 303])),
            "POST /login": Entry(kind: .meta([303, 400, 401, 403])),
            "POST /logout": Entry(kind: .meta([303])),
            "GET /diary/search": Entry(kind: .list, query: "?q=Aardvark"),
            "GET /diary/calendar": Entry(kind: .list, query: "?month=2025-06"),
            "GET /diary/chart": Entry(kind: .list),
            "GET /diary/year": Entry(kind: .list, query: "?year=2025"),
            "GET /diary/on-this-day": Entry(kind: .list, query: "?day=2026-06-14"),
            "GET /ledger/export.csv": Entry(kind: .list),
            "GET /ledger/import": Entry(kind: .list),
            "GET /ledger/recurring": Entry(kind: .list),
            "POST /ledger/recurring": Entry(kind: .create, arguments: form + ["frequency=monthly", "day=1", "start=2090-01-01"].flatMap { ["--form-string", $0] }),
            "POST /ledger/recurring/{id:uuid}/remove": Entry(kind: .write),
            "GET /ledger/accounts": Entry(kind: .list),
            "POST /ledger/accounts": Entry(kind: .create, arguments: form + ["--form-string", "name=MatrixAccount"]),
            // A transfer between A's two accounts, from another session: refused, A's balances unchanged.
            "POST /ledger/transfers": Entry(kind: .write, arguments: ["--form-string", "from={accountA}", "--form-string", "to={accountA2}",
                                                                       "--form-string", "amount=5", "--form-string", "date=2026-01-02"]),
            "POST /ledger/budgets": Entry(kind: .create, arguments: form),
            "POST /ledger/budgets/{id:uuid}/remove": Entry(kind: .write),
            // A CSV whose row takes the id of A's transaction: A's stays as it is.
            "POST /ledger/import": Entry(kind: .meta([200, 400]), arguments: ["-F", "csv=@{csv};type=text/csv"]),
            "GET /store/import": Entry(kind: .list),
            "POST /store/import": Entry(kind: .meta([400])),
            "GET /store": Entry(kind: .list),
            "POST /store/check": Entry(kind: .meta([200, 403])),
            // The caller's own account: nothing of A's on it, and a change touches only the caller.
            "GET /account": Entry(kind: .list),
            "POST /account/profile": Entry(kind: .meta([200, 303, 400])),
            // A device token is the caller's own; another's cannot be named (DeviceTokenTests: A's stays).
            "POST /account/device-token": Entry(kind: .meta([201]), arguments: ["--form-string", "device=matrix"]),
            "POST /account/devices/{token}/revoke": Entry(kind: .meta([404])),
            "POST /account/password": Entry(kind: .meta([200, 303, 400, 403, 429]),
                                            arguments: ["--form-string", "current=not-the-password", "--form-string", "new=pwned-pwned-pwned",
                                                        "--form-string", "repeat=pwned-pwned-pwned"]),
            // The caller's books; a new book is the caller's own.
            "GET /books": Entry(kind: .list),
            "POST /books": Entry(kind: .meta([200, 303, 400]), arguments: ["--form-string", "collection=diary", "--form-string", "name=MatrixBook"]),
            // A's diary book (V reads it as a viewer, B not at all): managing it is the owner's.
            "GET /books/{book:book}/delete": Entry(kind: .write),
            "POST /books/{book:book}/delete": Entry(kind: .write),
            "POST /books/{book:book}/rename": Entry(kind: .write, arguments: ["--form-string", "name=pwned"]),
            "POST /books/{book:book}/share": Entry(kind: .write, arguments: ["--form-string", "login={blogin}", "--form-string", "role=owner"]),
            "POST /books/{book:book}/role": Entry(kind: .write, arguments: ["--form-string", "account={aid}", "--form-string", "role=viewer"]),
            "POST /books/{book:book}/remove": Entry(kind: .write, arguments: ["--form-string", "account={aid}"]),
            // Admins only: nobody in the fixture is one, so the pages do not exist for them.
            "GET /people": Entry(kind: .meta([404])),
            "POST /people": Entry(kind: .meta([404]), arguments: ["--form-string", "login=mallory", "--form-string", "password=pwned-pwned-pwned"]),
            "POST /people/{account:account}/disable": Entry(kind: .meta([404])),
            "POST /people/{account:account}/enable": Entry(kind: .meta([404])),
            "POST /people/{account:account}/quota": Entry(kind: .meta([404]), arguments: ["--form-string", "quota=1TB"]),
            "POST /people/invitations": Entry(kind: .meta([404]), arguments: ["--form-string", "days=3", "--form-string", "admin=1"]),
            "POST /people/invitations/{invitation:invitation}/revoke": Entry(kind: .meta([404])),
            // Public, but only with the secret: a guessed one finds nothing and makes nothing.
            // (429 once the address has sent too many wrong secrets and passwords: the login throttle.)
            "GET /invite/{secret}": Entry(kind: .meta([404, 429])),
            "POST /invite/{secret}": Entry(kind: .meta([404, 429]), arguments: ["--form-string", "login=mallory", "--form-string", "password=pwned-pwned-pwned",
                                                                          "--form-string", "repeat=pwned-pwned-pwned", "--form-string", "timeZone=UTC"]),
        ]
        for app in ["diary", "ledger", "feed"] {
            entries["GET /\(app)"] = Entry(kind: .list, query: app == "ledger" ? "?month=2025-06" : "")
            entries["GET /\(app)/new"] = Entry(kind: .list)
            entries["POST /\(app)/new"] = Entry(kind: .create, arguments: form)
            entries["GET /\(app)/{id:uuid}/edit"] = Entry(kind: .read)
            entries["POST /\(app)/{id:uuid}/edit"] = Entry(kind: .write, arguments: form)
            entries["POST /\(app)/{id:uuid}/delete"] = Entry(kind: .write)
            entries["POST /\(app)/{id:uuid}/restore"] = Entry(kind: .write)
            if app != "ledger" {
                entries["GET /\(app)/{id:uuid}"] = Entry(kind: .read)
                entries["GET /\(app)/trash"] = Entry(kind: .list)
            }
        }
        return entries
    }

    /// The app (`diary`, `ledger`, `feed`, `ledger-budget` for the budgets or `ledger-recurring` for
    /// the recurring rules in the ledger's books) a path is of, if any.
    static func app(of path: String) -> String? {
        let segments = path.split(separator: "/").map(String.init)
        if segments.contains("ledger") && segments.contains("recurring") { return "ledger-recurring" }
        if segments.contains("ledger") && segments.contains("accounts") { return "ledger-account" }
        if segments.contains("ledger") && segments.contains("transfers") { return "ledger-transfer" }
        if segments.contains("ledger") && segments.contains("budgets") { return "ledger-budget" }
        let first = segments.first == "api" ? segments.dropFirst(2).first : segments.first
        return first.flatMap { ["diary", "ledger", "feed"].contains($0) ? $0 : nil }
    }

    /// The addresses a route's template stands for, filled with A's ids.
    static func fill(_ template: String, _ fixture: AuthorizationMatrixFixture) throws -> [String] {
        if template.contains("{record:uuid}") {
            return try ["diary", "feed"].flatMap { app -> [String] in
                let things = try #require(fixture.aThings[app])
                return ["original", "\(fixture.size)"].map {
                    template.replacingOccurrences(of: "{record:uuid}", with: things.record)
                        .replacingOccurrences(of: "{attachment:id}", with: things.attachment ?? "1").replacingOccurrences(of: "{variant}", with: $0)
                }
            }
        }
        let things = app(of: template).flatMap { fixture.aThings[$0] }
        // Restoring and purging are tried on a record of A's in the trash.
        let inTrash = template.hasSuffix("/restore") || template.contains("/trash/")
        return [template.replacingOccurrences(of: "{id:uuid}", with: (inTrash ? things?.trashed : things?.record) ?? "")
            .replacingOccurrences(of: "{attachment:id}", with: things?.attachment ?? "1")
            .replacingOccurrences(of: "{size:size}", with: "\(fixture.size)")
            .replacingOccurrences(of: "{code}", with: "ko").replacingOccurrences(of: "{file}", with: "app.css")
            .replacingOccurrences(of: "{book:book}", with: fixture.aBooks["diary"]?.string ?? "")
            .replacingOccurrences(of: "{account:account}", with: fixture.a.id.string)
            .replacingOccurrences(of: "{invitation:invitation}", with: fixture.invitation?.id.string ?? "")
            .replacingOccurrences(of: "{secret}", with: Self.guessedSecret)
            .replacingOccurrences(of: "{token}", with: String(repeating: "0", count: 40))]
    }

    /// A well-formed invitation secret that no invitation has.
    static let guessedSecret = String(repeating: "g", count: 43)

    /// Fails, naming them, for routes with no entry and entries with no route.
    static func checkCoverage(_ routes: [String], _ entries: [String: Entry], table: String) {
        for route in routes where entries[route] == nil {
            Issue.record("\(table) route \(route) is not in the authorization matrix: add how to call it to AuthorizationMatrixTests")
        }
        for key in entries.keys where !routes.contains(key) {
            Issue.record("the authorization matrix names \(key), which is no \(table) route (any more)")
        }
    }

    /// Checks that `body` holds none of `forbidden` except what the caller itself put in the address.
    static func expectNoLeak(_ body: String, _ forbidden: [String], address: String, _ what: String) {
        for marker in forbidden where !address.contains(marker) && body.contains(marker) {
            Issue.record("\(what) leaks \(marker) of A's: \(body.prefix(600))")
        }
        if body.range(of: #""entryCount":[1-9]"#, options: .regularExpression) != nil && forbidden.contains("AardvarkDiaryTitle") {
            Issue.record("\(what) counts A's diary entries of 2025: \(body.prefix(600))")
        }
    }

    @Test func aRouteTheMatrixDoesNotKnowFailsTheTestNamingIt() {
        withKnownIssue("a new route without an entry") {
            Self.checkCoverage(["GET /api/v1/diary/secrets/{id:uuid}"], [:], table: "API")
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("GET /api/v1/diary/secrets/{id:uuid} is not in the authorization matrix") }
        }
    }

    @Test(arguments: StoreBackends.all)
    func everyAPIRouteObeysTheRuleForEveryKindOfCaller(_ backend: StoreBackend) async throws {
        let fixture = try await AuthorizationMatrixFixture.make(backend)
        let routes = WebApp.apiRoutes(thumbnailSizes: fixture.web.store.options.thumbnailSizes.map(\.maxPixels))
        let entries = Self.apiEntries()
        Self.checkCoverage(routes.map { "\($0.method.rawValue) \($0.path)" }, entries, table: "API")
        let before = try fixture.aVersions()
        var calls = 0
        for caller in fixture.callers {
            let forbidden = fixture.forbidden(reads: caller.reads)
            for route in routes {
                let key = "\(route.method.rawValue) \(route.path)"
                guard let entry = entries[key] else { continue }
                let app = Self.app(of: route.path)
                let expected: Set<Int>
                switch entry.kind {
                case .read: expected = caller.reads.contains(app ?? "") ? [200] : [404]
                case .write:
                    if caller.writes.contains(app ?? "") { continue }
                    expected = caller.reads.contains(app ?? "") ? [403] : [404]
                case .create:
                    if caller.writes.contains(app ?? "") { continue }
                    expected = caller.name.contains("read-only") ? [403] : caller.name.contains("limited") ? [403, 404] : route.method == .put ? [200] : [201]
                case .list: expected = [200]
                case .meta(let statuses): expected = statuses
                }
                for address in try Self.fill(route.path, fixture) {
                    let things = app.flatMap { fixture.aThings[$0] }
                    let accounts = fixture.aThings["ledger-account"]
                    let arguments = entry.arguments.map {
                        $0.replacingOccurrences(of: "{attachment}", with: things?.attachment ?? "1")
                            .replacingOccurrences(of: "{accountA}", with: accounts?.record ?? "").replacingOccurrences(of: "{accountA2}", with: accounts?.trashed ?? "")
                    }
                    let method = route.method == .get || arguments.contains("-X") || arguments.contains("-F") || arguments.contains("--data-binary")
                        ? [] : ["-X", route.method.rawValue]
                    // Once plainly, and for a record the caller may not read, once more with a
                    // precondition on its version: a 304 or 412 would tell that the id exists.
                    var variants: [(headers: [String], expected: Set<Int>)] = [([], expected)]
                    if expected == [404], case .read = entry.kind {
                        variants.append((["-H", #"If-None-Match: "v1", "v2", "v3", "v4", "v5""#], [404]))
                        variants.append((["-H", "Range: bytes=0-9"], [404]))
                        variants.append((["-I"], [404, 405, 501]))
                    }
                    if expected == [404], case .write = entry.kind { variants.append((["-H", #"If-Match: "v999""#], [404])) }
                    for variant in variants {
                        let response = try await curl(["-H", "Authorization: Bearer \(caller.token)", "-H", "Idempotency-Key: \(UUID().uuidString)"]
                                                      + variant.headers + method + arguments + [fixture.web.url(address + entry.query)])
                        calls += 1
                        let what = "\(caller.name): \(route.method.rawValue) \(address + entry.query) \(variant.headers.last ?? "") (\(key))"
                        #expect(variant.expected.contains(response.status),
                                "\(what) answered \(response.status), expected \(variant.expected.sorted()): \(response.text.prefix(400))")
                        Self.expectNoLeak(response.text, forbidden, address: address, what)
                    }
                }
            }
        }
        #expect(try fixture.aVersions() == before, "no call changed any of A's records")
        #expect(calls >= routes.count * fixture.callers.count / 2)
    }

    @Test(arguments: StoreBackends.all)
    func everyPageRouteObeysTheRuleForSessionsOfOtherAccounts(_ backend: StoreBackend) async throws {
        let fixture = try await AuthorizationMatrixFixture.make(backend)
        let prefix = WebApp.apiPrefix + "/"
        let routes = fixture.web.app.routes.filter { !$0.pattern.description.hasPrefix(prefix) }
        let entries = Self.pageEntries()
        Self.checkCoverage(routes.map { "\($0.method.rawValue) \($0.pattern)" }, entries, table: "page")
        let before = try fixture.aVersions()
        // Logging out ends the session: last.
        let ordered = routes.filter { $0.pattern.description != "/logout" } + routes.filter { $0.pattern.description == "/logout" }
        for session in fixture.sessions {
            let forbidden = fixture.forbidden(reads: session.reads)
            let jar = session.jar
            let page = try await curl(["-b", jar, "-c", jar, fixture.web.url("/diary/new")])
            let csrf = try #require(page.csrfToken, "\(session.name) opens a form: \(page.status)")
            let csv = fixture.web.directory.appending("\(session.name.prefix(1)).csv")
            try Data("id,date,kind,amount,currency,category,memo\n\(fixture.aThings["ledger"]?.record ?? ""),2026-01-05,expense,5,KRW,pwned,pwned\n".utf8).write(to: csv)
            for route in ordered {
                let key = "\(route.method.rawValue) \(route.pattern)"
                guard let entry = entries[key] else { continue }
                let reads = session.reads.contains(Self.app(of: route.pattern.description) ?? (key.hasPrefix("GET /images/") ? "diary" : ""))
                let expected: Set<Int>
                switch entry.kind {
                case .read: expected = !reads ? [404] : key.hasSuffix("/edit") ? [200, 403] : [200]
                case .write: expected = reads ? [403] : [403, 404]
                case .create: expected = [200, 303, 400]
                case .list: expected = [200]
                case .meta(let statuses): expected = statuses
                }
                for address in try Self.fill(route.pattern.description, fixture) {
                    // The feed's photos are not V's to read: only the diary's are.
                    let expectation = key.hasPrefix("GET /images/") && reads && address.contains(fixture.aThings["feed"]?.record ?? "-") ? [404] : expected
                    let form = route.method == .post ? ["-F", "_csrf=\(csrf)"] + entry.arguments.map {
                        $0.replacingOccurrences(of: "{csv}", with: csv.path).replacingOccurrences(of: "{aid}", with: fixture.a.id.string)
                            .replacingOccurrences(of: "{blogin}", with: fixture.b.login.name)
                            .replacingOccurrences(of: "{accountA}", with: fixture.aThings["ledger-account"]?.record ?? "")
                            .replacingOccurrences(of: "{accountA2}", with: fixture.aThings["ledger-account"]?.trashed ?? "")
                    } : []
                    if expectation == [404], case .read = entry.kind {
                        for extra in [["-H", "Range: bytes=0-9"], ["-H", #"If-None-Match: "v1", "v2", "v3""#]] {
                            let again = try await curl(["-b", jar, "-c", jar] + extra + [fixture.web.url(address + entry.query)])
                            #expect(again.status == 404, "\(session.name): GET \(address) with \(extra[1]) answered \(again.status)")
                        }
                        let head = try await curl(["-b", jar, "-c", jar, "-I", fixture.web.url(address + entry.query)])
                        #expect([404, 405, 501].contains(head.status), "\(session.name): HEAD \(address) answered \(head.status)")
                    }
                    let response = try await curl(["-b", jar, "-c", jar] + form + [fixture.web.url(address + entry.query)])
                    let what = "\(session.name): \(route.method.rawValue) \(address + entry.query) (\(key))"
                    #expect(expectation.contains(response.status), "\(what) answered \(response.status), expected \(expectation.sorted()): \(response.text.prefix(400))")
                    // The CSV of POST /ledger/import carries the id of A's transaction: a session that
                    // cannot read it gets its row imported under a new id, which confirms nothing.
                    Self.expectNoLeak(response.text, forbidden, address: address, what)
                }
            }
        }
        #expect(try fixture.aVersions() == before, "no form changed any of A's records")
        let invitations = try fixture.web.store.invitations()
        #expect(invitations.map(\.id) == [try #require(fixture.invitation).id] && invitations.allSatisfy { !$0.isUsed },
                "no form revoked or used the operator's invitation: \(invitations)")
        #expect(throws: KeepsakeError.self) { try fixture.web.store.account(login: try LoginName("mallory")) }
    }
}

extension AuthorizationMatrixTests {
    @Test func aLongPollOfTheChangeFeedIsWokenByAChangeOfAsButShowsNothingOfIt() async throws {
        let fixture = try await AuthorizationMatrixFixture.make(.embedded)
        let b = try #require(fixture.callers.first { $0.name == "B's token" })
        let a = try #require(fixture.callers.first { $0.name == "A's own token" })
        let first = try await curl(["-H", "Authorization: Bearer \(b.token)", fixture.web.url("/api/v1/changes")])
        let next = try #require(try APIFixture.object(first)["next"] as? Int)
        let url = fixture.web.url("/api/v1/changes?after=\(next)&wait=5")
        let waiting = Task { try await curl(["-H", "Authorization: Bearer \(b.token)", url]) }
        try await Task.sleep(for: .milliseconds(500))
        let entry = try #require(fixture.aThings["diary"]?.record)
        let patch = try await curl(["-H", "Authorization: Bearer \(a.token)", "-X", "PATCH", "-H", "Content-Type: application/json",
                                    "--data-binary", #"{"title":"AardvarkWoken"}"#, fixture.web.url("/api/v1/diary/entries/\(entry)")])
        try #require(patch.status == 200, "\(patch.text)")
        let answer = try await waiting.value
        #expect(answer.status == 200)
        Self.expectNoLeak(answer.text, fixture.forbidden(reads: []) + ["AardvarkWoken"], address: url, "B's long poll")
    }
}
