public import Foundation
import KeepsakeStore

/// An export on disk, as a folder: the folder the user gave, or a zip unpacked into a temporary
/// folder that is removed when the value is released (and, if the process was killed, by the next
/// import).
///
/// Only the files an importer asks for are unpacked (a Day One export's videos are never written
/// out), names are checked (no `..`, no absolute paths, no links: such entries are left out), and
/// sizes are limited, so a hostile zip cannot write outside the folder or fill the disk.
public final class ExportFolder: Sendable {
    /// The most bytes a zip may unpack to unless the caller says otherwise (16 GiB).
    public static let defaultMaxUnpackedBytes: Int64 = 16 << 30

    /// The folder.
    public let root: URL
    /// The export as the user named it.
    public let displayName: String
    /// Whether the export was a zip (the folder is then temporary).
    public let isZip: Bool
    /// Entries of the zip left out because their names are unsafe.
    public let unsafeEntries: [String]

    private init(root: URL, displayName: String, isZip: Bool, unsafeEntries: [String]) {
        self.root = root
        self.displayName = displayName
        self.isZip = isZip
        self.unsafeEntries = unsafeEntries
    }

    deinit {
        if isZip { try? FileManager.default.removeItem(at: root) }
    }

    /// Opens `url`: a folder as it is, or a zip (recognised by its first bytes, whatever its name)
    /// unpacked with the entries for which `extract` returns true.
    ///
    /// - Throws: ``KeepsakeError`` `.notFound` when nothing is there, `.invalidArgument` for a file that
    ///   is neither a folder nor a zip, or for a damaged or truncated zip (nothing is imported from it).
    ///   `maxBytes` caps what a zip may unpack to (a zip bomb stops there, and nothing is imported).
    ///   `displayName` is how messages name the export (its path unless given).
    public static func open(_ url: URL, displayName: String? = nil, maxBytes: Int64 = ExportFolder.defaultMaxUnpackedBytes,
                            extract: (String) -> Bool) throws -> ExportFolder {
        let shown = displayName ?? url.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw KeepsakeError(.notFound, "\(KeepsakeError.printable(shown)) does not exist; give the path of the export.", path: url.path)
        }
        if isDirectory.boolValue {
            return ExportFolder(root: url, displayName: shown, isZip: false, unsafeEntries: [])
        }
        guard try isZipFile(url) else {
            throw KeepsakeError(.invalidArgument, "\(KeepsakeError.printable(shown)) is neither a folder nor a zip file.", path: url.path)
        }
        let folder = try temporaryFolder()
        do {
            let unsafe = try ZipExtractor(path: url.path, displayName: shown).extract(into: folder, maxTotalBytes: maxBytes, accepting: extract)
            return ExportFolder(root: folder, displayName: shown, isZip: true, unsafeEntries: unsafe)
        } catch {
            try? FileManager.default.removeItem(at: folder)
            throw error
        }
    }

    /// Whether the file at `url` starts like a zip (`PK\3\4`, or `PK\5\6` for an empty one).
    ///
    /// - Throws: ``KeepsakeError`` `.notFound` when there is no such file (named as `displayName`).
    public static func isZipFile(_ url: URL, displayName: String? = nil) throws -> Bool {
        let shown = KeepsakeError.printable(displayName ?? url.path)
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw KeepsakeError(.notFound, "\(shown) does not exist; check the path.", path: url.path)
        }
        guard let handle = FileHandle(forReadingAtPath: url.path) else {
            throw KeepsakeError(.readOnly, "Cannot read \(shown): check that it is readable by this user.", path: url.path)
        }
        defer { try? handle.close() }
        let head = [UInt8]((try? handle.read(upToCount: 4)) ?? Data())
        return head.count == 4 && head[0] == 0x50 && head[1] == 0x4B && ((head[2] == 3 && head[3] == 4) || (head[2] == 5 && head[3] == 6))
    }

    /// Every regular file under the folder (or under its subfolder `under`), as relative paths with
    /// `/`, sorted. Symbolic links are left out.
    public func files(under subfolder: String? = nil) -> [String] {
        let start = subfolder.map { root.appendingPathComponent($0, isDirectory: true) } ?? root
        guard let enumerator = FileManager.default.enumerator(at: start, includingPropertiesForKeys: [.isRegularFileKey, .isSymbolicLinkKey]) else { return [] }
        var result: [String] = []
        let prefix = root.standardizedFileURL.path + "/"
        for case let url as URL in enumerator {
            let values = try? url.resourceValues(forKeys: [.isRegularFileKey, .isSymbolicLinkKey])
            guard values?.isRegularFile == true, values?.isSymbolicLink != true else { continue }
            let path = url.standardizedFileURL.path
            guard path.hasPrefix(prefix) else { continue }
            let relative = String(path.dropFirst(prefix.count))
            if relative.hasPrefix("__MACOSX/") || relative.split(separator: "/").last?.hasPrefix("._") == true { continue }
            result.append(relative)
        }
        return result.sorted()
    }

    /// The URL of a relative path inside the folder.
    public func url(_ relative: String) -> URL { root.appendingPathComponent(relative) }

    /// Makes `<tmp>/keepsake-import-<pid>-<random>`, first removing such folders of processes that
    /// no longer run (an import that was killed).
    private static func temporaryFolder() throws -> URL {
        let base = FileManager.default.temporaryDirectory
        let names = (try? FileManager.default.contentsOfDirectory(atPath: base.path)) ?? []
        for name in names where name.hasPrefix("keepsake-import-") {
            let parts = name.split(separator: "-")
            if parts.count >= 4, let pid = Int32(parts[2]), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH {
                try? FileManager.default.removeItem(at: base.appendingPathComponent(name))
            }
        }
        let folder = base.appendingPathComponent("keepsake-import-\(getpid())-\(UUID().uuidString.prefix(8).lowercased())", isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        } catch {
            throw KeepsakeError(.io, "Cannot make a temporary folder to unpack the export in \(base.path): \(error.localizedDescription)", path: base.path)
        }
        return folder
    }
}
