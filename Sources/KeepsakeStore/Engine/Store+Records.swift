public import Foundation
import KeepsakeSupport

extension Store {
    /// Creates a record with its images, all or nothing.
    ///
    /// The images are decoded and encoded first (``StoreOptions/processingConcurrency`` at a time,
    /// through the instance's batch processor); any bad image fails the whole call
    /// before anything is written.
    @discardableResult
    public func create(_ draft: RecordDraft) throws -> Record {
        let id = draft.id ?? RecordID()
        try checkImageCount(draft.images.count)
        try Self.checkFields(draft.fields)
        let staged = try process(try loadInputs(draft.images), policy: draft.policy ?? options.encodingPolicy)
        return try create(draft, id: id, staged: staged)
    }

    /// Creates several records, one operation each, in order: the images of the next record are
    /// decoded while the current one is written and committed, so a batch (an import, the demo)
    /// keeps every core busy. Each record is all or nothing; the batch is not.
    ///
    /// - Throws: The first failure. The records before it are created (and stay); the failing
    ///   one and those after it are not. Every draft is checked (fields, image count) before any
    ///   is processed, so a bad draft anywhere fails the batch before anything is written.
    @discardableResult
    public func create(_ drafts: [RecordDraft]) throws -> [Record] {
        for draft in drafts {
            try checkImageCount(draft.images.count)
            try Self.checkFields(draft.fields)
        }
        let ids = drafts.map { $0.id ?? RecordID() }
        return try batchProcessor.pipeline(Array(zip(ids, drafts)), inputs: { try loadInputs($0.1.images) },
                                           policy: { $0.1.policy ?? options.encodingPolicy }, thumbnailSizes: options.thumbnailSizes) { item, images in
            try create(item.1, id: item.0, staged: images)
        }
    }

    /// Writes a checked draft whose images are processed.
    private func create(_ draft: RecordDraft, id: RecordID, staged: [HashedImage]) throws -> Record {
        let date = (draft.date ?? clock()).timeIntervalSince1970
        let record = try perform(kind: .create, id: id, collection: draft.collection, creating: true, book: draft.book, staged: staged) { _ in
            (RecordTarget(date: date, fields: draft.fields, trashedAt: nil, images: staged.indices.map(ImageRef.new), book: draft.book), .inserted)
        }
        return record!
    }

    /// Changes a record's date and fields: `set` adds or replaces fields, `remove` deletes them.
    /// With `expectedVersion`, the change applies only if the record is still at that version
    /// (checked inside the commit); otherwise ``KeepsakeError/Code/conflict``: reload and try again.
    @discardableResult
    public func update(_ id: RecordID, date: Date? = nil, set: [String: FieldValue] = [:], remove: [String] = [],
                       expectedVersion: Int64? = nil) throws -> Record {
        try Self.checkFields(set)
        for key in remove { try Self.checkFieldName(key) }
        return try mutate(id, kind: .update) { current, target in
            try Self.check(current, expectedVersion)
            if let date { target.date = date.timeIntervalSince1970 }
            for key in remove { target.fields[key] = nil }
            target.fields.merge(set) { _, new in new }
        }
    }

    /// Adds images to a record, at the end or before `index`.
    @discardableResult
    public func addImages(_ sources: [ImageSource], to id: RecordID, at index: Int? = nil, policy: ImageEncodingPolicy? = nil,
                          expectedVersion: Int64? = nil) throws -> Record {
        guard !sources.isEmpty else { return try record(id) }
        let staged = try process(try loadInputs(sources), policy: policy ?? options.encodingPolicy)
        return try mutate(id, kind: .addImages, staged: staged, expectedVersion: expectedVersion) { current, target in
            let at = index ?? target.images.count
            guard (0...target.images.count).contains(at) else {
                throw KeepsakeError(.invalidArgument, "Cannot insert at index \(at): valid positions are 0 to \(target.images.count).")
            }
            target.images.insert(contentsOf: staged.indices.map(ImageRef.new), at: at)
        }
    }

    /// Replaces the image at `index` with a new one (seed 000's "update image at index n"). The old
    /// file is removed only after the commit that stops referring to it.
    @discardableResult
    public func replaceImage(of id: RecordID, at index: Int, with source: ImageSource, policy: ImageEncodingPolicy? = nil,
                             expectedVersion: Int64? = nil) throws -> Record {
        let staged = try process(try loadInputs([source]), policy: policy ?? options.encodingPolicy)
        return try mutate(id, kind: .replaceImage, staged: staged, expectedVersion: expectedVersion) { current, target in
            guard target.images.indices.contains(index) else { throw KeepsakeError.imageIndexOutOfRange(index, count: target.images.count) }
            target.images[index] = .new(0)
        }
    }

