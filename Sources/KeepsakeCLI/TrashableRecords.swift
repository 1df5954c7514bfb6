import KeepsakeStore

/// An app whose records `delete ID` moves to the trash and `restore ID` takes back (the diary, the
/// ledger, the feed): what ``DeleteCommand`` and ``RestoreCommand`` need of it.
protocol TrashableRecords {
    /// What the id argument is ("as add and list print it").
    static var idHint: String { get }
    /// The name and help of `delete`.
    static var deleteConfiguration: CommandConfiguration { get }
    /// The name and help of `restore`.
    static var restoreConfiguration: CommandConfiguration { get }
    /// Moves the record `id` to the trash, or out of it when `restoring`, and prints it.
    @MainActor static func trashOperation(_ id: RecordID, _ call: Invocation, restoring: Bool) async throws -> Int32
}
