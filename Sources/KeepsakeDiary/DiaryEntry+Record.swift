import Foundation
public import KeepsakeStore

extension DiaryEntry {
    /// Reads an entry from a store record of the `diary` collection, checking every field.
    ///
    /// Throws ``KeepsakeError/Code/database`` naming the field when the record is not a diary record,
    /// or a field is missing, of the wrong kind or out of range (a record changed outside the Diary app).
    public init(record: Record) throws {
        func broken(_ problem: String) -> KeepsakeError {
            KeepsakeError(.database, "Diary entry \(record.id) cannot be read: \(problem). The record was changed outside the Diary app; fix it or move it to the trash.")
        }
        guard record.collection == Diary.collection else {
            throw broken("it belongs to the \(record.collection) collection, not to diary")
        }
        func string(_ key: String) throws -> String {
            guard let value = record.fields[key] else { throw broken("the field \"\(key)\" is missing") }
            guard let text = value.stringValue else { throw broken("the field \"\(key)\" is not text") }
            return text
        }
        let emotionName = try string(DiaryField.emotion)
        guard let emotion = Emotion(rawValue: emotionName) else {
            throw broken("\"\(emotionName)\" in the field \"emotion\" is not a known emotion")
        }
        guard let intensityValue = record.fields[DiaryField.intensity] else { throw broken("the field \"intensity\" is missing") }
        guard let intensity = intensityValue.integerValue, DiaryLimits.intensity.contains(Int(intensity)) else {
            throw broken("the field \"intensity\" must be a whole number from 1 to 5, not \(intensityValue)")
        }
        let title: String?
        switch record.fields[DiaryField.title] {
        case nil: title = nil
        case .string(let text)?: title = text.isEmpty ? nil : text
        case _?: throw broken("the field \"title\" is not text")
        }
        let text = try string(DiaryField.text)
        guard let tagsValue = record.fields[DiaryField.tags] else { throw broken("the field \"tags\" is missing") }
        guard let tags = tagsValue.stringsValue else { throw broken("the field \"tags\" is not a list of text") }
        let zoneName = try string(DiaryField.timeZone)
        guard let timeZone = TimeZone(identifier: zoneName) else {
            throw broken("\"\(zoneName)\" in the field \"timeZone\" is not a known time zone")
        }
        let dayText = try string(DiaryField.day)
        guard let day = try? DiaryDay(dayText) else { throw broken("\"\(dayText)\" in the field \"day\" is not a yyyy-MM-dd day") }
        let month = try string(DiaryField.month)
        guard month == day.calendarMonth.string else {
            throw broken("the field \"month\" (\"\(month)\") does not match the field \"day\" (\"\(dayText)\")")
        }
        self.init(id: record.id, moment: record.date, timeZone: timeZone, emotion: emotion, intensity: Int(intensity),
                  title: title, text: text, tags: tags, images: record.images, stamp: record.stamp)
    }
}