    /// Removes the image at `index`; later images move up by one.
    @discardableResult
    public func removeImage(of id: RecordID, at index: Int, expectedVersion: Int64? = nil) throws -> Record {
        try mutate(id, kind: .removeImage, expectedVersion: expectedVersion) { current, target in
            guard target.images.indices.contains(index) else { throw KeepsakeError.imageIndexOutOfRange(index, count: target.images.count) }
            target.images.remove(at: index)
        }
    }

    /// Moves the image at `from` to position `to`. No file is touched.
    @discardableResult
    public func moveImage(of id: RecordID, from: Int, to: Int, expectedVersion: Int64? = nil) throws -> Record {
        try mutate(id, kind: .moveImage, expectedVersion: expectedVersion) { current, target in
            guard target.images.indices.contains(from) else { throw KeepsakeError.imageIndexOutOfRange(from, count: target.images.count) }
            guard target.images.indices.contains(to) else { throw KeepsakeError.imageIndexOutOfRange(to, count: target.images.count) }
            target.images.insert(target.images.remove(at: from), at: to)
        }
    }

    /// Puts the images in a new order: `order[i]` is the current index of the image that goes to
    /// position `i`, and `order` must be a permutation of the current indexes. No file is touched.
    @discardableResult
    public func reorderImages(of id: RecordID, order: [Int], expectedVersion: Int64? = nil) throws -> Record {
        try mutate(id, kind: .reorderImages, expectedVersion: expectedVersion) { current, target in
            guard order.sorted() == Array(target.images.indices) else {
                throw KeepsakeError(.invalidArgument, "The new order \(order.map(String.init).joined(separator: " ")) must list each of the indexes 0 to \(target.images.count - 1) exactly once.")
            }
            let before = target.images
            target.images = order.map { before[$0] }
        }
    }

    /// Replaces the whole ordered set of images (seed 002's update): keep stored images by id, add
    /// new ones; images left out are removed after the commit. A new image whose bytes equal an image
    /// the record already has reuses that file: unchanged images are never rewritten.
    @discardableResult
    public func setImages(of id: RecordID, to slots: [ImageSlot], policy: ImageEncodingPolicy? = nil, expectedVersion: Int64? = nil) throws -> Record {
        try edit(id, images: slots, policy: policy, expectedVersion: expectedVersion)
    }

    /// Changes a record's date, fields and (optionally) its whole image set in ONE atomic operation:
    /// the edit screen's "done". `images` works as in ``setImages(of:to:policy:)``; `nil` keeps them.
    @discardableResult
    public func edit(_ id: RecordID, date: Date? = nil, set: [String: FieldValue] = [:], remove: [String] = [],
                     images slots: [ImageSlot]?, policy: ImageEncodingPolicy? = nil, expectedVersion: Int64? = nil) throws -> Record {
        try Self.checkFields(set)
        for key in remove { try Self.checkFieldName(key) }
        guard let slots else {
            return try update(id, date: date, set: set, remove: remove, expectedVersion: expectedVersion)
        }
        try checkImageCount(slots.count)
        let snapshot = try record(id)
        let bySource = Dictionary(snapshot.images.map { ($0.sourceSHA256, $0.id) }, uniquingKeysWith: { first, _ in first })
        let byStored = Dictionary(snapshot.images.map { ($0.sha256, $0.id) }, uniquingKeysWith: { first, _ in first })
        var refs: [ImageRef] = []
        var inputs: [ImageInput] = []
        for slot in slots {
            switch slot {
            case .existing(let attachmentID):
                refs.append(.existing(attachmentID))
            case .new(let source):
                let input = try source.loadInput(limit: options.maxInputBytes)
                let hash = SHA256.hex(input.bytes)
                if let reuse = bySource[hash] ?? byStored[hash], !refs.contains(.existing(reuse)) {
                    refs.append(.existing(reuse))
                } else {
                    refs.append(.new(inputs.count))
                    inputs.append(input)
                }
            }
        }
        let staged = try process(inputs, policy: policy ?? options.encodingPolicy)
        return try mutate(id, kind: .edit, staged: staged) { current, target in
            try Self.check(current, expectedVersion)
            if let date { target.date = date.timeIntervalSince1970 }
            for key in remove { target.fields[key] = nil }
            target.fields.merge(set) { _, new in new }
            target.images = refs
        }
    }

    /// Moves a record to the trash. Its images stay until the trash is purged. With
    /// `expectedVersion` (here and in the image operations), only if the record is still at that
    /// version, checked inside the commit; otherwise ``KeepsakeError/Code/conflict``.
    @discardableResult
    public func trash(_ id: RecordID, expectedVersion: Int64? = nil) throws -> Record {
        try mutate(id, kind: .trash, change: .trashed, allowTrashed: true, expectedVersion: expectedVersion) { current, target in
            guard current.trashedAt == nil else { throw KeepsakeError(.conflict, "Record \(id) is already in the trash.") }
            target.trashedAt = now()
        }
    }

