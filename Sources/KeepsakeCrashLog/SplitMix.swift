/// SplitMix64: a small deterministic generator, so a failing seed can be replayed. The crash worker
/// and the torture tool draw their random operations from it.
public struct SplitMix: RandomNumberGenerator, Sendable {
    /// The generator's state; the seed before the first draw.
    public var state: UInt64

    /// A generator that starts from `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E3779B97F4A7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58476D1CE4E5B9
        z = (z ^ (z >> 27)) &* 0x94D049BB133111EB
        return z ^ (z >> 31)
    }
}
