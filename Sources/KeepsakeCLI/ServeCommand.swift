import Foundation
import KeepsakeStore
import KeepsakeWeb

/// `keepsake serve`: the local web app (diary, ledger, feed, store) on this machine's browser.
enum ServeCommand {
    static let help = """
        Usage: keepsake [--store DIR] serve [--host 127.0.0.1] [--port 8080] [--password P] [--no-demo]

        Serves the Keepsake web app: the diary (timeline, calendar, emotion chart, compose with up to
        10 ordered photos, search, trash), the ledger (months, totals, receipts, chart, CSV export
        and import), the feed (posts with photos, paging, trash) and the store (status, check).
        It prints the address to open and runs until Ctrl-C (SIGINT) or SIGTERM.

        Programs use the JSON API at /api/v1/ (docs/API.md, /api/v1/openapi.json) with a token
        from keepsake token create; the pages' password and sessions do not apply to it.

        The CLI and the web app can use the same store at once; each sees the other's changes.
        An empty store is first filled with demo data, unless --no-demo is given.

        Session cookies are signed with a secret kept in the store itself (made on first use;
        a store served before kept it in web-session-secret, which is adopted): every server of
        the store shares it, on one machine or several, so a login is good on all of them and
        survives a restart. Logouts are kept in the store too, so one ends a session everywhere.

        Options:
          --host ADDR      The IPv4 address to listen on (default 127.0.0.1: this machine only).
                           Any other address (0.0.0.0 for every interface) requires a password.
          --port N         The TCP port (default 8080; 0 picks a free one).
          --password P     Ask for this password once per browser (also KEEPSAKE_PASSWORD). The
                           connection is plain HTTP: on a network you do not trust, use an SSH
                           tunnel to 127.0.0.1 instead.
          --no-demo        Do not fill an empty store with demo data.

        Examples:
          keepsake serve
          keepsake --store /tmp/demo serve --port 0 --no-demo
          KEEPSAKE_PASSWORD=correct-horse keepsake serve --host 0.0.0.0 --port 8443
        """

    static func run(_ arguments: [String]) async throws -> Int32 {
        let parsed = try CommandLineArguments(arguments, valueFlags: ["--store", "--host", "--port", "--password"],
                                              switchFlags: ["--help", "--no-demo"])
        if parsed.has("--help") {
            print(help)
            return 0
        }
        guard parsed.positionals.isEmpty else {
            throw UsageError(description: "serve takes no arguments; see keepsake serve --help.")
        }
        var host = parsed.value("--host") ?? WebConfiguration.loopbackHost
        if host == "localhost" { host = WebConfiguration.loopbackHost }
        var port: UInt16 = 8080
        if let text = parsed.value("--port") {
            guard let number = UInt16(text) else {
                throw UsageError(description: "--port takes a number from 0 to 65535, not \(text).")
            }
            port = number
        }
        let environmentPassword = ProcessInfo.processInfo.environment["KEEPSAKE_PASSWORD"]
        let password = [parsed.value("--password"), environmentPassword].compactMap { $0 }.first { !$0.isEmpty }
        let octets = host.split(separator: ".", omittingEmptySubsequences: false)
        guard octets.count == 4, octets.allSatisfy({ !$0.isEmpty && $0.count <= 3 && $0.allSatisfy(\.isASCII) && UInt8($0) != nil }) else {
            throw UsageError(description: "--host takes an IPv4 address such as 127.0.0.1 or 0.0.0.0, not \(CommandLineArguments.quoted(host)).")
        }
        if host != WebConfiguration.loopbackHost && password == nil {
            throw UsageError(description: "Listening on \(host) makes Keepsake reachable from other machines, so a password is required: "
                             + "pass --password P or set KEEPSAKE_PASSWORD (or leave --host at 127.0.0.1).")
        }

        let store = try KeepsakeCommand.openStore(parsed)
        if !parsed.has("--no-demo") {
            try await fillWithDemoDataIfEmpty(store, arguments: parsed)
        }
        // Every server of this store signs its session cookies with the store's one secret, so a
        // browser's login and form tokens are good on all of them.
        let secret: Data
        do {
            secret = try SessionSecret.loadOrCreate(for: store)
        } catch let error as WebError {
            throw CommandFailure(message: error.message)
        }
        let configuration = WebConfiguration(host: host, port: port, password: password, sessionSecret: secret, errorLog: { line in
            FileHandle.standardError.write(Data("keepsake serve: \(line)\n".utf8))
        })
        let app: WebApp
        do {
            app = try WebApp(store: store, configuration: configuration)
        } catch let error as WebError {
            throw UsageError(description: error.message)
        }
        let server: WebServer
        do {
            server = try WebServer(app: app)
        } catch let error as WebError {
            throw CommandFailure(message: error.message)
        }
        var lines = ["Keepsake is serving \(store.location.dataDirectory.path)", "Open \(server.baseURL.absoluteString)"]
        if server.address != WebConfiguration.loopbackHost {
            lines.append("Listening on \(server.address): other machines can connect; the page asks for the password.")
        }
        if !app.hasCharts { lines.append("Chart.js (libjs-chart.js) is not installed: charts are shown as tables.") }
        if !app.hasSortable { lines.append("SortableJS (libjs-sortable) is not installed: photos are reordered with buttons.") }
        lines.append("Press Ctrl-C to stop.")
        // Written at once and unbuffered: scripts (and the browser tests) read the address from here.
        FileHandle.standardOutput.write(Data((lines.joined(separator: "\n") + "\n").utf8))

        let signal = await TerminationSignal.wait()
        FileHandle.standardOutput.write(Data("Stopping (signal \(signal))…\n".utf8))
        server.stop()
        FileHandle.standardOutput.write(Data("Stopped.\n".utf8))
        return 0
    }

    /// Fills an empty store (no records at all, trash included) with demo data so that a new user
    /// sees something at once, through `keepsake demo` (``DemoCommand``) on the same store.
    static func fillWithDemoDataIfEmpty(_ store: Store, arguments: CommandLineArguments) async throws {
        guard try store.status().totalRecords == 0 else { return }
        FileHandle.standardOutput.write(Data("The store is empty: adding demo data (use --no-demo to start empty).\n".utf8))
        let demoArguments = arguments.value("--store").map { ["--store", $0] } ?? []
        _ = try await DemoCommand.run(demoArguments)
        fflush(nil)  // its summary comes before the address
    }
}
