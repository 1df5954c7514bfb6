import Foundation
public import KeepsakeDiary
import KeepsakeStore
import KeepsakeSupport

/// Reads a Day One JSON export (the zip Day One writes, its unpacked folder, or one journal's JSON
/// file with its `photos/` folder beside it) into diary entries.
///
/// Each entry keeps its text (Markdown, with Day One's backslash escapes undone and a first-line
/// heading as the title), its creation date in its own time zone, its tags (plus `starred` and
/// `pinned`), and its photos in `orderInEntry` order, found by MD5 in `photos/` and checked against
/// it. `dayone-moment://` links become `[photo N]`; links to videos, audio and PDFs become a note in
/// the text (those are not imported: Keepsake keeps photos), links to nothing are removed. A photo
/// missing from the export is named in the report, and the entry comes over tagged `missing-photo`.
/// Day One has no mood: every entry gets ``DiaryImportOptions/emotion``. Place and weather become
/// fields only with ``DiaryImportOptions/keepLocation``.
public struct DayOneImporter: DiaryImporter {
    /// `.dayone`.
    public var source: ImportSource { .dayone }
    /// What to read, the diary, the choices and the name in reports.
    public let request: ImportRequest<Diary, DiaryImportOptions>
    /// An importer of `request`.
    public init(_ request: ImportRequest<Diary, DiaryImportOptions>) { self.request = request }

