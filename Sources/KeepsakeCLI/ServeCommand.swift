import Foundation
import KeepsakeStore
import KeepsakeSupport
import KeepsakeWeb

/// `keepsake serve`: the local web app (diary, ledger, feed, store) on this machine's browser.
struct ServeCommand: ParsableCommand {
    /// The command.
    static let command = Command(Self.self)
    /// Its name and help.
    static let configuration = CommandConfiguration(
        "serve", abstract: "The local web app for all three, in your browser (keepsake serve --help).", section: KeepsakeCommand.apps,
        discussion: """
            Serves the Keepsake web app: the diary (timeline, calendar, emotion chart, compose with up to
            10 ordered photos, search, trash), the ledger (months, totals, receipts, chart, CSV export
            and import), the feed (posts with photos, paging, trash) and the store (status, check).
            It prints the address to open and runs until Ctrl-C (SIGINT) or SIGTERM.

            People log in with their login name and password (keepsake user add, keepsake user
            passwd). --password P (or KEEPSAKE_PASSWORD) gives the store's first admin, login name
            admin, that password at start, so a server started as before accounts keeps working:
            log in as admin with it. On 127.0.0.1 with no password anywhere, no login is asked and
            the pages act as the first admin.

            Programs use the JSON API at /api/v1/ (docs/API.md, /api/v1/openapi.json) with a token
            from keepsake token create; it acts as the token's account, with the token's scopes.

            The CLI and the web app can use the same store at once; each sees the other's changes.
            An empty store is first filled with demo data, unless --no-demo is given.

            Session cookies are signed with a secret kept in the store itself (made on first use;
            a store served before kept it in web-session-secret, which is adopted): every server of
            the store shares it, on one machine or several, so a login is good on all of them and
            survives a restart. Logouts are kept in the store too, so one ends a session everywhere.

            --tls-cert and --tls-key serve HTTPS instead of HTTP (a phone on the home network needs
            it for the installable app and the camera): scripts/make-certificate makes a certificate
            and a small certificate authority to install on the phone (docs/WEB.md, Over HTTPS).
            With HTTPS the server sends Strict-Transport-Security and the session cookie is Secure.
            The files are read once at start: restart the server after renewing the certificate.
            """,
        printsJSON: false,
        examples: [
            "keepsake serve",
            "keepsake --store /tmp/demo serve --port 0 --no-demo",
            "KEEPSAKE_PASSWORD=correct-horse keepsake serve --host 0.0.0.0 --port 8443",
            "keepsake serve --host 0.0.0.0 --port 8443 --tls-cert certs/server.pem --tls-key certs/server-key.pem",
        ])

    /// The address to listen on.
    @Option("--host", .ipv4Address, help: """
        The IPv4 address to listen on (default 127.0.0.1: this machine only).
        Any other address (0.0.0.0 for every interface) requires a login: --password,
        or an account with a password.
        """)
    var host: String?
    /// The TCP port.
    @Option("--port", .port, help: "The TCP port (default 8080; 0 picks a free one).") var port: UInt16?
    /// The pages' password.
    @Option("--password", .text("P"), help: """
        Give the first admin (login name admin) this password at start (also
        KEEPSAKE_PASSWORD); the pages then ask for a login. Without --tls-cert
        the connection is plain HTTP: on a network you do not trust, serve
        HTTPS or use an SSH tunnel to 127.0.0.1.
        """)
    var password: String?
    /// The HTTPS certificate.
    @Option("--tls-cert", .file("FILE"), help: """
        Serve HTTPS with this certificate (PEM, the server's first, then any
        intermediates); needs --tls-key.
        """)
    var tlsCertificate: String?
    /// The HTTPS certificate's key.
    @Option("--tls-key", .file("FILE"), help: "The certificate's private key (PEM, without a passphrase); needs --tls-cert.")
    var tlsKey: String?
    /// Start empty.
    @Flag("--no-demo", help: "Do not fill an empty store with demo data.") var noDemo: Bool

    /// Serves until a termination signal.
    func run(_ call: Invocation) async throws -> Int32 {
        let host = self.host ?? WebConfiguration.loopbackHost
        let password = [self.password, call.context.environment["KEEPSAKE_PASSWORD"]].compactMap { $0 }.first { !$0.isEmpty }
        let tls = try tlsIdentity()
        let store = try call.openStore()
        // Refused before anything is written (the demo data): nobody could log in from elsewhere.
        if host != WebConfiguration.loopbackHost && password == nil,
           try !store.acting(as: .localOperator).accounts().contains(where: { $0.passwordHash != nil && !$0.isDisabled }) {
            throw UsageError(description: WebError.passwordRequired(host: host).message)
        }
        if !noDemo, try store.status().totalRecords == 0 {
            // A new user sees something at once: `keepsake demo` on the same store.
            call.print("The store is empty: adding demo data (use --no-demo to start empty).")
            DemoCommand.printSummary(try await DemoCommand.fill(store, call), call)
        }
        // Every server of this store signs its session cookies with the store's one secret, so a
        // browser's login and form tokens are good on all of them.
        let secret: Data
        do {
            secret = try SessionSecret.loadOrCreate(for: store)
        } catch let error as WebError {
            throw CommandFailure(message: error.message)
        }
        let configuration = WebConfiguration(host: host, port: port ?? 8080, password: password, sessionSecret: secret, errorLog: { line in
            call.printNote("keepsake serve: \(line)")
        }, tls: tls)
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
        var lines = ["Keepsake is serving \(try CommandSupport.storeName(store))", "Open \(server.baseURL.absoluteString)"]
        if server.address != WebConfiguration.loopbackHost {
            lines.append("Listening on \(server.address): other machines can connect; the pages ask for a login.")
        }
        if password != nil { lines.append("Log in as admin with the password given (--password or KEEPSAKE_PASSWORD).") }
        if let tls {
            let names = tls.subjectAlternativeNames.isEmpty ? "no subject alternative names" : tls.subjectAlternativeNames.joined(separator: ", ")
            lines.append("HTTPS with the certificate for \(names), valid until \(ISO8601DateFormatter().string(from: tls.notAfter)).")
        }
        if !app.hasCharts { lines.append("Chart.js (libjs-chart.js) is not installed: charts are shown as tables.") }
        if !app.hasIcons { lines.append("The app's icons are missing from this installation (KeepsakeWeb's resources): it cannot be installed to a home screen.") }
        if !app.hasSortable { lines.append("SortableJS (libjs-sortable) is not installed: photos are reordered with buttons.") }
        lines.append("Press Ctrl-C to stop.")
        // Written at once: scripts (and the browser tests) read the address from here.
        call.print(lines.joined(separator: "\n"))

        let signal = await TerminationSignal.wait()
        call.print("Stopping (signal \(signal))…")
        server.stop()
        call.print("Stopped.")
        return 0
    }

    /// The certificate and key of --tls-cert and --tls-key, checked (both or neither).
    private func tlsIdentity() throws -> TLSIdentity? {
        switch (tlsCertificate, tlsKey) {
        case (nil, nil):
            return nil
        case (let certificate?, let key?):
            do {
                return try TLSIdentity.load(certificate: URL(fileURLWithPath: certificate), privateKey: URL(fileURLWithPath: key))
            } catch let error as TLSIdentityError {
                throw CommandFailure(message: error.message)
            }
        case (nil, _?):
            throw UsageError(description: "--tls-key needs --tls-cert: give the certificate too, or neither for plain HTTP.")
        case (_?, nil):
            throw UsageError(description: "--tls-cert needs --tls-key: give the certificate's private key too, or neither for plain HTTP.")
        }
    }
}
