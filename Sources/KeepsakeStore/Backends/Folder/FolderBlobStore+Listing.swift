import Foundation

extension FolderBlobStore {
    /// Keys have exactly this many components (`attachments/<collection>/<record>/<file>`): the
    /// walk descends through the first three and reports a folder in place of a file as unexpected.
    static let keyDepth = 4

    /// Walks `attachments/` (or `thumbnails/` in the cache) in byte order of the keys, without
    /// following links: files are objects, empty record folders are reported so fsck can prune
    /// them, and links, devices and misplaced folders are unexpected. Resumes after `after`.
    public func list(prefix: String, after: String?, limit: Int) throws -> BlobListing {
        let area = String(prefix.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
        guard area == "attachments" || area == "thumbnails" else {
            throw KeepsakeError(.invalidArgument, "A folder store lists only attachments/ and thumbnails/, not \(KeepsakeError.printable(prefix)).")
        }
        let root = root(of: area)
        try checkStoreFolder(root)
        var walk = Walk(root: root, prefix: prefix, after: after, limit: max(1, limit))
        switch FileInspector.kind(of: root + "/" + area) {
        case .directory: try walk.visit(area, depth: 1)
        case .missing: break
        default: walk.emit(BlobEntry(key: area, kind: .unexpected), order: area)  // the area itself replaced by a link
        }
        return BlobListing(entries: walk.entries, nextAfter: walk.isFull ? walk.lastOrder : nil)
    }

    /// A depth-first walk in key order that stops after `limit` entries.
    private struct Walk {
        let root: String
        let prefix: String
        let after: String?
        let limit: Int
        var entries: [BlobEntry] = []
        var lastOrder: String?

        var isFull: Bool { entries.count >= limit }

        /// Emits `entry` if it sorts after `after` and matches the prefix; `order` is its sort key
        /// (a folder sorts as its name with a trailing `/`, where its contents would).
        mutating func emit(_ entry: BlobEntry, order: String) {
            // An odd entry above the prefix (the area itself replaced by a link) is reported too.
            let inPrefix = order.hasPrefix(prefix) || (entry.kind == .unexpected && prefix.hasPrefix(order))
            guard !isFull, inPrefix, after.map({ order > $0 }) ?? true else { return }
            entries.append(entry)
            lastOrder = order
        }

        mutating func visit(_ folder: String, depth: Int) throws {
            let names = try FileInspector.contents(of: root + "/" + folder)
            if names.isEmpty {
                emit(BlobEntry(key: folder, kind: .emptyFolder), order: folder + "/")
                return
            }
            var children: [(order: String, key: String, kind: FileKind)] = []
            for name in names {
                let key = folder + "/" + name
                let kind = FileInspector.kind(of: root + "/" + key)
                if kind == .missing { continue }  // removed meanwhile
                children.append((kind == .directory ? key + "/" : key, key, kind))
            }
            children.sort { $0.order < $1.order }  // byte order of the full keys below
            for child in children {
                guard !isFull else { return }
                switch child.kind {
                case .directory where depth < Self.descendLimit:
                    // Skip a whole folder that lies before `after` or outside the prefix.
                    if let after, child.order < after, !after.hasPrefix(child.order) { continue }
                    guard child.order.hasPrefix(prefix) || prefix.hasPrefix(child.order) else { continue }
                    try visit(child.key, depth: depth + 1)
                case .file(let size, _):
                    emit(BlobEntry(key: child.key, kind: .object(size: size)), order: child.order)
                default:
                    emit(BlobEntry(key: child.key, kind: .unexpected), order: child.order)
                }
            }
        }

        static var descendLimit: Int { FolderBlobStore.keyDepth - 1 }
    }
}
