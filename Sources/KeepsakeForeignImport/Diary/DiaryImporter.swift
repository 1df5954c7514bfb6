public import Foundation
public import KeepsakeDiary

/// An importer of diary entries from another app (``DayOneImporter``, ``DaylioImporter``,
/// ``JourneyImporter``).
public protocol DiaryImporter: RequestedImporter where App == Diary, Options == DiaryImportOptions {}

extension DiaryImporter {
    /// An importer of `file` (a zip, folder or file) into `diary`.
    public init(file: URL, diary: Diary, options: DiaryImportOptions = DiaryImportOptions(), displayName: String? = nil) {
        self.init(ImportRequest(file: file, app: diary, options: options, displayName: displayName))
    }

    /// An importer of the export at `export` (a zip or folder) into `diary`.
    public init(export: URL, diary: Diary, options: DiaryImportOptions = DiaryImportOptions(), displayName: String? = nil) {
        self.init(file: export, diary: diary, options: options, displayName: displayName)
    }

    /// Checks the entries.
    public var diary: Diary { request.app }
}
