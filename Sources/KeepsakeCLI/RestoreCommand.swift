import KeepsakeStore

/// `keepsake diary|ledger|feed restore ID`: a record of `App` back from the trash.
struct RestoreCommand<App: TrashableRecords>: ParsableCommand {
    /// Its name and help.
    static var configuration: CommandConfiguration { App.restoreConfiguration }

    /// The record.
    @Argument(.recordID, hint: App.idHint) var id: RecordID

    /// Takes it out of the trash.
    func run(_ call: Invocation) async throws -> Int32 { try await App.trashOperation(id, call, restoring: true) }
}
