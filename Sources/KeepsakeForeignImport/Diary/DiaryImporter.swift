public import Foundation
public import KeepsakeDiary

/// An importer of diary entries from another app (``DayOneImporter``, ``DaylioImporter``,
/// ``JourneyImporter``): made from an ``ImportRequest`` for a `Diary`, with its parts at hand.
public protocol DiaryImporter: Importer {
    /// What to read, the diary, the choices and the name in reports.
    var request: ImportRequest<Diary, DiaryImportOptions> { get }
    /// An importer of `request`.
    init(_ request: ImportRequest<Diary, DiaryImportOptions>)
}

extension DiaryImporter {
    /// An importer of `file` (a zip, folder or file) into `diary`.
    public init(file: URL, diary: Diary, options: DiaryImportOptions = DiaryImportOptions(), displayName: String? = nil) {
        self.init(ImportRequest(file: file, app: diary, options: options, displayName: displayName))
    }

    /// An importer of the export at `export` (a zip or folder) into `diary`.
    public init(export: URL, diary: Diary, options: DiaryImportOptions = DiaryImportOptions(), displayName: String? = nil) {
        self.init(file: export, diary: diary, options: options, displayName: displayName)
    }

    /// The zip, folder or file to read.
    public var file: URL { request.file }
    /// Checks the entries.
    public var diary: Diary { request.app }
    /// Choices.
    public var options: DiaryImportOptions { request.options }
    /// The name shown in reports.
    public var displayName: String { request.displayName }
}
