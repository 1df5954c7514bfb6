import Foundation
import KeepsakeDiary
import KeepsakeStore
import KeepsakeViewModels

/// What the compose / edit form of a diary entry shows: a new entry's defaults, an entry's values,
/// or what was submitted (when the form comes back refused).
struct DiaryForm: Sendable {
    /// The entry being edited; `nil` when composing a new one.
    var editingID: RecordID?
    /// The version of the entry the edit form was made from (the outbox sends it as `If-Match`).
    var editingVersion: Int64?
    /// Day and time of the entry.
    var moment: Date
    /// The time zone the entry was written in.
    var timeZone: TimeZone
    /// The emotion.
    var emotion: Emotion
    /// Its intensity, 1...5.
    var intensity: Int
    /// The title as typed.
    var title: String
    /// The text.
    var text: String
    /// Tags as typed: separated by commas or spaces, `#` optional.
    var tagsText: String
    /// The photos in order.
    var images: [ComposeImage]
    /// The book a new entry goes in (the form's select); `nil`: the switcher's choice or the
    /// caller's own diary.
    var book: BookID?

    /// A new entry, now, in the server's time zone.
    init(now: Date = Date()) {
        self.init(editingID: nil, moment: now, timeZone: .current, emotion: .calm, intensity: 3, title: "", text: "", tagsText: "", images: [])
    }

    /// The form of `entry`.
    init(editing entry: DiaryEntry) {
        self.init(editingID: entry.id, moment: entry.moment, timeZone: entry.timeZone, emotion: entry.emotion, intensity: entry.intensity,
                  title: entry.title ?? "", text: entry.text, tagsText: entry.tags.joined(separator: ", "),
                  images: entry.images.map(ComposeImage.stored))
        editingVersion = entry.version
    }

    /// A form showing these values.
    private init(editingID: RecordID?, moment: Date, timeZone: TimeZone, emotion: Emotion, intensity: Int, title: String, text: String,
                 tagsText: String, images: [ComposeImage]) {
        (self.editingID, self.moment, self.timeZone, self.emotion, self.intensity) = (editingID, moment, timeZone, emotion, intensity)
        (self.title, self.text, self.tagsText, self.images) = (title, text, tagsText, images)
    }

    /// A new entry as the form would save it.
    var draft: DiaryDraft {
        DiaryDraft(moment: moment, timeZone: timeZone, emotion: emotion, intensity: intensity, title: title.isEmpty ? nil : title,
                   text: text, tags: DiaryDraft.tags(typed: tagsText), images: images.compactMap(\.source), book: book)
    }

    /// The edit the form makes of its entry (every field; the photos are ``slots``).
    var edit: DiaryEdit {
        DiaryEdit(moment: moment, timeZone: timeZone, emotion: emotion, intensity: intensity, title: title,
                  text: text, tags: DiaryDraft.tags(typed: tagsText))
    }

    /// The photo set as the store takes it.
    var slots: [ImageSlot] { images.map(\.slot) }
}
