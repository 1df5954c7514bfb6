public import Foundation
public import KeepsakeStore

/// What a diary entry says, and when: the moment in its time zone, the emotion and how strong it
/// was, the title, the text and the tags.
///
/// A ``DiaryDraft`` and a stored ``DiaryEntry`` each hold one (``DiaryContentHolder``) and read its
/// fields as their own (`entry.title`), so each field is written once, here.
public struct DiaryContent: Sendable, Hashable {
    /// When the entry happened (day and time).
    public var moment: Date
    /// The time zone the entry was written in; decides which day it belongs to.
    public var timeZone: TimeZone
    /// The emotion.
    public var emotion: Emotion
    /// How strong the emotion was, 1...5.
    public var intensity: Int
    /// The title, if it has one (a stored entry's is never empty).
    public var title: String?
    /// The entry's text, exactly as written.
    public var text: String
    /// Tags (a stored entry's are normalised: without duplicates, in the order given).
    public var tags: [String]

    /// Creates a content value.
    public init(moment: Date, timeZone: TimeZone, emotion: Emotion, intensity: Int, title: String?, text: String, tags: [String]) {
        (self.moment, self.timeZone, self.emotion, self.intensity) = (moment, timeZone, emotion, intensity)
        (self.title, self.text, self.tags) = (title, text, tags)
    }

    /// The day the entry belongs to: the date of ``moment`` in ``timeZone``.
    public var day: DiaryDay { DiaryDay(containing: moment, in: timeZone) }

    /// The record fields of an entry with this content (`title` absent when `nil`), with the day,
    /// month and zone name derived from the moment.
    var fields: [String: FieldValue] {
        var fields = Self.timeFields(moment: moment, timeZone: timeZone)
        fields[DiaryField.emotion] = .string(emotion.rawValue)
        fields[DiaryField.intensity] = .integer(Int64(intensity))
        if let title { fields[DiaryField.title] = .string(title) }
        fields[DiaryField.text] = .string(text)
        fields[DiaryField.tags] = .strings(tags)
        return fields
    }

    /// The fields derived from the moment and time zone: the day, the month and the zone's name.
    static func timeFields(moment: Date, timeZone: TimeZone) -> [String: FieldValue] {
        let day = DiaryDay(containing: moment, in: timeZone)
        return [
            DiaryField.day: .string(day.string),
            DiaryField.month: .string(day.calendarMonth.string),
            DiaryField.timeZone: .string(timeZone.identifier),
        ]
    }
}
