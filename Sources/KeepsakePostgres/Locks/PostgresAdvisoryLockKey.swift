/// The 64-bit key of a PostgreSQL advisory lock.
public struct PostgresAdvisoryLockKey: Hashable, Sendable, CustomStringConvertible {
    /// The key as `pg_advisory_lock(bigint)` takes it.
    public let value: Int64

    /// A key with this value.
    public init(_ value: Int64) { self.value = value }

    /// A key derived from a name (64-bit FNV-1a of its UTF-8 bytes): the same name gives the same key
    /// in every process and on every machine.
    public init(name: String) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in name.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        value = Int64(bitPattern: hash)
    }

    /// `pg_locks.classid`: the key's high 32 bits.
    var classID: UInt32 { UInt32(truncatingIfNeeded: UInt64(bitPattern: value) >> 32) }
    /// `pg_locks.objid`: the key's low 32 bits.
    var objectID: UInt32 { UInt32(truncatingIfNeeded: UInt64(bitPattern: value)) }

    /// The value in decimal.
    public var description: String { String(value) }
}
