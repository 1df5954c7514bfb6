import KeepsakeStore

/// What `keepsake fsck --json` prints: the store's ``FsckReport`` with `isClean` beside its
/// findings, so a script need not recompute it (the exit status says the same).
struct FsckResult: Encodable {
    let report: FsckReport

    enum Key: String, CodingKey { case isClean }

    func encode(to encoder: any Encoder) throws {
        try report.encode(to: encoder)
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(report.isClean, forKey: .isClean)
    }
}