    /// Reads the export.
    ///
    /// - Throws: ``KeepsakeError`` when the export is missing, a damaged zip, or holds no Day One
    ///   journal (a JSON file with `entries`).
    public func plan() throws -> ImportPlan {
        let folder: ExportFolder
        var journals: [String]
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: file.path, isDirectory: &isDirectory), !isDirectory.boolValue,
           !(try ExportFolder.isZipFile(file, displayName: displayName)) {
            folder = try ExportFolder.open(file.deletingLastPathComponent(), extract: { _ in false })
            journals = [file.lastPathComponent]  // its photos/ folder is beside it
        } else {
            folder = try ExportFolder.open(file, displayName: displayName, maxBytes: options.maxUnpackedBytes) { name in
                let lower = name.lowercased()
                return lower.hasSuffix(".json") || lower.split(separator: "/").dropLast().contains("photos")
            }
            journals = folder.files().filter { $0.lowercased().hasSuffix(".json") && !$0.lowercased().split(separator: "/").contains("photos") }
        }
        var plan = ImportPlan(source: .dayone, file: displayName, resources: [folder])
        for name in folder.unsafeEntries {
            plan.notes.append(ImportIssue(location: name, reason: "the zip entry has an unsafe name (an absolute path, `..` or a link) and was left out"))
        }
        var readAny = false
        var problems: [String] = []
        for journal in journals {
            let url = folder.url(journal)
            let object: JSONValue
            do {
                object = try JSONValue(parsing: try ImportFile.read(url))
            } catch let error as KeepsakeError {
                throw error
            } catch {
                problems.append("\(journal) is not valid JSON (\(error.localizedDescription))")
                continue
            }
            guard let root = object.objectValue, let entries = root["entries"]?.arrayValue else {
                problems.append("\(journal) has no \"entries\" list")
                continue
            }
            readAny = true
            let photosFolder = (journal as NSString).deletingLastPathComponent
            let photoFiles = Self.photoIndex(folder, under: photosFolder.isEmpty ? "photos" : photosFolder + "/photos")
            // A lone JSON file is named as the user named it (an upload's staged name means nothing).
            let journalName = ((journals.count == 1 && !folder.isZip && journal == file.lastPathComponent ? displayName : journal) as NSString)
                .lastPathComponent.replacingOccurrences(of: ".json", with: "", options: [.caseInsensitive, .anchored, .backwards])
            for (index, value) in entries.enumerated() {
                let uuid = value.objectValue?["uuid"]?.stringValue
                let location = "\(journalName) entry \(index + 1)" + (uuid.map { " (\($0.prefix(8))…)" } ?? "")
                switch candidate(value, location: location, folder: folder, photoFiles: photoFiles).flatMap({ $0.item(in: diary) }) {
                case .success(let item): plan.items.append(item)
                case .failure(let issue): plan.refused.append(issue)
                }
            }
        }
        guard readAny else {
            let detail = problems.isEmpty ? "it holds no JSON file" : problems.joined(separator: "; ")
            throw KeepsakeError(.invalidArgument, "\(KeepsakeError.printable(displayName)) is not a Day One JSON export: \(detail).")
        }
        for problem in problems { plan.notes.append(ImportIssue(location: displayName, reason: problem + "; it was not imported")) }
        return plan
    }

    /// The files of a `photos/` folder by the stem of their names (the MD5).
    private static func photoIndex(_ folder: ExportFolder, under path: String) -> [String: [String]] {
        var index: [String: [String]] = [:]
        for file in folder.files(under: path) where file.hasPrefix(path + "/") {
            let name = (file as NSString).lastPathComponent
            let stem = (name as NSString).deletingPathExtension.lowercased()
            index[stem, default: []].append(file)
        }
        return index
    }

    private func candidate(_ value: JSONValue, location: String, folder: ExportFolder, photoFiles: [String: [String]]) -> Result<DiaryCandidate, ImportIssue> {
        func refuse(_ reason: String, _ id: String? = nil) -> Result<DiaryCandidate, ImportIssue> {
            .failure(ImportIssue(location: location, sourceID: id, reason: reason))
        }
        guard let entry = value.objectValue else { return refuse("the entry is \(value.kind), not an object") }
        guard let uuid = entry["uuid"]?.stringValue, !uuid.isEmpty else { return refuse("the entry has no uuid") }
        let rawText: String
        switch entry["text"] {
        case nil, .null?: rawText = ""
        case .string(let text)?: rawText = text
        case let other?: return refuse("its text is \(other.kind), not text", uuid)
        }
        guard let moment = entry["creationDate"]?.dateValue else {
            return refuse("its creationDate \(KeepsakeError.quoted(entry["creationDate"]?.stringValue ?? entry["creationDate"]?.kind ?? "null")) is not an ISO 8601 date", uuid)
        }
        var notes: [String] = []
        let zoneName = entry["timeZone"]?.stringValue
        let timeZone: TimeZone
        if let zoneName, let zone = TimeZone(identifier: zoneName) {
            timeZone = zone
        } else {
            timeZone = options.timeZone
            notes.append(zoneName.map { "the time zone \(KeepsakeError.quoted($0)) is unknown; the entry was placed in \(options.timeZone.identifier)" }
                         ?? "the entry has no time zone; it was placed in \(options.timeZone.identifier)")
        }

        // Photos in orderInEntry order (the export lists them in any order).
        let photoObjects = (entry["photos"]?.arrayValue ?? []).compactMap(\.objectValue)
        let ordered = photoObjects.enumerated().sorted {
            ($0.element["orderInEntry"]?.intValue ?? Int.max, $0.offset) < ($1.element["orderInEntry"]?.intValue ?? Int.max, $1.offset)
        }.map(\.element)
        var photos: [ImportPhoto] = []
        for photo in ordered {
            let identifier = photo["identifier"]?.stringValue
            guard let md5 = photo["md5"]?.stringValue?.lowercased(), !md5.isEmpty else {
                photos.append(ImportPhoto(name: "photo \(identifier ?? "\(photos.count + 1)") (no md5)", identifier: identifier, file: nil))
                notes.append("a photo (\(identifier ?? "without an identifier")) has no md5 in the export, so its file cannot be found")
                continue
            }
            let type = photo["type"]?.stringValue?.lowercased() ?? "jpeg"
            let candidates = photoFiles[md5] ?? []
            let file = candidates.first { $0.lowercased().hasSuffix("." + type) } ?? candidates.first
            photos.append(ImportPhoto(name: file ?? "photos/\(md5).\(type)", identifier: identifier,
                                      file: file.map(folder.url), expectedMD5: md5))
        }

        // Videos, audio and PDFs are named in the text and the report, not imported.
        var media: [String: String] = [:]
        for (key, noun) in [("videos", "video"), ("audios", "audio recording"), ("pdfAttachments", "PDF")] {
            for item in (entry[key]?.arrayValue ?? []).compactMap(\.objectValue) {
                let md5 = item["md5"]?.stringValue ?? "without an md5"
                let name: String
                if let type = item["type"]?.stringValue ?? (key == "pdfAttachments" ? "pdf" : nil) {
                    name = "\(md5).\(type)"
                } else if let format = item["format"]?.stringValue {
                    name = "\(md5) (\(format))"
                } else {
                    name = md5
                }
                if let identifier = item["identifier"]?.stringValue { media[identifier] = "\(noun) not imported: \(name)" }
                notes.append("the \(noun) \(name) was not imported: Keepsake keeps photos only")
            }
        }

        let converted = DayOneText.convert(rawText, photos: Set(photos.compactMap(\.identifier)), media: media)
        if converted.danglingLinks > 0 {
            notes.append("\(converted.danglingLinks) link\(converted.danglingLinks == 1 ? "" : "s") in the text named no photo of the entry and \(converted.danglingLinks == 1 ? "was" : "were") removed")
        }
        var tags = (entry["tags"]?.arrayValue ?? []).compactMap(\.stringValue)
        if entry["starred"]?.boolValue == true { tags.append("starred") }
        if entry["isPinned"]?.boolValue == true { tags.append("pinned") }

        var fields: [String: FieldValue] = [:]
        if options.keepLocation {
            if let place = entry["location"]?.objectValue {
                let words = ["placeName", "localityName", "administrativeArea", "country"].compactMap { place[$0]?.stringValue }.filter { !$0.isEmpty }
                var unique: [String] = []
                for word in words where !unique.contains(word) { unique.append(word) }
                if !unique.isEmpty { fields["location"] = .string(unique.joined(separator: ", ")) }
                if let latitude = place["latitude"]?.doubleValue, let longitude = place["longitude"]?.doubleValue {
                    fields["latitude"] = .string(String(latitude))
                    fields["longitude"] = .string(String(longitude))
                }
            }
            if let weather = entry["weather"]?.objectValue {
                let words = [weather["conditionsDescription"]?.stringValue,
                             weather["temperatureCelsius"]?.doubleValue.map { Self.celsius($0) }].compactMap { $0 }
                if !words.isEmpty { fields["weather"] = .string(words.joined(separator: ", ")) }
            }
        }
        return .success(DiaryCandidate(source: .dayone, sourceID: uuid, location: location, moment: moment, timeZone: timeZone,
                                       emotion: options.emotion, intensity: options.intensity, title: converted.title,
                                       text: converted.text, tags: tags, photos: photos, extraFields: fields, notes: notes))
    }

    /// `26 °C` (one decimal when it has one).
    static func celsius(_ value: Double) -> String {
        value.rounded() == value ? "\(Int(value)) °C" : String(format: "%.1f °C", value)
    }
}
