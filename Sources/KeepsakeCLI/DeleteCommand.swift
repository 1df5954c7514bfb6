import KeepsakeStore

/// `keepsake diary|ledger|feed delete ID`: a record of `App` to the trash.
struct DeleteCommand<App: TrashableRecords>: ParsableCommand {
    /// Its name and help.
    static var configuration: CommandConfiguration { App.deleteConfiguration }

    /// The record.
    @Argument(.recordID, hint: App.idHint) var id: RecordID

    /// Moves it to the trash.
    func run(_ call: Invocation) async throws -> Int32 { try await App.trashOperation(id, call, restoring: false) }
}
