import Foundation
import KeepsakeDiary
import KeepsakeForeignImport
import KeepsakeLedger
import KeepsakeStore
import KeepsakeTestSupport
import Testing
import KeepsakeSupport

/// The real export files of the shared corpus (`imports/`), and helpers the import tests share.
enum ImportCorpus {
    /// A file or folder under `imports/`.
    static func url(_ path: String) -> URL { Corpus.url("imports/" + path) }

    /// Every file listed in `imports/MANIFEST.tsv` (paths relative to `imports/`).
    static let manifest: [String] = {
        guard let text = try? String(contentsOf: url("MANIFEST.tsv"), encoding: .utf8) else { return [] }
        return text.split(separator: "\n").dropFirst().compactMap { line in line.split(separator: "\t").first.map(String.init) }
    }()

    /// The SHA-256 of a corpus file.
    static func sha256(_ path: String) throws -> String { SHA256.hex(try Data(contentsOf: url(path))) }

    /// A fresh store with the real libvips processor.
    static func store(_ directory: TemporaryDirectory) throws -> Store { try TestStores.open(directory) }

    /// Every record of a collection, live and trashed, oldest first.
    static func records(_ store: Store, _ collection: CollectionName) throws -> [Record] {
        var query = RecordQuery(collection: collection)
        query.descending = false
        query.limit = 1000
        query.trash = .all
        return try store.allRecords(matching: query)
    }

    /// The record imported from `sourceID`.
    static func record(_ store: Store, _ collection: CollectionName, sourceID: String) throws -> Record {
        let found = try records(store, collection).filter { $0.fields["importID"]?.stringValue == sourceID }
        try #require(found.count == 1, "one record for \(sourceID), found \(found.count)")
        return found[0]
    }

    /// `date` written in `zone` as `yyyy-MM-dd'T'HH:mm:ssxxx`.
    static func local(_ date: Date, _ zone: TimeZone) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = zone
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ssxxx"
        return formatter.string(from: date)
    }

    /// Copies a corpus folder into `directory` (to damage the copy).
    static func copy(_ path: String, into directory: TemporaryDirectory, as name: String? = nil) throws -> URL {
        let target = directory.appending(name ?? (path as NSString).lastPathComponent)
        try FileManager.default.copyItem(at: url(path), to: target)
        // The corpus is read-only; the copy must be writable to be damaged.
        let enumerator = FileManager.default.enumerator(atPath: target.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: target.path)
        while let relative = enumerator?.nextObject() as? String {
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: target.appendingPathComponent(relative).path)
        }
        return target
    }
}
