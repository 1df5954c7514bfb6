#if canImport(Glibc)
internal import Glibc
#elseif canImport(Darwin)
internal import Darwin
#endif

/// The process's limit on open files, as it bounds how many connections a server can hold.
enum FileDescriptorLimit {
    /// Descriptors left for everything but connections: the store, staged uploads, files being
    /// sent, other servers in the process.
    static let reserve = 256

    /// How many connections a server may accept: `wanted`, after raising the soft limit on open
    /// files toward the hard limit if it is too low for them; fewer (at least 16) if even the hard
    /// limit is too low.
    static func connections(wanted: Int) -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return wanted }
        let needed = rlim_t(wanted + reserve)
        if limit.rlim_cur != rlim_t.max && limit.rlim_cur < needed {
            var raised = limit
            raised.rlim_cur = limit.rlim_max == rlim_t.max ? needed : min(needed, limit.rlim_max)
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { limit = raised }
        }
        guard limit.rlim_cur != rlim_t.max, limit.rlim_cur < needed else { return wanted }
        return max(16, Int(limit.rlim_cur) - reserve)
    }
}
