/// What happened to a record, as written to the change log in the same commit.
public enum ChangeKind: String, Sendable, Hashable, Codable {
    /// The record was created.
    case inserted
    /// Its fields, date or images changed.
    case updated
    /// It was moved to the trash.
    case trashed
    /// It was restored from the trash.
    case restored
    /// It was removed for good (purged).
    case deleted
}
