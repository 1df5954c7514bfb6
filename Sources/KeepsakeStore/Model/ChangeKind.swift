/// What happened to a record, as written to the change log in the same commit.
public enum ChangeKind: String, Sendable, Hashable, Codable, CaseIterable {
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
    /// It is no longer readable here: it moved out of this book, the reader's membership of its
    /// book ended, or its book was deleted. A mirror drops it (the record itself may live on).
    case left
    /// It became readable to one account (added to its book as a member): a mirror fetches it.
    case shared
}
