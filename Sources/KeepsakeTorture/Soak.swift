import Foundation
import KeepsakeCrashLog
import KeepsakeImaging
import KeepsakeStore

/// `soak`: one `keepsake serve` for S seconds under wrk: readers at full speed on the pages,
/// thumbnails and originals, and an uploader posting an entry with a photo every few hundred
/// milliseconds, all with the one session cookie of a user's browser (cookie-less readers would
/// flood the session table and expire the uploader's form: issue 17's session-flood hole). Every 10 s the server's resident memory and open file descriptors are sampled;
/// both must stay flat (the last fifth of the run against the fifth after warm-up), no answer may
/// be a 5xx, every upload must be a 303, the server must stop on SIGTERM and fsck be clean.
enum SoakTorture {
    static func main(_ rawArguments: ArraySlice<String>) -> Int32 {
        let arguments = Arguments(rawArguments)
        let figures = Figures("soak")
        let corpus = Paths.corpus(arguments.string("--corpus"))
        let seconds = max(20, arguments.int("--seconds", 1800))
        let interval = Double(arguments.int("--sample-seconds", 10))
        let uploadDelay = arguments.int("--upload-delay-ms", 250)
        let wrk = arguments.string("--wrk") ?? "/usr/bin/wrk"
        guard FileManager.default.isExecutableFile(atPath: wrk) else {
            figures.skip("wrk is not installed (apt-get install wrk)")
            return figures.finish()
        }
        let scratch = Paths.scratch("soak", under: arguments.string("--tmp"))
        defer { if figures.failures.isEmpty { try? FileManager.default.removeItem(at: scratch) } }
        let storeURL = scratch.appendingPathComponent("store")
        let photoURL = corpus.appendingPathComponent("jpeg/testorig.jpg")
        // A first entry, so there are image addresses to read.
        guard let (added, _) = try? run(Paths.binary("keepsake"), ["--store", storeURL.path, "diary", "add", "--emotion", "joy", "--title", "seed", "--image", photoURL.path]),
              added == .exited(0) else {
            figures.fail("keepsake diary add failed on a fresh store")
            return figures.finish()
        }
        let server: ServerProcess
        let paths: [String]
        let session: (cookie: String, token: String)
        do {
            server = try ServerProcess(store: storeURL, scratch: scratch, label: "serve")
            session = try ServeTorture.session(server.client)
            let page = try server.client.send("GET", "/diary")
            let links = page.text.matches(of: /(?:src|href)="(\/(?:images|diary)\/[0-9a-f-]{36}[^"]*)"/).map { String($0.1) }
            paths = ["/diary", "/feed", "/diary/calendar", "/store", "/diary/new"] + Array(Set(links)).sorted().prefix(10)
        } catch {
            figures.fail("starting the server: \(describe(error))")
            return figures.finish()
        }
        say("soak: keepsake serve on port \(server.port) for \(seconds) s under wrk (reads: \(paths.count) addresses; an upload every \(uploadDelay) ms)")
        figures.add("runs")

