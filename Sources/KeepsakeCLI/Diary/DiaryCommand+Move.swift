import KeepsakeDiary
import KeepsakeStore

extension DiaryCommand: MovableRecords {
    /// The diary's collection.
    static var collection: CollectionName { Diary.collection }
    /// `diary`.
    static var app: String { "diary" }
    /// `diary entry`.
    static var noun: String { "diary entry" }

    /// Reads it through the diary, which refuses other apps' records.
    static func checkRecord(_ id: RecordID, in store: Store) throws { _ = try Diary(store: store).read(id) }
    /// As `show` prints it.
    static func printRecord(_ id: RecordID, in store: Store, heading: String, _ call: Invocation) throws {
        try printEntry(try Diary(store: store).read(id), call, heading: heading)
    }
}
