/// A value that holds a ``RecordStamp`` and reads and writes its fields as its own:
/// `entry.createdAt` is `entry.stamp.createdAt` (by dynamic member lookup, so each field is
/// written once, in ``RecordStamp``, with its documentation).
@dynamicMemberLookup
public protocol RecordStamped {
    /// What the store says of the record the value was read from.
    var stamp: RecordStamp { get set }
}

extension RecordStamped {
    /// The stamp's field at `keyPath` (`createdAt`, `updatedAt`, `trashedAt`, `book`, `author`).
    public subscript<Value>(dynamicMember keyPath: WritableKeyPath<RecordStamp, Value>) -> Value {
        get { stamp[keyPath: keyPath] }
        set { stamp[keyPath: keyPath] = newValue }
    }

    /// The record's version, incremented by every change (``RecordStamp/version``; a property of
    /// its own because ``RecordAppItem`` asks for it).
    public var version: Int64 { get { stamp.version } set { stamp.version = newValue } }
    /// Whether the record is in the trash.
    public var isTrashed: Bool { stamp.trashedAt != nil }
}
