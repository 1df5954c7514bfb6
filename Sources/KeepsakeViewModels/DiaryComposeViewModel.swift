public import Foundation
public import KeepsakeDiary
public import KeepsakeStore
public import Observation

/// The compose / edit screen of a diary entry: a draft with an emotion picker and up to 10 photos,
/// validated before saving; saving an edit changes the text and the photos in one atomic operation.
@MainActor @Observable
public final class DiaryComposeViewModel: PhotoComposing {
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
    /// The last failure, typed (its code decides how an edge answers); `nil` after a success.
    public var error: KeepsakeError?
    /// The last failure as a sentence, derived from ``error``; setting it records a refused input
    /// (``KeepsakeError/Code/invalidArgument``) found before the store was asked.
    public var errorMessage: String? {
        get { error?.message }
        set { error = newValue.map { KeepsakeError(.invalidArgument, $0) } }
    }
    /// True while saving.
    public private(set) var isSaving = false

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
        tagsText.split(whereSeparator: { $0 == "," || $0.isWhitespace }).map { String($0.drop(while: { $0 == "#" })) }.filter { !$0.isEmpty }
    }

    /// The draft as it would be saved.
    public var draft: DiaryDraft {
        DiaryDraft(moment: moment, timeZone: timeZone, emotion: emotion, intensity: intensity,
                   title: title.isEmpty ? nil : title, text: text, tags: tags, images: images.sources)
    }

    /// Checks the draft without saving; sets ``errorMessage`` and returns `false` if a rule is broken.
    @discardableResult
    public func validate() -> Bool {
        do {
            var check = draft
            check.images = []
            try check.validate(maxImages: diary.maxImages)
            guard images.items.count <= diary.maxImages else {
                throw KeepsakeError(.limitExceeded, "An entry can hold at most \(diary.maxImages) photos.")
            }
            error = nil
            return true
        } catch {
            self.error = failure(error)
            return false
        }
    }

    /// Validates and saves: creates the entry, or applies the edit (text and photos together).
    /// Returns the saved entry, or `nil` with ``errorMessage`` set; the store is unchanged then.
    public func save() async -> DiaryEntry? {
        guard validate() else { return nil }
        isSaving = true
        defer { isSaving = false }
        let diary = diary, draft = draft, slots = images.slots
        do {
            let saved: DiaryEntry
            if let id = editingID {
                let edit = DiaryEdit(moment: draft.moment, timeZone: draft.timeZone, emotion: draft.emotion, intensity: draft.intensity,
                                     title: draft.title ?? "", text: draft.text, tags: draft.tags)
                saved = try await background { try diary.update(id, edit, images: slots) }
            } else {
                saved = try await background { try diary.create(draft) }
            }
            error = nil
            return saved
        } catch {
            self.error = failure(error)
            return nil
        }
    }
}
