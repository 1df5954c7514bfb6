import Foundation
import KeepsakeDiary
import KeepsakeLedger
import KeepsakeStore

/// The values of Keepsake's commands: emotions, record ids, days, months, dates, time zones, cursors.
extension ValueParser where Value == Emotion {
    /// An emotion by its name (`joy`, `Joy` or `기쁨`).
    static let emotion = ValueParser("NAME") { text, _ in
        guard let emotion = Emotion(name: text) else {
            throw UsageError(description: "\(KeepsakeError.quoted(text)) is not an emotion; use one of \(Emotion.allCases.map(\.rawValue).joined(separator: ", ")).")
        }
        return emotion
    }
}

extension ValueParser where Value == TimeZone {
    /// A time zone by its identifier (`Asia/Seoul`, `UTC`).
    static let timeZone = ValueParser("ZONE") { text, _ in
        guard let zone = TimeZone(identifier: text) else {
            throw UsageError(description: "\(KeepsakeError.quoted(text)) is not a time zone; use an identifier such as Asia/Seoul or UTC.")
        }
        return zone
    }
}

extension ValueParser where Value == DateInput {
    /// A date: `YYYY-MM-DD`, `YYYY-MM-DDTHH:MM`, `YYYY-MM-DDTHH:MM:SS` or full ISO 8601 (checked
    /// now, placed in a time zone later).
    static let date = ValueParser("DATE") { text, _ in
        _ = try DateText.parse(text, timeZone: TimeZone(identifier: "UTC")!)
        return DateInput(text: text)
    }
}

extension ValueParser where Value == CalendarDay {
    /// A day, `YYYY-MM-DD`.
    static let day = checked("YYYY-MM-DD") { try CalendarDay(parsing: $0) }
}

extension ValueParser where Value == CalendarMonth {
    /// A month, `YYYY-MM`.
    static let month = checked("YYYY-MM") { try CalendarMonth(parsing: $0) }
}

extension ValueParser where Value == RecordID {
    /// A record id: a UUID, never a path (`../../etc` is refused).
    static let recordID = checked("ID") { try RecordID(parsing: $0) }
}

extension ValueParser where Value == InvitationID {
    /// An invitation id: a UUID (not the secret of its link).
    static let invitationID = checked("ID") { try InvitationID(parsing: $0) }
}

extension ValueParser where Value == RecordCursor {
    /// A page cursor, as a list printed it.
    static let cursor = checked("TOKEN") { try RecordCursor(parsing: $0) }
}

extension ValueParser where Value == TransactionKind {
    /// `expense` or `income`.
    static let kind = checked("KIND") { try TransactionKind(parsing: $0) }
}

extension ValueParser where Value == Currency {
    /// An ISO 4217 code Keepsake knows (`USD`, `krw`).
    static let currency = checked("CODE") { try Currency(code: $0) }
}

extension ValueParser where Value == Int {
    /// A photo position, counted from 0 as `show` lists them.
    static let photoPosition = ValueParser("N") { text, _ in
        guard let value = Int(text), value >= 0 else {
            throw UsageError(description: "\(KeepsakeError.quoted(text)) is not a photo position; positions are whole numbers counted from 0, as show lists them.")
        }
        return value
    }
}
