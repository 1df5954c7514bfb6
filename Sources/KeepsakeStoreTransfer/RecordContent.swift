import Foundation
import KeepsakeStore
import KeepsakeSupport

/// What a move keeps of a record, and so what "identical" means between two stores: the id,
/// collection, date, fields, creation, change and trash times, and each image in order with the
/// SHA-256 and size of its stored bytes, the SHA-256 of the bytes as uploaded, its media type,
/// upright size and capture date.
///
/// With the accounts and books copied, also the record's book and author.
///
/// Left out is what each store assigns itself: the version counter (a store counts its own
/// changes; an imported record starts again at 1, so the change time stands for it), the image
/// rows' ids, object keys and storage times, and the thumbnails' format (thumbnails are a cache
/// each store makes for its own settings).
struct RecordContent: Hashable {
    struct Image: Hashable {
        var sha256: String
        var byteSize: Int64
        var sourceSHA256: String
        var mediaType: String
        var width: Int
        var height: Int
        var capturedAt: Double?
    }

    var id: RecordID
    var collection: String
    var date: Double
    var fields: [String: FieldValue]
    var createdAt: Double
    var updatedAt: Double
    var trashedAt: Double?
    var images: [Image]
    var book: BookID?
    var author: AccountID?

    /// The content of `record`; `access`: whether its book and author count (they do when the
    /// accounts and books were copied).
    init(_ record: Record, access: Bool = false) {
        if access {
            book = record.book
            author = record.author
        }
        id = record.id
        collection = record.collection.name
        date = record.date.timeIntervalSince1970
        fields = record.fields
        createdAt = record.createdAt.timeIntervalSince1970
        updatedAt = record.updatedAt.timeIntervalSince1970
        trashedAt = record.trashedAt?.timeIntervalSince1970
        images = record.images.sorted { $0.position < $1.position }.map {
            Image(sha256: $0.sha256, byteSize: $0.byteSize, sourceSHA256: $0.sourceSHA256, mediaType: $0.mediaType,
                  width: $0.width, height: $0.height, capturedAt: $0.capturedAt?.timeIntervalSince1970)
        }
    }

    /// What differs from `other`, in words for a message; `nil` when they are identical.
    func difference(from other: RecordContent) -> String? {
        if collection != other.collection { return "it is in the collection \(other.collection), not \(collection)" }
        if date != other.date { return "its date differs" }
        if fields != other.fields { return "its fields differ" }
        if createdAt != other.createdAt { return "its creation time differs" }
        if updatedAt != other.updatedAt { return "its last change time differs (it was changed in one store after the other)" }
        if (trashedAt == nil) != (other.trashedAt == nil) { return trashedAt == nil ? "it is in the trash in the target only" : "it is in the trash in the source only" }
        if trashedAt != other.trashedAt { return "it was moved to the trash at another time" }
        if images.map(\.sha256) != other.images.map(\.sha256) { return "its images differ (\(images.count) in the source, \(other.images.count) in the target, or other bytes)" }
        if images != other.images { return "its images' details differ" }
        if book != other.book { return "it is in another book" }
        if author != other.author { return "it has another author" }
        return nil
    }

    /// A SHA-256 of the whole content, exact (times as their bit patterns, fields by sorted key,
    /// every text length-prefixed so no two contents write the same bytes), so the final comparison
    /// keeps 32 bytes per record rather than the record.
    var digest: [UInt8] {
        var text = ""
        func addText(_ part: String) { text += "\(part.utf8.count):\(part);" }
        func addTime(_ time: Double?) { text += time.map { "t\($0.bitPattern);" } ?? "n;" }
        addText(id.string)
        addText(collection)
        addTime(date)
        addTime(createdAt)
        addTime(updatedAt)
        addTime(trashedAt)
        text += "f\(fields.count);"
        for key in fields.keys.sorted() {
            addText(key)
            switch fields[key]! {
            case .string(let value): text += "s"; addText(value)
            case .integer(let value): text += "i\(value);"
            case .bool(let value): text += "b\(value);"
            case .strings(let values): text += "l\(values.count);"; values.forEach(addText)
            }
        }
        text += "m\(images.count);"
        for image in images {
            addText(image.sha256)
            text += "\(image.byteSize);"
            addText(image.sourceSHA256)
            addText(image.mediaType)
            text += "\(image.width)x\(image.height);"
            addTime(image.capturedAt)
        }
        addText(book?.string ?? "")
        addText(author?.string ?? "")
        return SHA256.digest(Data(text.utf8))
    }
}
