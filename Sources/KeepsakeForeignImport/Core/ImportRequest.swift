public import Foundation

/// What one importer is asked to read and for which app: the export, the app that checks what
/// comes in (a `Diary` or a `Ledger`), the choices, and the name reports show. Every importer of an
/// app holds one (``DiaryImporter``, ``LedgerImporter``), so the four are said once.
public struct ImportRequest<App: Sendable, Options: Sendable>: Sendable {
    /// The file, zip or folder to read.
    public let file: URL
    /// The app whose rules check each record.
    public let app: App
    /// The choices.
    public let options: Options
    /// The name shown in reports (the file's path unless given).
    public let displayName: String

    /// A request to read `file` for `app`; `displayName` defaults to the file's path.
    public init(file: URL, app: App, options: Options, displayName: String? = nil) {
        self.file = file
        self.app = app
        self.options = options
        self.displayName = displayName ?? file.path
    }
}

/// An importer made from an ``ImportRequest`` (every importer of another app's export for one app:
/// ``DiaryImporter``, ``LedgerImporter``), with the request's parts at hand.
public protocol RequestedImporter: Importer {
    /// The app the records go to.
    associatedtype App: Sendable
    /// The choices of that app's importers.
    associatedtype Options: Sendable
    /// What to read, the app, the choices and the name in reports.
    var request: ImportRequest<App, Options> { get }
    /// An importer of `request`.
    init(_ request: ImportRequest<App, Options>)
}

extension RequestedImporter {
    /// The file, zip or folder to read.
    public var file: URL { request.file }
    /// The choices.
    public var options: Options { request.options }
    /// The name shown in reports.
    public var displayName: String { request.displayName }
}