        // The uploader's body: the compose form with one photo.
        let (body, type) = HTTPClient.multipart(fields: [("_csrf", session.token), ("emotion", "joy"), ("intensity", "3"), ("title", "soak"), ("text", "soak")],
                                                files: [("photos", "soak.jpg", (try? Data(contentsOf: photoURL)) ?? Data())])
        let bodyFile = scratch.appendingPathComponent("upload.body")
        try? body.write(to: bodyFile)
        let readScript = scratch.appendingPathComponent("reads.lua"), uploadScript = scratch.appendingPathComponent("uploads.lua")
        try? (counting + """
            local paths = {\(paths.map { "\"\($0)\"" }.joined(separator: ", "))}
            local n = 0
            request = function()
              n = n + 1
              return wrk.format("GET", paths[(n % #paths) + 1], {["Cookie"] = "\(session.cookie)"})
            end
            """).write(to: readScript, atomically: true, encoding: .utf8)
        try? (counting + """
            wrk.method = "POST"
            local f = io.open("\(bodyFile.path)", "rb")
            local payload = f:read("*a")
            f:close()
            request = function()
              return wrk.format("POST", "/diary/new", {["Content-Type"] = "\(type)", ["Cookie"] = "\(session.cookie)"}, payload)
            end
            delay = function() return \(uploadDelay) end
            """).write(to: uploadScript, atomically: true, encoding: .utf8)
        let url = "http://127.0.0.1:\(server.port)"
        let readOut = scratch.appendingPathComponent("wrk-reads.txt"), uploadOut = scratch.appendingPathComponent("wrk-uploads.txt")
        let readers: Child, uploader: Child
        do {
            readers = try Child(URL(fileURLWithPath: wrk), ["-t", "2", "-c", "8", "-d", "\(seconds)s", "--timeout", "30s", "-s", readScript.path, url],
                                stdoutPath: readOut.path, stderrPath: readOut.path + ".err")
            uploader = try Child(URL(fileURLWithPath: wrk), ["-t", "1", "-c", "1", "-d", "\(seconds)s", "--timeout", "60s", "-s", uploadScript.path, url],
                                 stdoutPath: uploadOut.path, stderrPath: uploadOut.path + ".err")
        } catch {
            figures.fail("cannot start wrk: \(describe(error))")
            return figures.finish()
        }

        // Samples of resident memory and descriptors.
        var samples: [(t: Double, rssKB: Int, anonKB: Int, fileKB: Int, descriptors: Int)] = []
        let start = monotonicSeconds()
        while readers.poll() == nil || uploader.poll() == nil {
            if let usage = server.usage() { samples.append((monotonicSeconds() - start, usage.rssKB, usage.anonKB, usage.fileKB, usage.descriptors)) } else {
                figures.fail("keepsake serve died during the soak: \(server.child.poll().map { "\($0)" } ?? "?")")
                break
            }
            let next = start + Double(samples.count) * interval
            while monotonicSeconds() < next && (readers.poll() == nil || uploader.poll() == nil) { usleep(100_000) }
        }
        _ = readers.wait(timeout: 60)
        _ = uploader.wait(timeout: 60)
        if let usage = server.usage() { samples.append((monotonicSeconds() - start, usage.rssKB, usage.anonKB, usage.fileKB, usage.descriptors)) }

        for (label, file, expected) in [("reads", readOut, "2xx/3xx"), ("uploads", uploadOut, "303")] {
            let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
            guard let result = text.firstMatch(of: /WRK-RESULT total=(\d+) fivexx=(\d+) other=(\d+) errors=(\d+)/) else {
                figures.fail("wrk (\(label)) printed no result: \(text.suffix(400)) \(((try? String(contentsOfFile: file.path + ".err", encoding: .utf8)) ?? "").suffix(300))")
                continue
            }
            let total = Int(result.1) ?? 0, fivexx = Int(result.2) ?? 0, other = Int(result.3) ?? 0, errors = Int(result.4) ?? 0
            figures.add("requests (\(label))", total)
            figures.add("inputs tried", total)
            if let rate = text.firstMatch(of: /Requests\/sec:\s+([0-9.]+)/) { figures.note("\(label) per second", String(rate.1)) }
            if let latency = text.firstMatch(of: /Latency\s+(\S+)\s+(\S+)\s+(\S+)/) { figures.note("\(label) latency (avg, stdev, max)", "\(latency.1), \(latency.2), \(latency.3)") }
            if fivexx > 0 { figures.fail("\(label): \(fivexx) answers were 5xx") }
            let sample = text.firstMatch(of: /WRK-FIRST-UNEXPECTED ([^\n]*)/).map { String($0.1) } ?? ""
            if other > 0 { figures.fail("\(label): \(other) answers were not \(expected) (the first: \(sample))") }
            if errors > 0 { figures.fail("\(label): \(errors) socket errors (connect, read, write or timeout)") }
            if total == 0 { figures.fail("\(label): no request completed") }
        }

