/// The cost parameters of an Argon2id hash: memory, passes and lanes.
public struct Argon2idParameters: Sendable, Hashable, CustomStringConvertible {
    /// Memory in KiB (`m` in the PHC string).
    public var memoryKiB: UInt32
    /// Passes over the memory (`t`).
    public var iterations: UInt32
    /// Lanes (`p`).
    public var parallelism: UInt32

    /// OWASP's floor for Argon2id, Keepsake's current parameters: 19 MiB, 2 passes, 1 lane.
    public static let recommended = Argon2idParameters(memoryKiB: 19_456, iterations: 2, parallelism: 1)

    /// The largest parameters a stored hash may name (1 GiB, 64 passes, 16 lanes): a hash asking for
    /// more is refused as malformed rather than allowed to exhaust the machine when it is verified.
    public static let ceiling = Argon2idParameters(memoryKiB: 1 << 20, iterations: 64, parallelism: 16)

    /// Parameters with these costs (not checked; ``Argon2idHasher`` checks them before use).
    public init(memoryKiB: UInt32, iterations: UInt32, parallelism: UInt32) {
        self.memoryKiB = memoryKiB
        self.iterations = iterations
        self.parallelism = parallelism
    }

    /// `m=…,t=…,p=…`, as in the PHC string.
    public var description: String { "m=\(memoryKiB),t=\(iterations),p=\(parallelism)" }

    /// Why these parameters cannot be used, or nil when they can: Argon2's own lower bounds
    /// (at least 8 KiB per lane, one pass, one lane) and ``ceiling``.
    public var problem: String? {
        if parallelism < 1 || parallelism > Self.ceiling.parallelism {
            return "parallelism p=\(parallelism) is outside 1 to \(Self.ceiling.parallelism)"
        }
        if iterations < 1 || iterations > Self.ceiling.iterations {
            return "iterations t=\(iterations) is outside 1 to \(Self.ceiling.iterations)"
        }
        if memoryKiB < 8 * parallelism || memoryKiB > Self.ceiling.memoryKiB {
            return "memory m=\(memoryKiB) KiB is outside \(8 * parallelism) to \(Self.ceiling.memoryKiB) KiB"
        }
        return nil
    }
}
