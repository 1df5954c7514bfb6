import Foundation
import KeepsakeImaging
import KeepsakeStore

extension Runner {
    /// Requests/s and p99 from wrk's output (`--latency`); nil if some responses were not 2xx/3xx.
    func parseWrk(_ text: String) -> (rate: Double, p99: Double, requests: Int)? {
        func milliseconds(_ token: Substring) -> Double? {
            for (suffix, scale) in [("us", 0.001), ("ms", 1.0), ("s", 1000.0)] where token.hasSuffix(suffix) {
                return Double(token.dropLast(suffix.count)).map { $0 * scale }
            }
            return nil
        }
        var rate: Double?, p99: Double?, requests = 0
        for line in text.split(separator: "\n") {
            let words = line.split(separator: " ")
            if words.first == "Requests/sec:", words.count == 2 { rate = Double(words[1]) }
            if words.first == "99%", words.count == 2 { p99 = milliseconds(words[1]) }
            if words.count > 2, words[1] == "requests", words[2] == "in" { requests = Int(words[0]) ?? 0 }
            if line.contains("Non-2xx") { return nil }
        }
        guard let rate, let p99 else { return nil }
        return (rate, p99, requests)
    }

    func wrk(_ url: String, paths: [String]? = nil, headers: [String] = [], scriptFolder: String) throws -> (rate: Double, p99: Double, requests: Int) {
        var arguments = ["wrk", "-t1", "-c8", "-d8s", "--latency"]
        for header in headers { arguments += ["-H", header] }
        if let paths {
            let script = scriptFolder + "/paths-\(UUID().uuidString).lua"
            let list = paths.map { "\"\($0)\"" }.joined(separator: ",\n")
            try Data("""
                local paths = {\(list)}
                local i = 0
                request = function()
                  i = i % #paths + 1
                  return wrk.format("GET", paths[i])
                end
                """.utf8).write(to: URL(fileURLWithPath: script))
            arguments += ["-s", script]
        }
        let ran = try run(arguments + [url])
        guard let result = parseWrk(ran.text) else { throw BenchFailure("wrk \(url): \(ran.text)") }
        return result
    }

    func waitForHTTP(_ url: String) throws {
        for _ in 0..<300 {
            if let ran = try? run(["curl", "-s", "-o", "/dev/null", "-w", "%{http_code}", url], check: false), ran.text == "200" { return }
            usleep(100_000)
        }
        throw BenchFailure("\(url) did not answer 200")
    }

    func web() throws {
        let keepsake = (selfExecutable() as NSString).deletingLastPathComponent + "/keepsake"
        guard FileManager.default.isExecutableFile(atPath: keepsake),
              (try? run([keepsake, "serve", "--help"]))?.status == 0 else {
            rows.append(Row(scenario: "5", measure: "web: timeline page and thumbnails (wrk, loopback)", keepsake: "pending",
                            peer: "nginx, same files", peerValue: "pending",
                            target: "build `keepsake` in release next to keepsake-bench (bench/run.sh does)"))
            return
        }
        let folder = work + "/web"
        removeTree(folder)
        try makeFolder(folder + "/nginx/logs")
        let entries = 300
        note("5. web: a diary of \(entries) entries; keepsake serve and nginx under wrk")
        let diary = try child("populate-diary", ["--store", folder + "/store", "--entries", "\(entries)"] + photos("small").flatMap { ["--photo", $0] })
        let urls = diary["urls"] as? [String] ?? [], files = diary["files"] as? [String] ?? []
        let cache = diary["cache"] as? String ?? ""

        // 5b's store: a copy made before any server opens the original (served with a password below).
        removeTree(folder + "/store-accounts")
        _ = try run(["cp", "-a", folder + "/store", folder + "/store-accounts"])
        let (server, base) = try startServer(keepsake, store: folder + "/store")
        defer { server.terminate(); server.waitUntilExit() }
        // One session, as a browser keeps its cookie.
        let head = try run(["curl", "-s", "-D", "-", "-o", folder + "/nginx/diary.html", base + "/diary"]).text
        let cookie = head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("set-cookie:") }
            .map { String($0.dropFirst("set-cookie:".count).split(separator: ";")[0]).trimmingCharacters(in: .whitespaces) }
        let headers = cookie.map { ["Cookie: " + $0] } ?? []
        _ = try run(["curl", "-s", "-o", folder + "/nginx/diary.html"] + headers.flatMap { ["-H", $0] } + [base + "/diary"])