        // Flat: the last fifth of the samples against the fifth after warm-up.
        figures.add("samples", samples.count)
        if samples.count >= 10 {
            let fifth = samples.count / 5
            let early = samples[fifth..<(2 * fifth)], late = samples[(samples.count - fifth)...]
            let earlyRSS = early.map(\.rssKB).max()!, lateRSS = late.map(\.rssKB).max()!
            let earlyFD = early.map(\.descriptors).max()!, lateFD = late.map(\.descriptors).max()!
            figures.note("resident memory (MB)", String(format: "start %.0f, after warm-up %.0f, end %.0f, max %.0f", Double(samples[0].rssKB) / 1024,
                                                         Double(earlyRSS) / 1024, Double(lateRSS) / 1024, Double(samples.map(\.rssKB).max()!) / 1024))
            figures.note("open descriptors", "start \(samples[0].descriptors), after warm-up \(earlyFD), end \(lateFD), max \(samples.map(\.descriptors).max()!)")
            let curve = stride(from: 0, to: samples.count, by: max(1, samples.count / 10)).map {
                "\(Int($0 == 0 ? 0 : samples[$0].t))s:\(samples[$0].rssKB / 1024)MB(anon \(samples[$0].anonKB / 1024), file \(samples[$0].fileKB / 1024))/\(samples[$0].descriptors)fd"
            }
            figures.note("curve", curve.joined(separator: " "))
            if Double(lateRSS) > Double(earlyRSS) * 1.25 + 32 * 1024 { figures.fail("resident memory grew from \(earlyRSS / 1024) MB to \(lateRSS / 1024) MB") }
            if lateFD > earlyFD + 16 { figures.fail("open descriptors grew from \(earlyFD) to \(lateFD)") }
        } else {
            figures.fail("only \(samples.count) samples: run at least 10 intervals (--seconds, --sample-seconds)")
        }
        if let problem = server.stop() { figures.fail("keepsake serve: \(problem)") }
        do {
            let store = try Store(location: StoreLocation(root: storeURL), imageProcessor: VipsImageProcessor())
            let stored = try StorePages.allRecords(store, collection: "diary")
            figures.add("entries stored", stored.count)
            let report = try store.fsck()
            figures.add("fsck runs")
            if !report.isClean { figures.fail("fsck after the soak: \(report.summaryLine)") }
            if try store.intentsInFlight() != 0 { figures.fail("intents left after the soak") }
        } catch {
            figures.fail("checking the store: \(describe(error))")
        }
        if !figures.failures.isEmpty { print("soak: kept \(scratch.path)") }
        return figures.finish()
    }

    /// wrk Lua: counts every answer by kind in each thread and prints one line at the end.
    /// "other" is an answer that is neither 5xx nor what the script expects (2xx/3xx for reads, 303 for uploads).
    static let counting = """
        local threads = {}
        setup = function(thread) table.insert(threads, thread) end
        init = function(args) total = 0; fivexx = 0; other = 0; first = 0; firstbody = "" end
        response = function(status, headers, body)
          total = total + 1
          local unexpected = status >= 400 or (wrk.method == "POST" and status ~= 303)
          if status >= 500 then fivexx = fivexx + 1 elseif unexpected then other = other + 1 end
          if unexpected and first == 0 then first = status; firstbody = string.sub(body or "", 1, 160):gsub("%c", " ") end
        end
        done = function(summary, latency, requests)
          local t, f, o, first, body = 0, 0, 0, 0, ""
          for _, thread in ipairs(threads) do
            t = t + thread:get("total"); f = f + thread:get("fivexx"); o = o + thread:get("other")
            if first == 0 and thread:get("first") ~= 0 then first = thread:get("first"); body = thread:get("firstbody") end
          end
          local e = summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout
          io.write(string.format("WRK-RESULT total=%d fivexx=%d other=%d errors=%d\\n", t, f, o, e))
          if first ~= 0 then io.write(string.format("WRK-FIRST-UNEXPECTED %d %s\\n", first, body)) end
        end

        """
}
