public import Foundation

/// Where a store keeps its files.
///
/// - `dataDirectory` holds the database, the originals (`attachments/`), staging of writes in
///   flight, process locks and `lost+found/`. It must be on one file system so renames are atomic.
/// - `cacheDirectory` holds re-creatable files: thumbnails and the named image cache.
public struct StoreLocation: Sendable, Hashable {
    /// Database, originals, staging, locks.
    public var dataDirectory: URL
    /// Thumbnails and other re-creatable files.
    public var cacheDirectory: URL

    /// Everything under one folder: `<root>` for data and `<root>/cache` for re-creatable files.
    /// This is what `--store DIR` and `KEEPSAKE_HOME` select.
    public init(root: URL) {
        dataDirectory = root.standardizedFileURL
        cacheDirectory = root.standardizedFileURL.appendingPathComponent("cache", isDirectory: true)
    }

    /// Separate data and cache folders.
    public init(dataDirectory: URL, cacheDirectory: URL) {
        self.dataDirectory = dataDirectory.standardizedFileURL
        self.cacheDirectory = cacheDirectory.standardizedFileURL
    }

    /// The default location for this user, from the environment:
    /// `KEEPSAKE_HOME` if set (everything under it); otherwise `$XDG_DATA_HOME/keepsake`
    /// (default `~/.local/share/keepsake`) and `$XDG_CACHE_HOME/keepsake` (default `~/.cache/keepsake`).
    public static func defaultLocation(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> StoreLocation {
        if let home = environment["KEEPSAKE_HOME"], !home.isEmpty {
            return StoreLocation(root: URL(fileURLWithPath: home, isDirectory: true))
        }
        guard let userHome = environment["HOME"], !userHome.isEmpty else {
            throw KeepsakeError(.invalidArgument, "Neither KEEPSAKE_HOME nor HOME is set, so there is no default store; pass --store DIR or set KEEPSAKE_HOME.")
        }
        func base(_ variable: String, _ fallback: String) -> URL {
            // XDG: a relative value is invalid and must be ignored.
            if let value = environment[variable], value.hasPrefix("/") { return URL(fileURLWithPath: value, isDirectory: true) }
            return URL(fileURLWithPath: userHome, isDirectory: true).appendingPathComponent(fallback, isDirectory: true)
        }
        return StoreLocation(
            dataDirectory: base("XDG_DATA_HOME", ".local/share").appendingPathComponent("keepsake", isDirectory: true),
            cacheDirectory: base("XDG_CACHE_HOME", ".cache").appendingPathComponent("keepsake", isDirectory: true))
    }

    /// The SQLite database file.
    public var databaseURL: URL { dataDirectory.appendingPathComponent("keepsake.sqlite") }
    /// The folder of originals.
    public var attachmentsDirectory: URL { dataDirectory.appendingPathComponent("attachments", isDirectory: true) }
    /// The folder of thumbnails.
    public var thumbnailsDirectory: URL { cacheDirectory.appendingPathComponent("thumbnails", isDirectory: true) }
    /// Per-process staging folders for writes in flight.
    var stagingDirectory: URL { dataDirectory.appendingPathComponent("staging", isDirectory: true) }
    /// Per-process lock files.
    var locksDirectory: URL { dataDirectory.appendingPathComponent("locks", isDirectory: true) }
    /// Where `fsck --repair` moves files it found but nothing refers to.
    public var lostAndFoundDirectory: URL { dataDirectory.appendingPathComponent("lost+found", isDirectory: true) }
}
