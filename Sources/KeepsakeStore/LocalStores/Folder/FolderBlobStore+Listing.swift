import Foundation

extension FolderBlobStore {
    /// Keys have exactly this many components (`attachments/<book>/<record>/<file>`, or `<collection>` for images stored before books had folders): the
    /// walk descends through the first three and reports a folder in place of a file as unexpected.
    static let keyDepth = 4

    /// Walks `attachments/` (or `thumbnails/` in the cache) in byte order of the keys, without
    /// following links: files are objects, empty record folders are reported so fsck can prune
    /// them, and links, devices and misplaced folders are unexpected. Resumes after `after`.
    ///
    /// A page costs a read of the folders it passes through plus a stat of each entry it returns;
    /// a page that continues the previous one (`after` is its `nextAfter`) takes the folders it
    /// stopped in from ``FolderListingCache`` instead of reading them again, so listing a store
    /// page by page costs about one walk of it. Within one listing a folder is read when the walk
    /// first enters it (see ``FolderListingCache`` for what that means for entries added meanwhile).
    public func list(prefix: String, after: String?, limit: Int) throws -> BlobListing {
        let area = String(prefix.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
        guard area == "attachments" || area == "thumbnails" else {
            throw KeepsakeError(.invalidArgument, "A folder store lists only attachments/ and thumbnails/, not \(KeepsakeError.printable(prefix)).")
        }
        let root = root(of: area)
        try checkStoreFolder(root)
        var walk = Walk(root: root, prefix: prefix, after: after, limit: max(1, limit),
                        folders: listingCache.take(prefix: prefix, after: after))
        switch FileInspector.kind(of: root + "/" + area) {
        case .directory: try walk.visit(area, depth: 1)
        case .missing: break
        default: walk.emit(BlobEntry(key: area, kind: .unexpected), order: area)  // the area itself replaced by a link
        }
        guard walk.isFull, let last = walk.lastOrder else { return BlobListing(entries: walk.entries, nextAfter: nil) }
        // The folders the page stopped in (those above its last entry), for the page that continues it.
        let stoppedIn = walk.folders.filter { last.hasPrefix($0.key + "/") }
        listingCache.keep(stoppedIn, prefix: prefix, continuation: last)
        return BlobListing(entries: walk.entries, nextAfter: last)
    }

    /// A depth-first walk in key order that stops after `limit` entries.
    private struct Walk {
        let root: String
        let prefix: String
        let after: String?
        let limit: Int
        /// Sorted names of the folders read so far (or kept by the page this one continues), by key.
        var folders: [String: [String]]
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

        /// Visits the children of `folder` in key order, stopping once the page is full.
        ///
        /// The names come sorted (`FileInspector.contents`); each child is examined (`lstat`) only
        /// when the walk reaches it, and children wholly before `after` are passed over without it,
        /// so a page costs a read of the folder plus the entries it returns, not a stat of every
        /// sibling (which made listing a 100,000-record collection page by page quadratic). A
        /// folder's place is its name with `/` appended, after siblings that extend its name with a
        /// byte below `/` (`a-b` comes before the folder `a`), so folders wait in `pending` until
        /// the walk has passed their place.
        mutating func visit(_ folder: String, depth: Int) throws {
            let names = try folders[folder] ?? FileInspector.contents(of: root + "/" + folder)
            folders[folder] = names
            if names.isEmpty {
                emit(BlobEntry(key: folder, kind: .emptyFolder), order: folder + "/")
                return
            }
            var pending: [String] = []  // keys of folders met but not yet placed, in order of `key + "/"`
            for name in Self.candidates(names, in: folder, after: after) {
                let key = folder + "/" + name
                // Wholly before `after`: as a file (`key`) and as a folder (`key/`), with `after` not inside it.
                if let after, key + "/" < after, !after.hasPrefix(key + "/") { continue }
                while let first = pending.first, first + "/" < key {
                    guard !isFull else { return }
                    pending.removeFirst()
                    try place(folder: first, depth: depth)
                }
                guard !isFull else { return }
                let kind = FileInspector.kind(of: root + "/" + key)
                switch kind {
                case .missing:
                    continue  // removed meanwhile
                case .directory:
                    let index = pending.firstIndex { $0 + "/" > key + "/" } ?? pending.endIndex
                    pending.insert(key, at: index)
                case .file(let size, _):
                    emit(BlobEntry(key: key, kind: .object(size: size)), order: key)
                default:
                    emit(BlobEntry(key: key, kind: .unexpected), order: key)
                }
            }
            for key in pending {
                guard !isFull else { return }
                try place(folder: key, depth: depth)
            }
        }

        /// The names of `folder`'s children (sorted) that may lie after `after`, in order, found
        /// by binary search rather than by comparing every sibling on every page.
        ///
        /// With `after` inside `folder` at the child `a` (`folder/a` or `folder/a/…`), those are the
        /// names from `a` on, and before them the proper prefixes `p` of `a` whose next byte in `a`
        /// sorts below `/`: the folder `p` is placed at `p/`, after `a` (the folder `a` comes after
        /// the file `a-b`, and the folder `a` after the folder `a-b`). Every other name before `a`
        /// differs from `a` by a smaller byte, or is a prefix followed by a larger one, and lies
        /// wholly before `after`.
        static func candidates(_ names: [String], in folder: String, after: String?) -> ArraySlice<String> {
            let inside = folder + "/"
            guard let after, after.hasPrefix(inside) else { return names[...] }
            let rest = after.dropFirst(inside.count)
            let child = String(rest.prefix { $0 != "/" })
            func lowerBound(_ name: String) -> Int {
                var low = 0, high = names.count
                while low < high {
                    let middle = (low + high) / 2
                    if names[middle] < name { low = middle + 1 } else { high = middle }
                }
                return low
            }
            let start = lowerBound(child)
            var prefixes: [String] = []
            var prefix = ""
            for character in child {
                if !prefix.isEmpty, character < "/" {
                    let index = lowerBound(prefix)
                    if index < names.count, names[index] == prefix { prefixes.append(prefix) }
                }
                prefix.append(character)
            }
            return prefixes.isEmpty ? names[start...] : ArraySlice(prefixes + names[start...])
        }

        /// A child folder of a folder at `depth`, at its place in the walk: descended into (unless
        /// it lies wholly before `after` or outside the prefix), or, below the depth where keys end,
        /// reported as unexpected.
        private mutating func place(folder key: String, depth: Int) throws {
            let order = key + "/"
            guard depth < Self.descendLimit else {
                emit(BlobEntry(key: key, kind: .unexpected), order: order)
                return
            }
            if let after, order < after, !after.hasPrefix(order) { return }
            guard order.hasPrefix(prefix) || prefix.hasPrefix(order) else { return }
            try visit(key, depth: depth + 1)
        }

        static var descendLimit: Int { FolderBlobStore.keyDepth - 1 }
    }
}
