extension KeepsakeError {
    /// What a person can do about a failure. The engine names the remedy; the edges render it (the
    /// CLI names its command, the web app says it in the page's language), so engine messages never
    /// name a command of one edge.
    public enum Remedy: String, Sendable, Hashable, Codable, CaseIterable {
        /// Check the store for what else is affected (`keepsake fsck`).
        case checkStore
        /// Repair the store (`keepsake fsck --repair`): links and strays are moved aside.
        case repairStore
        /// Try again in a moment: someone else held the store.
        case retryLater
        /// Reload the record and make the change again: someone else changed it meanwhile.
        case reloadAndRetry
        /// Free some disk space and try again.
        case freeSpace
        /// Make the store's folder writable by this user.
        case checkPermissions
        /// Install a newer Keepsake.
        case upgradeKeepsake
        /// Restore the damaged file or database from a backup.
        case restoreFromBackup
        /// List the records to see the valid ids.
        case listRecords
        /// Point the store at the real folder, not a symbolic link.
        case useRealFolder
        /// Open the store again (a folder of it disappeared).
        case reopenStore

        /// The remedy in plain English, naming no command.
        public var sentence: String {
            switch self {
            case .checkStore: "Check the store to see what else is affected."
            case .repairStore: "Repair the store: what does not belong is moved aside, never deleted."
            case .retryLater: "Try again in a moment."
            case .reloadAndRetry: "Reload it and try again."
            case .freeSpace: "Free some space and try again."
            case .checkPermissions: "Check that the store folder is writable by this user."
            case .upgradeKeepsake: "Upgrade Keepsake to open it."
            case .restoreFromBackup: "Restore it from a backup."
            case .listRecords: "List the records to see valid ids."
            case .useRealFolder: "Point the store at the real folder instead."
            case .reopenStore: "Open the store again to recreate it."
            }
        }
    }
}
