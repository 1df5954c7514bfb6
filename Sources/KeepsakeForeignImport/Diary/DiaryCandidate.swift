import Foundation
import KeepsakeDiary
import KeepsakeStore

/// An entry read from a diary export, before the diary's rules: the three diary importers fill one
/// each and ``item(in:)`` checks it into an ``ImportItem`` (or the reason it is refused).
struct DiaryCandidate {
    var source: ImportSource
    var sourceID: String
    var location: String
    var moment: Date
    var timeZone: TimeZone
    var emotion: Emotion
    var intensity: Int
    var title: String?
    var text: DiaryText
    var tags: [String]
    var photos: [ImportPhoto]
    var extraFields: [String: FieldValue] = [:]
    var notes: [String] = []

    /// The title of an entry that has neither title nor text (the diary needs one of them).
    static let untitled = "Untitled"

    /// The entry checked by the diary's rules; tags and photos beyond the limits are left out and
    /// noted, so only a real problem (a moment or time zone the diary cannot hold, a text that is too
    /// long) refuses the entry.
    func item(in diary: Diary) -> Result<ImportItem, ImportIssue> {
        var notes = self.notes
        var tags: [String] = []
        for raw in self.tags {
            do {
                let tag = try DiaryDraft.normalizedTag(raw)
                if !tag.isEmpty, !tags.contains(tag) { tags.append(tag) }
            } catch let error as KeepsakeError {
                notes.append("the tag \(KeepsakeError.quoted(raw)) was left out: \(error.message)")
            } catch {
                notes.append("the tag \(KeepsakeError.quoted(raw)) was left out")
            }
        }
        var photos = self.photos
        if photos.count > diary.maxImages {
            notes.append("the entry has \(photos.count) photos and a diary entry holds \(diary.maxImages); the last \(photos.count - diary.maxImages) were not imported")
            photos = Array(photos.prefix(diary.maxImages))
        }
        for photo in photos where photo.file == nil {
            notes.append("photo \(photo.name) is missing from the export; the entry came over without it")
        }
        let missing = photos.contains { $0.file == nil }
        tags.removeAll { $0 == ImportWriter.missingPhotoTag }
        let tagRoom = DiaryLimits.maxTags - (missing ? 1 : 0)
        if tags.count > tagRoom {
            notes.append("a diary entry holds \(DiaryLimits.maxTags) tags; these were left out: \(tags[tagRoom...].joined(separator: ", "))")
            tags = Array(tags.prefix(tagRoom))
        }
        if missing { tags.append(ImportWriter.missingPhotoTag) }

        // A title is one line without control characters (a tab becomes a space).
        var title = title.map { raw in
            String(String.UnicodeScalarView(raw.trimmingCharacters(in: .whitespacesAndNewlines).unicodeScalars.map { scalar in
                scalar.properties.generalCategory == .control && !"\n\r".unicodeScalars.contains(scalar) ? " " : scalar
            }))
        }
        var text = self.text
        if let long = title, long.count > DiaryLimits.maxTitleLength || long.contains(where: \.isNewline) {
            text.parts.insert(.text(long + "\n\n"), at: 0)
            title = nil
        }
        if title?.isEmpty == true { title = nil }
        var positions: [String: Int] = [:]
        var names: [String: String] = [:]
        for (index, photo) in photos.filter({ $0.file != nil }).enumerated() {
            if let identifier = photo.identifier, positions[identifier] == nil { positions[identifier] = index }
        }
        for photo in self.photos { if let identifier = photo.identifier { names[identifier] = photo.name } }
        let rendered = text.rendered(positions: positions, names: names)
        if title == nil, text.isBlank { title = Self.untitled }

        var fields = extraFields
        fields[ImportWriter.sourceField] = .string(source.rawValue)
        fields[ImportWriter.idField] = .string(sourceID)
        let draft = DiaryDraft(moment: moment, timeZone: timeZone, emotion: emotion, intensity: intensity,
                               title: title, text: rendered, tags: tags)
        let id = SourceRecordID.make(source, key: sourceID)
        do {
            let record = try diary.recordDraft(draft, id: id, extraFields: fields)
            let day = DiaryDay(containing: moment, in: timeZone)
            let headline = title ?? rendered.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
            let short = headline.count > 60 ? String(headline.prefix(59)) + "…" : headline
            let present = photos.filter { $0.file != nil }.count
            let photoText = present == 0 ? "" : " (\(present) photo\(present == 1 ? "" : "s"))"
            return .success(ImportItem(id: id, sourceID: sourceID, location: location, summary: "\(day) \(short)\(photoText)",
                                       record: record, photos: photos, text: text, notes: notes))
        } catch let error as KeepsakeError {
            return .failure(ImportIssue(location: location, sourceID: sourceID, reason: error.message))
        } catch {
            return .failure(ImportIssue(location: location, sourceID: sourceID, reason: "\(error)"))
        }
    }

    /// A time zone the diary can store by name for an entry at `moment` with `offset` seconds east of
    /// UTC: `preferred` when it has that offset then, else `Etc/GMT±h` for whole hours, else the
    /// first known zone (in alphabetical order) with that offset then.
    static func zone(forOffset offset: Int, at moment: Date, preferring preferred: TimeZone) -> TimeZone? {
        if preferred.secondsFromGMT(for: moment) == offset, TimeZone(identifier: preferred.identifier) != nil { return preferred }
        if offset % 3600 == 0 {
            let hours = offset / 3600
            let name = hours == 0 ? "Etc/UTC" : "Etc/GMT\(hours > 0 ? "-" : "+")\(abs(hours))"
            if let zone = TimeZone(identifier: name) { return zone }
        }
        for name in TimeZone.knownTimeZoneIdentifiers.sorted() {
            if let zone = TimeZone(identifier: name), zone.secondsFromGMT(for: moment) == offset { return zone }
        }
        return nil
    }
}
