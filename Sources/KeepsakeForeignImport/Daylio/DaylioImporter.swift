import Foundation
public import KeepsakeDiary
import KeepsakeStore
import KeepsakeSupport

/// Reads Daylio into diary entries: the CSV export (every known column layout: `full_date,…,note`,
/// `full_date,…,note_title,note` and the older `year,date,…,note`) or the `.daylio` backup (a zip
/// holding `backup.daylio`, base64 JSON, and the photos under `assets/`).
///
/// - The mood becomes an emotion and an intensity through ``DiaryImportOptions/moods`` (a mood not
///   in the table takes its fallback, and the report says so); activities become tags; the note's
///   title the entry's title and the note (HTML, `<br>` line breaks) its text as Markdown. An entry
///   without a note is titled with its mood as Daylio shows it.
/// - CSV: rows are newest first; times may be 12-hour (`10:00 pm`) or 24-hour (`18:52`); the zone is
///   ``DiaryImportOptions/timeZone`` (the CSV has none). A row is identified by its day and time
///   (and its order among rows of the same minute), so importing a newer export adds only new rows.
/// - Backup: months are zero-based, the zone is an offset in milliseconds (made a named zone: the
///   chosen one when its offset agrees, else `Etc/GMT±h`), custom moods fall back on their group
///   (1–5), photos come with the entry; audio is not imported. Entries are identified by their ids.
///   CSV and backup ids differ: import one or the other.
public struct DaylioImporter: DiaryImporter {
    /// `.daylio`.
    public var source: ImportSource { .daylio }
    /// What to read, the diary, the choices and the name in reports.
    public let request: ImportRequest<Diary, DiaryImportOptions>
    /// An importer of `request`.
    public init(_ request: ImportRequest<Diary, DiaryImportOptions>) { self.request = request }

    /// Reads the file.
    ///
    /// - Throws: ``KeepsakeError`` `.invalidArgument` for a file that is neither a Daylio CSV nor a
    ///   Daylio backup, or a damaged backup.
    public func plan() throws -> ImportPlan {
        if try ExportFolder.isZipFile(file, displayName: displayName) { return try backupPlan() }
        return try csvPlan()
    }

    // MARK: - CSV

