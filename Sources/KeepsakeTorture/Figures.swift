import Foundation
import KeepsakeStore
import Synchronization
import KeepsakeSupport

/// What one subcommand did and found; printed at the end and turned into the exit status.
final class Figures: @unchecked Sendable {
    let name: String
    private let lock = NSLock()
    private var counters: [(String, Int)] = []
    private var notes: [(String, String)] = []
    private(set) var failures: [String] = []
    private(set) var skipped: [String] = []
    let started = Date()
    /// Counters of this run that its FIGURES line carries too, after the standard ones.
    var extraFigures: [String] = []

    init(_ name: String) { self.name = name }

    /// Adds `amount` to the counter `key` (created in first-use order).
    func add(_ key: String, _ amount: Int = 1) {
        lock.withLock {
            if let index = counters.firstIndex(where: { $0.0 == key }) { counters[index].1 += amount } else { counters.append((key, amount)) }
        }
    }

    /// Sets the counter `key` to at least `value`.
    func max(_ key: String, _ value: Int) {
        lock.withLock {
            if let index = counters.firstIndex(where: { $0.0 == key }) { counters[index].1 = Swift.max(counters[index].1, value) } else { counters.append((key, value)) }
        }
    }

    func value(_ key: String) -> Int { lock.withLock { counters.first { $0.0 == key }?.1 ?? 0 } }

    /// A free-form line in the figures (a maximum time, a histogram).
    func note(_ key: String, _ text: String) {
        lock.withLock {
            if let index = notes.firstIndex(where: { $0.0 == key }) { notes[index].1 = text } else { notes.append((key, text)) }
        }
    }

    /// A violation of a promise: printed at once, counted, and makes the exit status non-zero.
    func fail(_ message: String) {
        lock.withLock { failures.append(message) }
        FileHandle.standardError.write(Data("FAILURE [\(name)]: \(message)\n".utf8))
    }

    /// A part that could not run here, with the reason.
    func skip(_ message: String) {
        lock.withLock { skipped.append(message) }
        FileHandle.standardError.write(Data("SKIPPED [\(name)]: \(message)\n".utf8))
    }

    /// Prints the figures; returns the exit status (1 if any failure).
    func finish() -> Int32 {
        let elapsed = Date().timeIntervalSince(started)
        var lines = ["", "== keepsake-torture \(name): \(failures.isEmpty ? "PASS" : "FAIL") in \(String(format: "%.1f", elapsed)) s =="]
        let standard = ["runs", "kills", "faults injected", "inputs tried"]
        lock.withLock {
            for key in standard { lines.append("  \(key.padding(toLength: 44, withPad: " ", startingAt: 0)) \(counters.first { $0.0 == key }?.1 ?? 0)") }
            for (key, value) in counters where !standard.contains(key) && key != "lost" {
                lines.append("  \(key.padding(toLength: 44, withPad: " ", startingAt: 0)) \(value)")
            }
            for (key, text) in notes { lines.append("  \(key.padding(toLength: 44, withPad: " ", startingAt: 0)) \(text)") }
            lines.append("  \("failures found".padding(toLength: 44, withPad: " ", startingAt: 0)) \(failures.count)")
            lines.append("  \("lost".padding(toLength: 44, withPad: " ", startingAt: 0)) \(counters.first { $0.0 == "lost" }?.1 ?? 0)")
            for skip in skipped { lines.append("  skipped: \(skip)") }
            for failure in failures.prefix(30) { lines.append("  FAILURE: \(failure)") }
            if failures.count > 30 { lines.append("  ... and \(failures.count - 30) more failures") }
            let machine = (standard + extraFigures + ["lost"]).map { key in "\(key.replacingOccurrences(of: " ", with: "_"))=\(counters.first { $0.0 == key }?.1 ?? 0)" }
            lines.append("FIGURES \(name) \(machine.joined(separator: " ")) failures=\(failures.count) skipped=\(skipped.count) seconds=\(Int(elapsed.rounded()))")
        }
        print(lines.joined(separator: "\n"))
        fflush(nil)
        return failures.isEmpty ? 0 : 1
    }
}
