import Foundation
public import KeepsakeDiary
import KeepsakeStore
import KeepsakeSupport

/// Reads a Journey export (a zip, or its unpacked folder, of one JSON file per entry plus the
/// photos they name) into diary entries.
///
/// - The text is HTML (made Markdown) or Markdown; a first-line heading becomes the title.
/// - `date_journal` (milliseconds) in the entry's `timezone` is the moment; `tags` are the tags,
///   `favourite` adds `starred`; the photos listed in `photos` come in that order (videos and audio
///   in the list are named in the report and not imported).
/// - `sentiment` gives the emotion (very dissatisfied 0.25 → sadness 5, dissatisfied 0.75 → sadness
///   3, neutral 1 → calm 3, satisfied 1.25 → joy 3, very satisfied 1.75 → joy 5); without one,
///   ``DiaryImportOptions/emotion``.
/// - `1.7976931348623157E308`, Journey's "no value" for latitude, longitude and temperature, is
///   treated as absent; place and weather become fields only with ``DiaryImportOptions/keepLocation``.
/// - The entry's `id` identifies it, so a second import adds nothing.
public struct JourneyImporter: DiaryImporter {
    /// `.journey`.
    public var source: ImportSource { .journey }
    /// What to read, the diary, the choices and the name in reports.
    public let request: ImportRequest<Diary, DiaryImportOptions>
    /// An importer of `request`.
    public init(_ request: ImportRequest<Diary, DiaryImportOptions>) { self.request = request }

    static let photoExtensions: Set<String> = ["jpg", "jpeg", "png", "gif", "webp", "heic", "heif", "avif"]

    /// Reads the export.
    ///
    /// - Throws: ``KeepsakeError`` when the export is missing, a damaged zip, or holds no Journey entry.
    public func plan() throws -> ImportPlan {
        let folder = try ExportFolder.open(file, displayName: displayName, maxBytes: options.maxUnpackedBytes) { name in
            let ext = (name as NSString).pathExtension.lowercased()
            return ext == "json" || Self.photoExtensions.contains(ext)
        }
        var plan = ImportPlan(source: .journey, file: displayName, resources: [folder])
        for name in folder.unsafeEntries {
            plan.notes.append(ImportIssue(location: name, reason: "the zip entry has an unsafe name (an absolute path, `..` or a link) and was left out"))
        }
        let files = folder.files()
        let byName = Dictionary(files.map { (($0 as NSString).lastPathComponent, $0) }, uniquingKeysWith: { first, _ in first })
        let jsons = files.filter { $0.lowercased().hasSuffix(".json") }
        guard !jsons.isEmpty else {
            throw KeepsakeError(.invalidArgument, "\(KeepsakeError.printable(displayName)) is not a Journey export: it holds no entry JSON files.")
        }
        for path in jsons {
            let location = path
            let object: JSONValue
            do {
                object = try JSONValue(parsing: try ImportFile.read(folder.url(path)))
            } catch let error as KeepsakeError {
                throw error
            } catch {
                plan.refused.append(ImportIssue(location: location, reason: "the file is not valid JSON (\(error.localizedDescription))"))
                continue
            }
            switch candidate(object, location: location, folder: folder, byName: byName).flatMap({ $0.item(in: diary) }) {
            case .success(let item): plan.items.append(item)
            case .failure(let issue): plan.refused.append(issue)
            }
        }
        return plan
    }

    /// A number, unless it is Journey's "no value" (the largest double).
    static func present(_ value: JSONValue?) -> Double? {
        guard let number = value?.doubleValue, number.isFinite, abs(number) < 1e300 else { return nil }
        return number
    }

    /// What a sentiment becomes (`nil` for none).
    static func mood(sentiment: Double?) -> MoodTable.Mapping? {
        guard let sentiment, sentiment > 0 else { return nil }
        switch sentiment {
        case ..<0.5: return MoodTable.Mapping(.sadness, 5)
        case ..<0.9: return MoodTable.Mapping(.sadness, 3)
        case ..<1.1: return MoodTable.Mapping(.calm, 3)
        case ..<1.5: return MoodTable.Mapping(.joy, 3)
        default: return MoodTable.Mapping(.joy, 5)
        }
    }