    private func csvPlan() throws -> ImportPlan {
        let text = try TextEncoding.decode(try ImportFile.read(file)).text
        let table = CSVReader().rows(text)
        guard let header = table.first else {
            throw KeepsakeError(.invalidArgument, "\(KeepsakeError.printable(displayName)) is empty; export the entries from Daylio again.")
        }
        let names = header.fields.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        let column = Dictionary(names.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        guard column["mood"] != nil, column["time"] != nil, column["full_date"] != nil || (column["year"] != nil && column["date"] != nil) else {
            throw KeepsakeError(.invalidArgument, "\(KeepsakeError.printable(displayName)) is not a Daylio CSV export: its header (\(names.joined(separator: ","))) lacks full_date (or year and date), time and mood.")
        }
        var plan = ImportPlan(source: .daylio, file: displayName)
        let rows = Array(table.dropFirst())
        var stamps: [String] = []
        var candidates: [Result<DiaryCandidate, ImportIssue>] = []
        for row in rows {
            func field(_ name: String) -> String {
                guard let index = column[name], index < row.fields.count else { return "" }
                return row.fields[index]
            }
            let location = "line \(row.line)"
            // Rows are identified by their minute (and order among rows of that minute); rows that
            // cannot be read are refused and need no id.
            stamps.append("line \(row.line)")
            if let problem = row.problem {
                candidates.append(.failure(ImportIssue(location: location, reason: "malformed CSV: \(problem)")))
                continue
            }
            guard let (year, month, day) = Self.csvDay(fullDate: field("full_date"), year: field("year"), date: field("date")) else {
                let shown = field("full_date").isEmpty ? "\(field("year")) \(field("date"))" : field("full_date")
                candidates.append(.failure(ImportIssue(location: location, reason: "the date \(KeepsakeError.quoted(shown)) cannot be read")))
                continue
            }
            guard let (hour, minute) = Self.clock(field("time")) else {
                candidates.append(.failure(ImportIssue(location: location, reason: "the time \(KeepsakeError.quoted(field("time"))) cannot be read (write it like 10:00 pm or 18:52)")))
                continue
            }
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = options.timeZone
            guard let moment = calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute)) else {
                candidates.append(.failure(ImportIssue(location: location, reason: "the day and time are not a moment")))
                continue
            }
            stamps[stamps.count - 1] = String(format: "%04d-%02d-%02d %02d:%02d", year, month, day, hour, minute)
            let activities = field("activities").split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            candidates.append(.success(entry(location: location, sourceID: "", moment: moment, timeZone: options.timeZone,
                                             mood: field("mood"), group: nil, title: field("note_title"), note: field("note"),
                                             tags: activities, photos: [], notes: [])))
        }
        for (result, key) in zip(candidates, SourceRecordID.occurrenceKeys(stamps)) {
            switch result {
            case .failure(let issue): plan.refused.append(issue)
            case .success(var candidate):
                candidate.sourceID = Self.readableKey(key)
                switch candidate.item(in: diary) {
                case .success(let item): plan.items.append(item)
                case .failure(let issue): plan.refused.append(issue)
                }
            }
        }
        return plan
    }

    /// `2021-09-28 22:00`, with ` #n` for the n-th later row of the same minute.
    private static func readableKey(_ key: String) -> String {
        guard let hash = key.lastIndex(of: "#") else { return key }
        let occurrence = key[key.index(after: hash)...]
        return String(key[..<hash]) + (occurrence == "0" ? "" : " #\(occurrence)")
    }

    /// The day of a row: `full_date` (`2021-09-28`), else `year` and `date` (`18 May`, `May 18`).
    static func csvDay(fullDate: String, year: String, date: String) -> (Int, Int, Int)? {
        let full = fullDate.trimmingCharacters(in: .whitespaces)
        if !full.isEmpty {
            guard let day = DayFormat.iso.day(full) else { return nil }
            return (day.year, day.month, day.day)
        }
        guard let yearNumber = Int(year.trimmingCharacters(in: .whitespaces)) else { return nil }
        let words = date.split(whereSeparator: { $0 == " " || $0 == "." || $0 == "," }).map(String.init)
        guard words.count == 2 else { return nil }
        if let day = Int(words[0]), let month = DayFormat.month(named: words[1]) { return (yearNumber, month, day) }
        if let day = Int(words[1]), let month = DayFormat.month(named: words[0]) { return (yearNumber, month, day) }
        return nil
    }

    /// `10:00 pm`, `10:00PM`, `18:52`, `18:52:07` as hour and minute (12 am is 0, 12 pm is 12).
    static func clock(_ raw: String) -> (Int, Int)? {
        let text = raw.trimmingCharacters(in: .whitespaces).lowercased()
        guard let match = text.wholeMatch(of: /(\d{1,2}):(\d{2})(?::\d{2})?\s*(a\.?m\.?|p\.?m\.?)?/),
              var hour = Int(match.1), let minute = Int(match.2), minute < 60 else { return nil }
        if let suffix = match.3 {
            guard (1...12).contains(hour) else { return nil }
            let evening = suffix.hasPrefix("p")
            hour = hour % 12 + (evening ? 12 : 0)
        }
        guard hour < 24 else { return nil }
        return (hour, minute)
    }

    // MARK: - Backup

    private func backupPlan() throws -> ImportPlan {
        let folder = try ExportFolder.open(file, displayName: displayName, maxBytes: options.maxUnpackedBytes) { name in
            let lower = name.lowercased()
            return lower.hasSuffix("backup.daylio") || (lower.hasPrefix("assets/") && !lower.contains("/audio"))
        }
        guard let backupName = folder.files().first(where: { ($0 as NSString).lastPathComponent.lowercased() == "backup.daylio" }) else {
            throw KeepsakeError(.invalidArgument, "\(KeepsakeError.printable(displayName)) is a zip but not a Daylio backup: it holds no backup.daylio.")
        }
        let encoded = try ImportFile.read(folder.url(backupName))
        guard let decoded = Data(base64Encoded: encoded, options: .ignoreUnknownCharacters),
              let object = try? JSONValue(parsing: decoded), let root = object.objectValue else {
            throw KeepsakeError(.invalidArgument, "The backup.daylio inside \(KeepsakeError.printable(displayName)) is not base64-encoded JSON: the backup is damaged. Make a new backup in Daylio.")
        }
        guard let entries = root["dayEntries"]?.arrayValue else {
            throw KeepsakeError(.invalidArgument, "The backup.daylio inside \(KeepsakeError.printable(displayName)) has no dayEntries list; it is not a Daylio backup Keepsake knows.")
        }
        let predefined = [1: "rad", 2: "good", 3: "meh", 4: "bad", 5: "awful"]
        var moods: [Int: (name: String, group: Int?)] = [:]
        for mood in (root["customMoods"]?.arrayValue ?? []).compactMap(\.objectValue) {
            guard let id = mood["id"]?.intValue else { continue }
            let custom = mood["custom_name"]?.stringValue?.trimmingCharacters(in: .whitespaces) ?? ""
            let name = custom.isEmpty ? (mood["predefined_name_id"]?.intValue.flatMap { predefined[$0] } ?? "mood \(id)") : custom
            moods[id] = (name, mood["mood_group_id"]?.intValue)
        }
        var tagNames: [Int: String] = [:]
        for tag in (root["tags"]?.arrayValue ?? []).compactMap(\.objectValue) {
            if let id = tag["id"]?.intValue, let name = tag["name"]?.stringValue { tagNames[id] = name }
        }
        var assets: [Int: (checksum: String, type: Int)] = [:]
        for asset in (root["assets"]?.arrayValue ?? []).compactMap(\.objectValue) {
            if let id = asset["id"]?.intValue, let checksum = asset["checksum"]?.stringValue {
                assets[id] = (checksum, asset["type"]?.intValue ?? 1)
            }
        }
        var assetFiles: [String: String] = [:]
        for path in folder.files(under: "assets") {
            let name = (path as NSString).lastPathComponent
            assetFiles[name] = assetFiles[name] ?? path
            assetFiles[(name as NSString).deletingPathExtension] = assetFiles[(name as NSString).deletingPathExtension] ?? path
        }

        var plan = ImportPlan(source: .daylio, file: displayName, resources: [folder])
        for (index, value) in entries.enumerated() {
            let object = value.objectValue
            let id = object?["id"]?.intValue
            let location = "entry \(index + 1)" + (id.map { " (id \($0))" } ?? "")
            guard let object, let id else {
                plan.refused.append(ImportIssue(location: location, reason: "the entry has no id"))
                continue
            }
            let sourceID = "entry \(id)"
            func refuse(_ reason: String) { plan.refused.append(ImportIssue(location: location, sourceID: sourceID, reason: reason)) }
            var notes: [String] = []
            let offset = (object["timeZoneOffset"]?.intValue ?? 0) / 1000
            let moment: Date
            if let year = object["year"]?.intValue, let month = object["month"]?.intValue, let day = object["day"]?.intValue {
                var calendar = Calendar(identifier: .gregorian)
                calendar.timeZone = TimeZone(secondsFromGMT: offset) ?? .gmt
                // Daylio counts months from 0.
                guard (0...11).contains(month), let date = calendar.date(from: DateComponents(year: year, month: month + 1, day: day,
                                                                                              hour: object["hour"]?.intValue ?? 0,
                                                                                              minute: object["minute"]?.intValue ?? 0)) else {
                    refuse("the date \(year)-\(month)-\(day) (months count from 0) is not a day")
                    continue
                }
                moment = date
                if let stamp = object["datetime"]?.doubleValue, abs(stamp / 1000 - date.timeIntervalSince1970) > 60 {
                    notes.append("the entry's datetime disagrees with its day and time; the day and time Daylio shows were used")
                }
            } else if let stamp = object["datetime"]?.doubleValue {
                moment = Date(timeIntervalSince1970: stamp / 1000)
            } else {
                refuse("the entry has neither a day nor a datetime")
                continue
            }
            guard let zone = DiaryCandidate.zone(forOffset: offset, at: moment, preferring: options.timeZone) else {
                refuse("no named time zone has the offset \(offset) seconds")
                continue
            }
            guard let moodID = object["mood"]?.intValue, let mood = moods[moodID] else {
                refuse("its mood \(object["mood"]?.intValue.map(String.init) ?? "(none)") is not among the backup's moods")
                continue
            }
            let tags = (object["tags"]?.arrayValue ?? []).compactMap(\.intValue).compactMap { tagNames[$0] }
            var photos: [ImportPhoto] = []
            for assetID in (object["assets"]?.arrayValue ?? []).compactMap(\.intValue) {
                guard let asset = assets[assetID] else {
                    notes.append("asset \(assetID) is not described in the backup; it was not imported")
                    continue
                }
                guard asset.type == 1 else {
                    notes.append("the audio recording \(asset.checksum) was not imported: Keepsake keeps photos only")
                    continue
                }
                let path = assetFiles[asset.checksum]
                photos.append(ImportPhoto(name: path ?? "assets/photos/\(asset.checksum)", identifier: "asset-\(assetID)", file: path.map(folder.url)))
            }
            let candidate = entry(location: location, sourceID: sourceID, moment: moment, timeZone: zone, mood: mood.name, group: mood.group,
                                  title: object["note_title"]?.stringValue ?? "", note: object["note"]?.stringValue ?? "",
                                  tags: tags, photos: photos, notes: notes)
            switch candidate.item(in: diary) {
            case .success(let item): plan.items.append(item)
            case .failure(let issue): plan.refused.append(issue)
            }
        }
        return plan
    }

    // MARK: - Shared

    private func entry(location: String, sourceID: String, moment: Date, timeZone: TimeZone, mood: String, group: Int?,
                       title: String, note: String, tags: [String], photos: [ImportPhoto], notes: [String]) -> DiaryCandidate {
        var notes = notes
        let (mapping, known) = options.moods.mapping(name: mood, group: group)
        let moodName = MoodTable.key(mood)
        if moodName.isEmpty {
            notes.append("the entry has no mood; it came over as \(mapping)")
        } else if !known {
            notes.append("the mood \(KeepsakeError.quoted(moodName)) is not in the mood table; it came over as \(mapping) (say what it means in a mood file, --moods)")
        }
        let text = HTMLText.looksLikeHTML(note) ? HTMLText.markdown(note) : note.trimmingCharacters(in: .whitespacesAndNewlines)
        let cleanTitle = title.trimmingCharacters(in: .whitespacesAndNewlines)
        let heading: String? = cleanTitle.isEmpty ? (text.isEmpty ? moodName : nil) : (HTMLText.looksLikeHTML(cleanTitle) ? HTMLText.markdown(cleanTitle) : cleanTitle)
        var fields: [String: FieldValue] = ["importMood": .string(moodName)]
        if let group { fields["importMoodGroup"] = .integer(Int64(group)) }
        return DiaryCandidate(source: .daylio, sourceID: sourceID, location: location, moment: moment, timeZone: timeZone,
                              emotion: mapping.emotion, intensity: mapping.intensity, title: heading, text: DiaryText([.text(text)]),
                              tags: tags, photos: photos, extraFields: fields, notes: notes)
    }
}
