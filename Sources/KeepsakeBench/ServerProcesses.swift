import Foundation

/// The CPU time of the test servers (`scripts/servers`), read from /proc: PostgreSQL's postmaster
/// with its children (the backends that ended are in the postmaster's reaped-children time) and
/// the Ceph daemons (mon, mgr, osd, radosgw). What a store instance makes the servers spend is the
/// difference between two readings, so a figure can say where the CPU went.
struct ServerProcesses {
    /// `KEEPSAKE_TEST_SERVERS_DIR`.
    let folder: String

    private static let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))

    /// utime, stime, cutime, cstime of `pid` in seconds; nil if it is gone.
    private static func times(_ pid: Int32) -> (own: Double, children: Double, parent: Int32)? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = text.lastIndex(of: ")") else { return nil }
        // After the command name: state, ppid, ... utime is field 14 of the whole line.
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 15, let parent = Int32(fields[1]), let utime = Double(fields[11]), let stime = Double(fields[12]),
              let cutime = Double(fields[13]), let cstime = Double(fields[14]) else { return nil }
        return ((utime + stime) / ticks, (cutime + cstime) / ticks, parent)
    }

    private func pid(_ file: String) -> Int32? {
        (try? String(contentsOfFile: folder + "/" + file, encoding: .utf8))?.split(separator: "\n").first.flatMap { Int32($0) }
    }

    /// PostgreSQL's and Ceph's CPU seconds so far.
    func cpuSeconds() -> (postgres: Double, ceph: Double) {
        var postgres = 0.0
        if let postmaster = pid("postgres-main/data/postmaster.pid"), let own = Self.times(postmaster) {
            postgres = own.own + own.children
            for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
                guard let child = Int32(entry), let times = Self.times(child), times.parent == postmaster else { continue }
                postgres += times.own
            }
        }
        var ceph = 0.0
        let run = folder + "/ceph/run"
        for file in (try? FileManager.default.contentsOfDirectory(atPath: run)) ?? [] where file.hasSuffix(".pid") {
            if let daemon = pid("ceph/run/" + file), let times = Self.times(daemon) { ceph += times.own }
        }
        return (postgres, ceph)
    }
}
