import Foundation

/// Progress on standard error: a bar with counts and ETA on a terminal, plain lines otherwise.
final class Progress: @unchecked Sendable {
    // @unchecked: `lock` guards every mutable property.
    private let lock = NSLock()
    private let label: String
    private let start = Date()
    private let isTerminal = isatty(STDERR_FILENO) == 1
    private var lastPrinted = Date.distantPast
    private var lastFraction = -1
    private var printedAnything = false

    init(label: String) { self.label = label }

    func update(_ done: Int, _ total: Int) {
        lock.withLock {
            guard total > 0 else { return }
            let now = Date()
            let percent = done * 100 / total
            if isTerminal {
                guard now.timeIntervalSince(lastPrinted) > 0.1 || done == total else { return }
                lastPrinted = now
                let width = 30
                let filled = width * done / total
                let elapsed = now.timeIntervalSince(start)
                let eta = done > 0 ? elapsed / Double(done) * Double(total - done) : 0
                let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
                FileHandle.standardError.write(Data(String(format: "\r%@ [%@] %d/%d %3d%% ETA %.0fs", label, bar, done, total, percent, eta).utf8))
                printedAnything = true
            } else {
                // Plain lines at each 10 %, for logs.
                guard percent / 10 != lastFraction / 10 || done == total else { return }
                guard percent != lastFraction else { return }
                lastFraction = percent
                FileHandle.standardError.write(Data("\(label): \(done)/\(total) (\(percent)%)\n".utf8))
            }
        }
    }

    /// Ends the bar's line on a terminal; calling it again does nothing.
    func finish() {
        lock.withLock {
            if isTerminal && printedAnything { FileHandle.standardError.write(Data("\n".utf8)) }
            printedAnything = false
        }
    }
}
