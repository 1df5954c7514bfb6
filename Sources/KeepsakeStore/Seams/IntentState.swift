/// Where an intent is in the atomic protocol.
public enum IntentState: String, Sendable, Hashable, CaseIterable {
    /// Journalled; its new files may be in place, but nothing refers to them. Rolled back on recovery.
    case pending
    /// Its change is committed; its obsolete files may remain. Rolled forward on recovery.
    case committed
}
