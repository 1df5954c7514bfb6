public import Foundation
public import KeepsakeDiary
public import KeepsakeStore
public import Observation

/// The compose / edit screen of a diary entry: a draft with an emotion picker and up to 10 photos,
/// validated before saving; saving an edit changes the text and the photos in one atomic operation.
@MainActor @Observable
public final class DiaryComposeViewModel: PhotoComposing, RecordComposing, FailureReporting {
    /// The entry being edited; `nil` when composing a new one.
    public let editingID: RecordID?
    /// Day and time of the entry.
    public var moment: Date
    /// The time zone the entry was written in.
    public var timeZone: TimeZone
    /// The emotion.
    public var emotion: Emotion
    /// Its intensity, 1...5.
    public var intensity: Int
    /// Optional title.
    public var title: String
    /// The text.
    public var text: String
    /// Tags as typed: separated by commas or spaces, `#` optional.
    public var tagsText: String
    /// The photos in order.
    public var images: ComposeImages
    /// The book a new entry goes in; the caller's own diary book when `nil` (an edit keeps the
    /// entry's book: moving it is another operation).
    public var book: BookID?
    /// The last failure, typed (its code decides how an edge answers); `nil` after a success.
    public var error: KeepsakeError?
    /// True while saving (``save()`` sets it).
    public var isSaving = false

    /// The diary.
    public let diary: Diary

    /// A new entry, now, in the current time zone.
    public init(diary: Diary, emotion: Emotion = .calm, now: Date = Date(), timeZone: TimeZone = .current) {
        self.diary = diary
        editingID = nil
        moment = now
        self.timeZone = timeZone
        self.emotion = emotion
        intensity = 3
        title = ""
        text = ""
        tagsText = ""
        images = ComposeImages(limit: diary.maxImages)
    }

    /// Edits `entry`.
    public init(diary: Diary, editing entry: DiaryEntry) {
        self.diary = diary
        editingID = entry.id
        moment = entry.moment
        timeZone = entry.timeZone
        emotion = entry.emotion
        intensity = entry.intensity
        title = entry.title ?? ""
        text = entry.text
        tagsText = entry.tags.joined(separator: ", ")
        images = ComposeImages(entry.images.map(ComposeImage.stored), limit: diary.maxImages)
    }

    /// The tags parsed from ``tagsText``.
    public var tags: [String] {
        DiaryDraft.tags(typed: tagsText)
    }

    /// The draft as it would be saved.
    public var draft: DiaryDraft {
        DiaryDraft(moment: moment, timeZone: timeZone, emotion: emotion, intensity: intensity,
                   title: title.isEmpty ? nil : title, text: text, tags: tags, images: images.sources, book: book)
    }

    /// Throws the first rule the draft breaks (its photos counted, not read).
    public func checkForm() throws {
        try checkPhotoForm(draft, maxImages: diary.maxImages, holder: "An entry")
    }

    /// Creates the entry, or applies the edit (text and photos together, in one atomic operation).
    public func saveOperation() -> @Sendable () throws -> DiaryEntry {
        let diary = diary, draft = draft, slots = images.slots
        guard let id = editingID else { return { try diary.create(draft) } }
        let edit = DiaryEdit(moment: draft.moment, timeZone: draft.timeZone, emotion: draft.emotion, intensity: draft.intensity,
                             title: draft.title ?? "", text: draft.text, tags: draft.tags)
        return { try diary.update(id, edit, images: slots) }
    }
}

extension DiaryDraft: PhotoDraft {}