    private func candidate(_ value: JSONValue, location: String, folder: ExportFolder, byName: [String: String]) -> Result<DiaryCandidate, ImportIssue> {
        func refuse(_ reason: String, _ id: String? = nil) -> Result<DiaryCandidate, ImportIssue> {
            .failure(ImportIssue(location: location, sourceID: id, reason: reason))
        }
        guard let entry = value.objectValue else { return refuse("the file holds \(value.kind), not an entry") }
        guard let id = entry["id"]?.stringValue ?? entry["id"]?.intValue.map(String.init), !id.isEmpty else {
            return refuse("the entry has no id")
        }
        guard let stamp = entry["date_journal"]?.doubleValue else { return refuse("the entry has no date_journal", id) }
        let moment = Date(timeIntervalSince1970: stamp / 1000)
        var notes: [String] = []
        let zoneName = entry["timezone"]?.stringValue ?? ""
        let timeZone: TimeZone
        if let zone = TimeZone(identifier: zoneName), !zoneName.isEmpty {
            timeZone = zone
        } else {
            timeZone = options.timeZone
            notes.append(zoneName.isEmpty ? "the entry has no time zone; it was placed in \(options.timeZone.identifier)"
                                          : "the time zone \(KeepsakeError.quoted(zoneName)) is unknown; the entry was placed in \(options.timeZone.identifier)")
        }
        let rawText: String
        switch entry["text"] {
        case nil, .null?: rawText = ""
        case .string(let text)?: rawText = text
        case let other?: return refuse("its text is \(other.kind), not text", id)
        }
        let type = entry["type"]?.stringValue?.lowercased()
        let markdown = type != "markdown" && HTMLText.looksLikeHTML(rawText) ? HTMLText.markdown(rawText) : rawText
        let converted = DayOneText.convert(markdown, photos: [], media: [:], undoEscapes: false)

        var photos: [ImportPhoto] = []
        for name in (entry["photos"]?.arrayValue ?? []).compactMap(\.stringValue) {
            let base = (name as NSString).lastPathComponent
            let ext = (base as NSString).pathExtension.lowercased()
            guard Self.photoExtensions.contains(ext) else {
                notes.append("the attachment \(base) was not imported: Keepsake keeps photos only")
                continue
            }
            let path = byName[base]
            photos.append(ImportPhoto(name: path ?? base, identifier: base, file: path.map(folder.url)))
        }
        var tags = (entry["tags"]?.arrayValue ?? []).compactMap(\.stringValue)
        if entry["favourite"]?.boolValue == true { tags.append("starred") }
        let mood = Self.mood(sentiment: entry["sentiment"]?.doubleValue) ?? MoodTable.Mapping(options.emotion, options.intensity)

        var fields: [String: FieldValue] = [:]
        if options.keepLocation {
            if let address = entry["address"]?.stringValue, !address.isEmpty { fields["location"] = .string(address) }
            if let latitude = Self.present(entry["lat"]), let longitude = Self.present(entry["lon"]) {
                fields["latitude"] = .string(String(latitude))
                fields["longitude"] = .string(String(longitude))
            }
            if let weather = entry["weather"]?.objectValue {
                let words = [weather["description"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 },
                             Self.present(weather["degree_c"]).map(DayOneImporter.celsius),
                             weather["place"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }].compactMap { $0 }
                if !words.isEmpty { fields["weather"] = .string(words.joined(separator: ", ")) }
            }
        }
        return .success(DiaryCandidate(source: .journey, sourceID: id, location: location, moment: moment, timeZone: timeZone,
                                       emotion: mood.emotion, intensity: mood.intensity, title: converted.title, text: converted.text,
                                       tags: tags, photos: photos, extraFields: fields, notes: notes))
    }
}
