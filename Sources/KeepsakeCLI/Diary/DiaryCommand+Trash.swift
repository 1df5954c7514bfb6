import KeepsakeDiary
import KeepsakeStore
import KeepsakeViewModels

extension DiaryCommand: TrashableRecords {
    /// `delete ID`: to the trash with its photos.
    static let deleteConfiguration = CommandConfiguration(
        "delete", abstract: "Move an entry (and its photos) to the trash.",
        discussion: """
            Moves an entry to the trash with its photos; diary restore brings it back whole, and
            keepsake trash purge removes it for good.
            """,
        examples: ["keepsake diary delete 3f2504e0-4f89-41d3-9a0c-0305e82c3301"])

    /// `restore ID`: back from the trash.
    static let restoreConfiguration = CommandConfiguration(
        "restore", abstract: "Take an entry out of the trash.", discussion: "Takes an entry out of the trash, with its photos.",
        examples: ["keepsake diary restore 3f2504e0-4f89-41d3-9a0c-0305e82c3301"])

    /// `delete ID` and `restore ID`.
    @MainActor
    static func trashOperation(_ id: RecordID, _ call: Invocation, restoring: Bool) async throws -> Int32 {
        let model = DiaryEntryViewModel(diary: Diary(store: try call.openStore()), id: id)
        if restoring { await model.restore() } else { await model.delete() }
        return try reportTrashOperation(id, call, restoring: restoring, error: model.error, noun: "diary entry", app: "diary") { model.entry }
    }
}