    /// Takes a record out of the trash.
    @discardableResult
    public func restore(_ id: RecordID, expectedVersion: Int64? = nil) throws -> Record {
        try mutate(id, kind: .restore, change: .restored, allowTrashed: true, expectedVersion: expectedVersion) { current, target in
            guard current.trashedAt != nil else { throw KeepsakeError(.conflict, "Record \(id) is not in the trash, so there is nothing to restore.") }
            target.trashedAt = nil
        }
    }

    /// Removes a record and its images for good, whether or not it is in the trash.
    public func purge(_ id: RecordID) throws {
        let collection = try record(id).collection
        _ = try perform(kind: .purge, id: id, collection: collection, creating: false, staged: []) { current in
            (nil, .deleted)
        }
    }

    /// Removes a record for good only if it is in the trash (and, with `trashedBefore`, was trashed at
    /// or before that moment), checked inside the purge's own transaction: a record restored a moment
    /// earlier, even by another process, is never lost. Returns whether it was purged.
    @discardableResult
    public func purgeIfTrashed(_ id: RecordID, trashedBefore cutoff: Date? = nil) throws -> Bool {
        struct NotInTrash: Error {}
        guard let collection = try recordIfPresent(id)?.collection else { return false }
        do {
            _ = try perform(kind: .purge, id: id, collection: collection, creating: false, staged: []) { current in
                guard let trashedAt = current?.trashedAt, cutoff.map({ trashedAt <= $0 }) ?? true else { throw NotInTrash() }
                return (nil, .deleted)
            }
            return true
        } catch is NotInTrash {
            return false
        } catch let error as KeepsakeError where error.code == .notFound {
            return false  // purged by someone else meanwhile
        }
    }

    /// Purges every record that has been in the trash longer than `age` seconds (all of them when
    /// `age` is `nil`), of one collection or of all, one atomic purge per record; each record is checked
    /// again inside its purge, so one restored meanwhile survives. Returns the ids purged.
    @discardableResult
    public func purgeTrash(olderThan age: TimeInterval? = nil, in collection: CollectionName? = nil) throws -> [RecordID] {
        if let age, !(age.isFinite && age >= 0) {
            throw KeepsakeError(.invalidArgument, "The trash age must be zero or more seconds; \(age) was given.")
        }
        let cutoff = age.map { clock().addingTimeInterval(-$0) }
        // Only the trash of books the caller writes: purging is a write.
        let ids = try metadata.read(as: caller) { tx in
            try tx.trashed(before: cutoff?.timeIntervalSince1970 ?? Double.greatestFiniteMagnitude, in: collection, books: try access(tx).writable)
        }
        return try ids.filter { try purgeIfTrashed($0, trashedBefore: cutoff) }
    }

    // MARK: - Helpers

    private static func check(_ current: Record, _ expectedVersion: Int64?) throws {
        if let expectedVersion, current.version != expectedVersion {
            throw KeepsakeError(.conflict, "Record \(current.id) was changed by someone else meanwhile (version \(current.version), expected \(expectedVersion)); nothing was changed.", remedy: .reloadAndRetry)
        }
    }

    private func checkImageCount(_ count: Int) throws {
        guard count <= options.maxImagesPerRecord else {
            throw KeepsakeError(.limitExceeded, "A record can hold at most \(options.maxImagesPerRecord) images; \(count) were given. Nothing was stored.")
        }
    }

    /// Runs an update whose target is the current state changed by `change`.
    private func mutate(_ id: RecordID, kind: IntentKind, staged: [HashedImage] = [], change: ChangeKind = .updated, allowTrashed: Bool = false,
                        expectedVersion: Int64? = nil, _ edit: (Record, inout RecordTarget) throws -> Void) throws -> Record {
        let collection = try metadata.read(as: caller) { tx in try readableRecord(id, tx, try access(tx)).collection }
        let record = try perform(kind: kind, id: id, collection: collection, creating: false, staged: staged) { current in
            let current = current!
            try Self.check(current, expectedVersion)
            if !allowTrashed, current.trashedAt != nil {
                throw KeepsakeError(.conflict, "Record \(id) is in the trash; restore it before changing it.")
            }
            var target = RecordTarget(date: current.date.timeIntervalSince1970, fields: current.fields,
                                      trashedAt: current.trashedAt?.timeIntervalSince1970, images: current.images.map { .existing($0.id) })
            try edit(current, &target)
            return (target, change)
        }
        return record!
    }
}