        // A port nothing answers on.
        var nginxPort = 18081
        while (try? run(["curl", "-s", "-o", "/dev/null", "http://127.0.0.1:\(nginxPort)/"], check: false))?.status == 0 { nginxPort += 1 }
        let nginxConf = folder + "/nginx/nginx.conf"
        try Data("""
            worker_processes auto;
            daemon off;
            pid \(folder)/nginx/nginx.pid;
            error_log \(folder)/nginx/logs/error.log;
            events { worker_connections 1024; }
            http {
                access_log off;
                sendfile on;
                types { text/html html; image/jpeg jpg; }
                server {
                    listen 127.0.0.1:\(nginxPort);
                    location /thumbnails/ { root \(cache); }
                    location = /diary.html { root \(folder)/nginx; }
                }
            }
            """.utf8).write(to: URL(fileURLWithPath: nginxConf))
        let nginx = Process()
        nginx.executableURL = URL(fileURLWithPath: "/usr/sbin/nginx")
        nginx.arguments = ["-c", nginxConf, "-p", folder + "/nginx"]
        nginx.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        nginx.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try nginx.run()
        defer { nginx.terminate(); nginx.waitUntilExit() }
        let peerBase = "http://127.0.0.1:\(nginxPort)"
        try waitForHTTP(peerBase + "/diary.html")
        guard server.isRunning, nginx.isRunning else { throw BenchFailure("a server stopped") }

        let timeline = try wrk(base + "/diary", headers: headers, scriptFolder: folder)
        let staticTimeline = try wrk(peerBase + "/diary.html", scriptFolder: folder)
        let thumbs = try wrk(base + "/", paths: urls, headers: headers, scriptFolder: folder)
        let nginxThumbs = try wrk(peerBase + "/", paths: files, scriptFolder: folder)

