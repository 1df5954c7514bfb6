public import Foundation
public import KeepsakeStore

/// One diary entry as stored: an emotion with its intensity, a moment in a time zone, words, tags and
/// ordered photos.
///
/// Made by ``Diary`` from a store ``Record`` (see ``init(record:)``); `Codable` writes the time zone
/// by its identifier ("Asia/Seoul") and adds the derived ``day`` for readers of the JSON.
public struct DiaryEntry: Codable, Sendable, Hashable, Identifiable, RecordAppItem {
    /// The entry's id (the record's id).
    public var id: RecordID
    /// When it happened.
    public var moment: Date
    /// The time zone it was written in.
    public var timeZone: TimeZone
    /// The emotion.
    public var emotion: Emotion
    /// How strong the emotion was, 1...5.
    public var intensity: Int
    /// The title, if it has one (never empty).
    public var title: String?
    /// The text.
    public var text: String
    /// Normalised tags, without duplicates, in the order given.
    public var tags: [String]
    /// Photos in order, with thumbnail paths (no image is read to list entries).
    public var images: [Attachment]
    /// When the entry was created.
    public var createdAt: Date
    /// When the entry or its photos last changed.
    public var updatedAt: Date
    /// When it was moved to the trash; `nil` for a live entry.
    public var trashedAt: Date?
    /// The record's version, incremented by every change (the API's ETag).
    public var version: Int64
    /// The book the record is in (``KeepsakeStore/Record/book``); `nil` only for a record made
    /// before accounts and not yet upgraded.
    public var book: BookID? = nil
    /// The account that made the record (``KeepsakeStore/Record/author``); `nil` when the local
    /// operator made it without an account.
    public var author: AccountID? = nil

    /// The day the entry belongs to: the date of ``moment`` in ``timeZone``.
    public var day: DiaryDay { DiaryDay(containing: moment, in: timeZone) }

    /// Whether the entry is in the trash.
    public var isTrashed: Bool { trashedAt != nil }

    /// The photos (``RecordAppItem``).
    public var attachments: [Attachment] { images }

    /// Creates an entry value (``Diary`` makes them; this is for previews and tests).
    public init(id: RecordID, moment: Date, timeZone: TimeZone, emotion: Emotion, intensity: Int, title: String?, text: String,
                tags: [String], images: [Attachment], createdAt: Date, updatedAt: Date, trashedAt: Date?, version: Int64 = 1) {
        self.id = id
        self.moment = moment
        self.timeZone = timeZone
        self.emotion = emotion
        self.intensity = intensity
        self.title = title
        self.text = text
        self.tags = tags
        self.images = images
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.trashedAt = trashedAt
        self.version = version
    }

    enum CodingKeys: String, CodingKey {
        case id, moment, timeZone, day, emotion, intensity, title, text, tags, images, createdAt, updatedAt, trashedAt, version, book, author
    }

    /// Decodes an entry; the time zone is read by identifier and must be known.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let zoneName = try container.decode(String.self, forKey: .timeZone)
        guard let zone = TimeZone(identifier: zoneName) else {
            throw DecodingError.dataCorruptedError(forKey: .timeZone, in: container, debugDescription: "unknown time zone \(zoneName)")
        }
        self.init(id: try container.decode(RecordID.self, forKey: .id),
                  moment: try container.decode(Date.self, forKey: .moment),
                  timeZone: zone,
                  emotion: try container.decode(Emotion.self, forKey: .emotion),
                  intensity: try container.decode(Int.self, forKey: .intensity),
                  title: try container.decodeIfPresent(String.self, forKey: .title),
                  text: try container.decode(String.self, forKey: .text),
                  tags: try container.decode([String].self, forKey: .tags),
                  images: try container.decode([Attachment].self, forKey: .images),
                  createdAt: try container.decode(Date.self, forKey: .createdAt),
                  updatedAt: try container.decode(Date.self, forKey: .updatedAt),
                  trashedAt: try container.decodeIfPresent(Date.self, forKey: .trashedAt),
                  version: try container.decodeIfPresent(Int64.self, forKey: .version) ?? 1)
        book = try container.decodeIfPresent(BookID.self, forKey: .book)
        author = try container.decodeIfPresent(AccountID.self, forKey: .author)
    }

    /// Encodes the entry, the time zone as its identifier and the derived day as `yyyy-MM-dd`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(moment, forKey: .moment)
        try container.encode(timeZone.identifier, forKey: .timeZone)
        try container.encode(day, forKey: .day)
        try container.encode(emotion, forKey: .emotion)
        try container.encode(intensity, forKey: .intensity)
        try container.encodeIfPresent(title, forKey: .title)
        try container.encode(text, forKey: .text)
        try container.encode(tags, forKey: .tags)
        try container.encode(images, forKey: .images)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(updatedAt, forKey: .updatedAt)
        try container.encodeIfPresent(trashedAt, forKey: .trashedAt)
        try container.encode(version, forKey: .version)
        try container.encodeIfPresent(book, forKey: .book)
        try container.encodeIfPresent(author, forKey: .author)
    }
}
