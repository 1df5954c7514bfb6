import KeepsakeDiary
import KeepsakeStore

extension DiaryCommand: MovableRecords {
    /// The diary's collection.
    static var collection: CollectionName { Diary.collection }
    /// `diary`.
    static var app: String { "diary" }
    /// `diary entry`.
    static var noun: String { "diary entry" }
}