        // 5b: the copy served with a password beside the operator's server, read by its first admin's
        // session, so every request carries the access rule (the local operator's skips it). Five
        // runs of each, alternating, so a change in the machine's speed falls on both; medians.
        let (accountServer, accountBase) = try startServer(keepsake, store: folder + "/store-accounts", arguments: ["--password", Self.webPassword])
        defer { accountServer.terminate(); accountServer.waitUntilExit() }
        let accountHeaders = try logIn(accountBase, folder: folder)
        let accountPage = try run(["curl", "-s"] + accountHeaders.flatMap { ["-H", $0] } + [accountBase + "/diary"]).text
        let operatorPage = try String(contentsOfFile: folder + "/nginx/diary.html", encoding: .utf8)
        let cards = { (page: String) in page.components(separatedBy: "class=\"card entry ").count - 1 }
        guard cards(accountPage) == cards(operatorPage), cards(accountPage) > 0 else {
            throw BenchFailure("the admin's timeline shows \(cards(accountPage)) cards, the operator's \(cards(operatorPage))")
        }
        typealias Rate = (rate: Double, p99: Double, requests: Int)
        func alternate(_ path: String, paths: [String]?) throws -> (operator: Rate, account: Rate) {
            var operatorRuns: [Rate] = [], accountRuns: [Rate] = []
            for _ in 0..<5 {
                operatorRuns.append(try wrk(base + path, paths: paths, headers: headers, scriptFolder: folder))
                accountRuns.append(try wrk(accountBase + path, paths: paths, headers: accountHeaders, scriptFolder: folder))
            }
            let median = { (runs: [Rate]) in runs.sorted { $0.rate < $1.rate }[runs.count / 2] }
            note("   \(path == "/" ? "thumbnails" : path): operator \(operatorRuns.map { format($0.rate, 0) }.joined(separator: ", ")); account \(accountRuns.map { format($0.rate, 0) }.joined(separator: ", ")) requests/s")
            return (median(operatorRuns), median(accountRuns))
        }
        let pairedTimeline = try alternate("/diary", paths: nil)
        let pairedThumbs = try alternate("/", paths: urls)
        details["web"] = ["entries": entries, "thumbnail_count": urls.count, "page_bytes": fileSize(folder + "/nginx/diary.html"),
                          "wrk": "wrk -t1 -c8 -d8s --latency",
                          "timeline": ["rate": timeline.rate, "p99_ms": timeline.p99, "requests": timeline.requests],
                          "timeline_static_nginx": ["rate": staticTimeline.rate, "p99_ms": staticTimeline.p99],
                          "thumbnails": ["rate": thumbs.rate, "p99_ms": thumbs.p99, "requests": thumbs.requests],
                          "thumbnails_nginx": ["rate": nginxThumbs.rate, "p99_ms": nginxThumbs.p99],
                          "timeline_paired": ["operator": pairedTimeline.operator.rate, "account": pairedTimeline.account.rate],
                          "thumbnails_paired": ["operator": pairedThumbs.operator.rate, "account": pairedThumbs.account.rate]]
        rows.append(Row(scenario: "5", measure: "timeline page /diary (20 newest of \(entries) entries, thumbnails linked), requests/s (p99)",
                        keepsake: "\(format(timeline.rate, 0)) (\(ms(timeline.p99)))", peer: "nginx, the same page saved as a static file",
                        peerValue: "\(format(staticTimeline.rate, 0)) (\(ms(staticTimeline.p99)))",
                        ratio: timeline.rate / staticTimeline.rate, ratioMeaning: "requests/s, Keepsake / peer",
                        target: "≥ 3,000 requests/s, p99 < 10 ms (issue 21)", met: timeline.rate >= 3000 && timeline.p99 < 10))
        rows.append(Row(scenario: "5", measure: "256-px thumbnails, \(urls.count) different ones in turn, requests/s (p99)",
                        keepsake: "\(format(thumbs.rate, 0)) (\(ms(thumbs.p99)))", peer: "nginx, the same files",
                        peerValue: "\(format(nginxThumbs.rate, 0)) (\(ms(nginxThumbs.p99)))",
                        ratio: thumbs.rate / nginxThumbs.rate, ratioMeaning: "requests/s, Keepsake / peer",
                        target: "≥ 0.5x (issue 21; 0.7x asked earlier)", met: thumbs.rate / nginxThumbs.rate >= 0.5))
        for (what, pair) in [("timeline page /diary", pairedTimeline), ("256-px thumbnails", pairedThumbs)] {
            rows.append(Row(scenario: "5b", measure: "\(what) as the first admin's session (access rule on), requests/s (p99), median of 5",
                            keepsake: "\(format(pair.account.rate, 0)) (\(ms(pair.account.p99)))",
                            peer: "a server of the same store without a password (the local operator: no rule), runs alternating",
                            peerValue: "\(format(pair.operator.rate, 0)) (\(ms(pair.operator.p99)))",
                            ratio: pair.account.rate / pair.operator.rate, ratioMeaning: "requests/s, with the rule / without",
                            target: "≥ 0.95x (issue 22: within 5 %)", met: pair.account.rate / pair.operator.rate >= 0.95))
        }
    }

    /// The first admin's password of the web scenario's second server.
    static let webPassword = "bench horse battery staple"

    /// `keepsake serve --port 0 --no-demo ARGUMENTS` on `store`, once it answers: the process and
    /// its base URL (the server picks a free port and prints "Open http://127.0.0.1:PORT/").
    func startServer(_ keepsake: String, store: String, arguments: [String] = []) throws -> (Process, String) {
        let server = Process()
        server.executableURL = URL(fileURLWithPath: keepsake)
        server.arguments = ["--store", store, "serve", "--port", "0", "--no-demo"] + arguments
        let serverOutput = Pipe()
        server.standardOutput = serverOutput
        server.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try server.run()
        var printed = ""
        while !printed.contains("Press") {
            let chunk = serverOutput.fileHandleForReading.availableData
            guard !chunk.isEmpty else { server.terminate(); throw BenchFailure("keepsake serve exited: \(printed)") }
            printed += String(decoding: chunk, as: UTF8.self)
        }
        guard let address = printed.split(whereSeparator: { $0 == " " || $0 == "\n" }).first(where: { $0.hasPrefix("http://127.0.0.1:") }) else {
            server.terminate()
            throw BenchFailure("no address in: \(printed)")
        }
        let base = String(address.hasSuffix("/") ? address.dropLast() : address)
        try waitForHTTP(base + (arguments.contains("--password") ? "/login" : "/diary"))
        return (server, base)
    }

    /// Logs in as `admin` with ``webPassword`` through the login form (its CSRF token and cookie):
    /// the `Cookie` header of the session, as a browser sends it.
    func logIn(_ base: String, folder: String) throws -> [String] {
        let jar = folder + "/cookies-\(UUID().uuidString).txt"
        let login = try run(["curl", "-s", "-c", jar, "-b", jar, base + "/login"]).text
        guard let token = login.firstMatch(of: /name="_csrf" value="([^"]+)"/)?.1 else { throw BenchFailure("no CSRF token on the login page") }
        let posted = try run(["curl", "-s", "-o", "/dev/null", "-w", "%{http_code}", "-c", jar, "-b", jar, "--data-urlencode", "_csrf=\(token)",
                              "--data-urlencode", "login=admin", "--data-urlencode", "password=\(Self.webPassword)", base + "/login"]).text
        guard posted == "303" else { throw BenchFailure("the login answered \(posted)") }
        let cookies = try String(contentsOfFile: jar, encoding: .utf8).split(separator: "\n").compactMap { line -> String? in
            let fields = line.replacingOccurrences(of: "#HttpOnly_", with: "").split(separator: "\t", omittingEmptySubsequences: false)
            guard !line.hasPrefix("# "), fields.count == 7 else { return nil }
            return "\(fields[5])=\(fields[6])"
        }
        guard !cookies.isEmpty else { throw BenchFailure("no session cookie after the login") }
        return ["Cookie: " + cookies.joined(separator: "; ")]
    }
}
