public import Foundation

/// A fresh folder under the system temporary folder, removed when the value is released.
public final class TemporaryDirectory: @unchecked Sendable {
    /// The folder.
    public let url: URL
    /// Its path.
    public var path: String { url.path }

    /// Creates `…/keepsake-test-<label>-<uuid>`.
    public init(_ label: String = "store") {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("keepsake-test-\(label)-\(UUID().uuidString.prefix(8))", isDirectory: true)
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// A path inside the folder.
    public func appending(_ component: String) -> URL { url.appendingPathComponent(component) }
}
