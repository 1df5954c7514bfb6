import Foundation
import KeepsakeCrashLog
import KeepsakeImaging
import KeepsakeStore
import Synchronization
import KeepsakeSupport

extension ServeTorture {
    static func hostileURLs(_ client: HTTPClient, storeURL: URL, marker: String, figures: Figures, alive: (String) -> Bool) {
        let (record, attachment): (String, String)
        do {
            let store = try Store(location: StoreLocation(root: storeURL), imageProcessor: VipsImageProcessor())
            let entry = try store.list(RecordQuery(collection: "diary")).records[0]
            (record, attachment) = (entry.id.string, String(entry.images[0].id))
        } catch {
            figures.fail("reading the seeded entry: \(describe(error))")
            return
        }
        let image = "/images/\(record)/\(attachment)"
        // The controls must work, or the hostile cases prove nothing.
        for control in ["/diary", "\(image)/256", "\(image)/original", "/diary/\(record)"] {
            guard let response = try? client.send("GET", control), response.status == 200 else {
                figures.fail("the control request GET \(control) did not answer 200")
                return
            }
        }
        let targets: [String] = [
            "/../../../../../../etc/passwd", "/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd", "/%2E%2E%2F%2E%2E%2Fkeepsake.sqlite",
            "/keepsake.sqlite", "/attachments/diary/\(record)", "/images/../keepsake.sqlite", "/images/..%2f..%2fkeepsake.sqlite",
            "/images/%2e%2e/%2e%2e/keepsake.sqlite/original", "\(image)/..%2f..%2f..%2fkeepsake.sqlite", "\(image)/../../../../keepsake.sqlite",
            "\(image)/original/..", "\(image)/256/../original/../../../keepsake.sqlite", "/images/\(record.uppercased())/\(attachment)/original",
            "/images/\(record)/0/original", "/images/\(record)/-1/original", "/images/\(record)/99999999999999999999/original",
            "/images/\(record)/\(attachment)/512", "/images/\(record)/\(attachment)/original%00.jpg", "/images/\(record)%00/\(attachment)/original",
            "/diary/%00", "/diary/a%00b", "/diary/\(record)%2f..%2f..%2fkeepsake.sqlite", "/diary/..%5c..%5ckeepsake.sqlite",
            "/assets/../keepsake.sqlite", "/assets/..%2f..%2f..%2f..%2fetc%2fpasswd", "/assets/%2e%2e%2fkeepsake.sqlite",
            "/assets/chart.js/../../../../etc/passwd", "//etc/passwd", "/\\..\\..\\keepsake.sqlite", "/images/" + storeURL.path + "/keepsake.sqlite",
            "/diary?back=//evil.example/", "/diary/\(record)/edit?next=http://evil.example/", "/diary?emotion=%00", "/diary?day=../../etc",
            "/diary/search?q=%00%ff%fe", "/diary/calendar?month=99999-99", "/ledger?month=-1", "/feed?page=-9223372036854775808",
            "/" + String(repeating: "a", count: 100_000), "/diary?" + String(repeating: "x=1&", count: 20_000), "*", "http://evil.example/diary",
        ]
        var statuses: [Int: Int] = [:]
        for target in targets {
            figures.add("inputs tried")
            figures.add("hostile URLs")
            do {
                let response = try client.send("GET", target)
                statuses[response.status, default: 0] += 1
                if response.status >= 500 { figures.fail("GET \(target.prefix(80)) answered \(response.status)") }
                let body = response.text
                if body.contains("SQLite format 3") || body.contains(marker) || body.contains("root:x:0:0") {
                    figures.fail("GET \(target.prefix(80)) answered with the content of a file outside the served pages")
                }
                if response.status == 200, target.contains(".."), !target.hasPrefix("/diary?"), !target.hasPrefix("/diary/\(record)/edit") {
                    figures.add("hostile URLs answered 200 (a page, checked for leaks)")
                }
            } catch {
                // A target over the server's request-line buffer may be cut off without an answer.
                if target.utf8.count <= 8192 { figures.fail("GET \(target.prefix(80)): no answer (\(error))") } else { statuses[0, default: 0] += 1 }
            }
            if !alive("GET \(target.prefix(80))") { return }
        }
        // Malformed requests: any answer or a closed connection, and the server still answers.
        let raw: [String] = [
            "GET /diary HTTP/1.1\r\nHost: 127.0.0.1:\(client.port)\r\nX: \u{0}\r\n\r\n", "GET /diary\r\n\r\n", "GARBAGE\r\n\r\n",
            "GET /diary HTTP/9.9\r\nHost: 127.0.0.1\r\n\r\n", "GET /diary HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Long: \(String(repeating: "a", count: 200_000))\r\n\r\n",
            "POST /diary/new HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 99999999999999999999\r\n\r\nabc",
            "POST /diary/new HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\nffffffffffffffff\r\nabc\r\n",
            "POST /diary/new HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=\r\nContent-Length: 10\r\n\r\n0123456789",
            "GET /diary HTTP/1.1\r\nHost: evil.example\r\n\r\n",
        ]
        for request in raw {
            figures.add("inputs tried")
            figures.add("malformed requests")
            // 505 (version not supported) and 501 (not implemented) are the right answers to some.
            // A request whose body never comes is held until the server's idle timeout: 2 s is enough to see an answer.
            if let response = try? client.sendRaw(Data(request.utf8), timeout: 2), response.status >= 500, ![501, 505].contains(response.status) {
                figures.fail("a malformed request (\(request.prefix(40).debugDescription)) answered \(response.status)")
            }
            if !alive("a malformed request") { return }
            if (try? client.send("GET", "/diary"))?.status != 200 { figures.fail("the server stopped answering after \(request.prefix(40).debugDescription)") }
        }
        figures.note("hostile URL statuses", statuses.sorted { $0.key < $1.key }.map { "\($0.key == 0 ? "closed" : String($0.key)): \($0.value)" }.joined(separator: ", "))
    }
}
