public import Foundation
public import KeepsakeStore

/// One diary entry as stored: an emotion with its intensity, a moment in a time zone, words, tags and
/// ordered photos.
///
/// Made by ``Diary`` from a store ``Record`` (see ``init(record:)``); `Codable` writes the time zone
/// by its identifier ("Asia/Seoul") and adds the derived ``day`` for readers of the JSON.
public struct DiaryEntry: Codable, Sendable, Hashable, Identifiable, RecordAppItem, RecordStamped, DiaryContentHolder {
    /// The entry's id (the record's id).
    public var id: RecordID
    /// When it happened, in which time zone, the emotion, its intensity, the title (never empty),
    /// the text and the normalised tags; read as `entry.title` and so on (``DiaryContentHolder``).
    public var content: DiaryContent
    /// Photos in order, with thumbnail paths (no image is read to list entries).
    public var images: [Attachment]
    /// When the entry was made and last changed, its trash date, version, book and author
    /// (read as `entry.createdAt` and so on, ``KeepsakeStore/RecordStamped``).
    public var stamp: RecordStamp

    /// The photos (``RecordAppItem``).
    public var attachments: [Attachment] { images }

    /// Creates an entry value (``Diary`` makes them; this is for previews and tests).
    public init(id: RecordID, moment: Date, timeZone: TimeZone, emotion: Emotion, intensity: Int, title: String?, text: String,
                tags: [String], images: [Attachment], createdAt: Date, updatedAt: Date, trashedAt: Date?, version: Int64 = 1) {
        self.init(id: id, moment: moment, timeZone: timeZone, emotion: emotion, intensity: intensity, title: title, text: text, tags: tags,
                  images: images, stamp: RecordStamp(createdAt: createdAt, updatedAt: updatedAt, trashedAt: trashedAt, version: version))
    }

    /// Creates an entry value with its record's stamp.
    public init(id: RecordID, moment: Date, timeZone: TimeZone, emotion: Emotion, intensity: Int, title: String?, text: String,
                tags: [String], images: [Attachment], stamp: RecordStamp) {
        self.id = id
        content = DiaryContent(moment: moment, timeZone: timeZone, emotion: emotion, intensity: intensity, title: title, text: text, tags: tags)
        (self.images, self.stamp) = (images, stamp)
    }

    enum CodingKeys: String, CodingKey {
        case id, moment, timeZone, day, emotion, intensity, title, text, tags, images
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
                  stamp: try RecordStamp(from: decoder))
    }

    /// Encodes the entry, the time zone as its identifier, the derived day as `yyyy-MM-dd` and its
    /// stamp's fields beside its own.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(content.moment, forKey: .moment)
        try container.encode(content.timeZone.identifier, forKey: .timeZone)
        try container.encode(content.day, forKey: .day)
        try container.encode(content.emotion, forKey: .emotion)
        try container.encode(content.intensity, forKey: .intensity)
        try container.encodeIfPresent(content.title, forKey: .title)
        try container.encode(content.text, forKey: .text)
        try container.encode(content.tags, forKey: .tags)
        try container.encode(images, forKey: .images)
        try stamp.encode(to: encoder)
    }
}
