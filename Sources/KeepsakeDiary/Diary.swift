public import Foundation
public import KeepsakeStore

/// The emotion diary: entries with an emotion, words, tags and ordered photos, kept in a ``Store``
/// collection named `diary`.
///
/// Every operation is one atomic store operation (a photo is never half-added, a deleted entry's photos
/// stay until the trash is purged). Entries are checked on the way in (``DiaryDraft/validate(maxImages:)``)
/// and on the way out (``DiaryEntry/init(record:)``). `Diary` is a value holding the store: make one
/// wherever it is needed, they all see the same data.
public struct Diary: Sendable {
    /// The store collection diary entries live in.
    public static let collection: CollectionName = "diary"

    /// The store.
    public let store: Store
    /// The most photos one entry may hold.
    public let maxImages: Int
    /// Only the records of these books are listed, counted, searched and summed up (the switcher of
    /// the web pages, `--book` of the command line); `nil`: every book the caller reads. The engine
    /// narrows it to what the caller reads: a book it cannot read shows nothing.
    public var books: Set<BookID>?

    /// A diary on `store`.
    ///
    /// - Parameters:
    ///   - maxImages: the most photos per entry (default 10); clamped to 0...the store's own limit.
    public init(store: Store, maxImages: Int = DiaryLimits.defaultMaxImages) {
        self.store = store
        self.maxImages = min(max(0, maxImages), store.options.maxImagesPerRecord)
    }

    // MARK: - Entries

    /// Saves a new entry with its photos, all or nothing; throws the draft's validation error, or an
    /// image error naming the photo that could not be read, before anything is stored.
    @discardableResult
    public func create(_ draft: DiaryDraft) throws -> DiaryEntry {
        let valid = try draft.normalized(maxImages: maxImages)
        let record = try store.create(RecordDraft(collection: Self.collection, date: valid.moment, fields: valid.content.fields, images: valid.images, id: valid.id,
                                                       book: valid.book))
        return try DiaryEntry(record: record)
    }

    /// The entry with `id`, live or in the trash; ``KeepsakeError/Code/notFound`` if there is no such
    /// diary entry.
    public func read(_ id: RecordID) throws -> DiaryEntry {
        try DiaryEntry(record: try appRecord(id))
    }

    /// Changes an entry's moment, time zone, emotion, intensity, title, text or tags in one atomic
    /// update. The result is checked with the same rules as a new entry (an edit that would leave
    /// neither title nor text is refused). A trashed entry must be restored first.
    ///
    /// With `images`, the whole photo set is replaced too (as ``setImages(of:to:)`` does), for a
    /// compose screen that saves words and photos together, in ONE atomic operation: if a photo
    /// cannot be read, neither the words nor the photos change.
    ///
    /// With `expectedVersion`, only if the entry is still at that version:
    /// ``KeepsakeError/Code/conflict`` otherwise, and nothing changes.
    @discardableResult
    public func update(_ id: RecordID, _ edit: DiaryEdit, images: [ImageSlot]? = nil, expectedVersion: Int64? = nil) throws -> DiaryEntry {
        let record = try appRecord(id)
        try KeepsakeError.checkVersion(id, current: record.version, expected: expectedVersion)
        let current = try DiaryEntry(record: record)
        guard !current.isTrashed else {
            throw KeepsakeError(.conflict, "Diary entry \(id) is in the trash; restore it before changing it.")
        }
        let merged = DiaryDraft(moment: edit.moment ?? current.moment, timeZone: edit.timeZone ?? current.timeZone,
                                emotion: edit.emotion ?? current.emotion, intensity: edit.intensity ?? current.intensity,
                                title: edit.title ?? current.title, text: edit.text ?? current.text, tags: edit.tags ?? current.tags)
        let valid = try merged.normalized(maxImages: .max)
        // Only the edited fields (and those derived from them) are written, so two edits of different
        // fields made at the same time both survive.
        var set: [String: FieldValue] = [:]
        var remove: [String] = []
        if edit.moment != nil || edit.timeZone != nil {
            set.merge(DiaryContent.timeFields(moment: valid.moment, timeZone: valid.timeZone)) { _, new in new }
        }
        if edit.emotion != nil { set[DiaryField.emotion] = .string(valid.emotion.rawValue) }
        if edit.intensity != nil { set[DiaryField.intensity] = .integer(Int64(valid.intensity)) }
        if edit.title != nil {
            if let title = valid.title { set[DiaryField.title] = .string(title) } else { remove.append(DiaryField.title) }
        }
        if edit.text != nil { set[DiaryField.text] = .string(valid.text) }
        if edit.tags != nil { set[DiaryField.tags] = .strings(valid.tags) }

        if let images { try checkImageCount(images.count, adding: nil) }
        guard images != nil || !set.isEmpty || !remove.isEmpty else { return current }
        // One engine operation: the words and the photo set change together or not at all.
        // The rules were checked against `current`: apply only if nobody changed the entry since.
        return try DiaryEntry(record: try store.edit(id, date: edit.moment, set: set, remove: remove, images: images,
                                                     expectedVersion: record.version))
    }

    /// Same as ``update(_:_:images:expectedVersion:)``, with the changes as arguments.
    @discardableResult
    public func update(_ id: RecordID, moment: Date? = nil, timeZone: TimeZone? = nil, emotion: Emotion? = nil, intensity: Int? = nil,
                       title: String? = nil, text: String? = nil, tags: [String]? = nil) throws -> DiaryEntry {
        try update(id, DiaryEdit(moment: moment, timeZone: timeZone, emotion: emotion, intensity: intensity, title: title, text: text, tags: tags))
    }

    /// The number of live entries.
    public func count() throws -> Int {
        try store.count(Self.collection, books: books)
    }

    /// The record of a diary entry; `notFound` for a missing id or a record of another collection.
    public func appRecord(_ id: RecordID) throws -> Record {
        guard let record = try store.recordIfPresent(id), record.collection == Self.collection else {
            throw KeepsakeError(.notFound, "No diary entry with id \(id) exists; list the entries to see valid ids.")
        }
        return record
    }
}
