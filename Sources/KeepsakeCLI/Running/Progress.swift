import Foundation

/// Progress on standard error: a bar with counts and ETA on a terminal, plain lines otherwise.
final class Progress: @unchecked Sendable {
    // @unchecked: `lock` guards every mutable property; the rest is immutable.
    private let lock = NSLock()
    private let label: String
    private let io: any CommandIO
    private let start = Date()
    private let isTerminal: Bool
    private var lastPrinted = Date.distantPast
    private var lastFraction = -1
    private var printedAnything = false

    /// Progress of `label`, written to `io`'s standard error.
    init(label: String, io: any CommandIO) {
        self.label = label
        self.io = io
        isTerminal = io.errorIsTerminal
    }

    /// `done` of `total` are done.
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
                io.writeError(Data(String(format: "\r%@ [%@] %d/%d %3d%% ETA %.0fs", label, bar, done, total, percent, eta).utf8))
                printedAnything = true
            } else {
                // Plain lines at each 10 %, for logs.
                guard percent / 10 != lastFraction / 10 || done == total else { return }
                guard percent != lastFraction else { return }
                lastFraction = percent
                io.writeError(Data("\(label): \(done)/\(total) (\(percent)%)\n".utf8))
            }
        }
    }

    /// Ends the bar's line on a terminal; calling it again does nothing.
    func finish() {
        lock.withLock {
            if isTerminal && printedAnything { io.writeError(Data("\n".utf8)) }
            printedAnything = false
        }
    }
}
