import Foundation
import KeepsakeCrashLog
import Synchronization

/// One reader of a load run against `keepsake serve`, until `deadline` (``monotonicSeconds()``):
/// GETs a page of the app, or half the time a link (an image, an entry) found on the last HTML page,
/// counting each status in `statuses`. A 5xx, or no answer, is a failure named with `label`.
func browse(_ client: HTTPClient, seed: UInt64, until deadline: Double, statuses: borrowing Mutex<[Int: Int]>, figures: Figures, label: String) {
    var random = SplitMix(seed: seed)
    var links: [String] = []
    while monotonicSeconds() < deadline {
        let target = links.isEmpty || Bool.random(using: &random)
            ? ["/diary", "/feed", "/diary/trash", "/diary/calendar", "/store", "/changes?since=0"][Int.random(in: 0..<6, using: &random)]
            : links[Int.random(in: 0..<links.count, using: &random)]
        do {
            let response = try client.send("GET", target)
            statuses.withLock { $0[response.status, default: 0] += 1 }
            if response.status >= 500 { figures.fail("\(label): GET \(target) answered \(response.status)") }
            if response.headers["content-type"]?.hasPrefix("text/html") == true {
                let found = response.text.matches(of: /(?:src|href)="(\/(?:images|diary)\/[0-9a-f-]{36}[^"]*)"/).map { String($0.1) }
                if !found.isEmpty { links = Array(found.prefix(40)) }
            }
        } catch {
            figures.fail("\(label): GET \(target): no answer (\(error))")
        }
    }
}
