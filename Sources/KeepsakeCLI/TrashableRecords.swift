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

extension TrashableRecords {
    /// The end of `delete ID` (or `restore ID` when `restoring`) of a `noun` of `keepsake app`:
    /// throws the view model's `error`, else prints the record `record` reads (with `--json`) or a
    /// sentence saying what happened and how to undo it.
    @MainActor
    static func reportTrashOperation(_ id: RecordID, _ call: Invocation, restoring: Bool, error: KeepsakeError?, noun: String, app: String,
                                     record: () throws -> (any Encodable)?) throws -> Int32 {
        try CommandSupport.check(error)
        if call.json, let record = try record() {
            try call.printJSON(record)
        } else {
            call.print(restoring ? "Restored \(noun) \(id)." : "Moved \(noun) \(id) to the trash; keepsake \(app) restore \(id) brings it back.")
        }
        return 0
    }
}
