import Foundation
import KeepsakeDiary
import KeepsakeStore
import KeepsakeViewModels

/// `keepsake diary …`: the emotion diary. Writes go through ``DiaryComposeViewModel`` and
/// ``DiaryEntryViewModel``, lists through ``DiaryListViewModel``; the calendar and the statistics,
/// which no screen model holds, come from ``Diary`` itself.
enum DiaryCommand {
    static let emotionNames = Emotion.allCases.map(\.rawValue).joined(separator: ", ")

    static let command = Command(
        group: "diary", abstract: "The emotion diary: entries with an emotion, text, tags and up to 10 photos.", section: KeepsakeCommand.apps,
        discussion: """
            The emotion diary: entries with an emotion and its intensity, a title, text, tags and up to
            10 ordered photos.
            """,
        subcommands: [add, list, show, edit, images, delete, restore, search, calendar, stats],
        epilogue: """
            Emotions: \(emotionNames) (English or Korean names work too).
            Ids are the UUIDs that add and list print. Photo positions count from 0.
            Every action takes --json for machine-readable output and --help for its own help.
            """,
        examples: [
            #"keepsake diary add --emotion joy --intensity 4 --title "Picnic" --text "Kimbap by the river" --tag family --image park.jpg"#,
            "keepsake diary list --month 2026-11",
            "keepsake diary images 3f2504e0-4f89-41d3-9a0c-0305e82c3301 move 2 0",
            "keepsake diary calendar 2026-11 --json",
        ])

    // MARK: - Options

    static let id = Argument(.recordID, hint: "as add and list print it")
    static let emotion = Option("--emotion", .emotion, help: "\(emotionNames) (or 기쁨, 평온, …).")
    static let intensity = Option("--intensity", .integer, help: "How strong, 1 (faint) to 5 (overwhelming); default 3.")
    static let title = Option("--title", .text(), help: "A title (optional).")
    static let text = Option("--text", .text(), help: "The entry's text; - reads it from standard input.")
    static let tag = Option("--tag", .text("TAG"), repeatable: true, help: "A tag; repeat for several (#travel and Travel are the same tag).")
    static let at = Option("--at", .date, help: "When it happened: YYYY-MM-DD, YYYY-MM-DDTHH:MM or full ISO 8601; default now.")
    static let timeZone = Option("--time-zone", .timeZone, help: "The time zone it was written in (decides its day); default yours.")
    static let image = Option("--image", .file(), repeatable: true, help: "A photo; repeat for up to 10, in order. JPEG, PNG, WebP, HEIC, GIF.")

    // MARK: - add

    static let add = Command(
        "add", abstract: "Write a new entry (--emotion, --intensity, --title, --text, --tag, --at, --image).",
        discussion: "Writes a new entry. It needs an emotion and a title or some text.",
        options: [emotion.asRequired, intensity, title, text, tag, at, timeZone, image], groups: [EncodingFlags.group],
        epilogue: """
            The photos are stored with the entry in one operation: if one cannot be read, nothing is stored.
            Prints the new entry (with --json, the entry as JSON).
            """,
        examples: [
            #"keepsake diary add --emotion joy --title "First snow" --text "첫눈이 왔다" --tag winter"#,
            #"keepsake diary add --emotion calm --intensity 2 --text "Tea" --at 2026-11-29T21:30 --image tea.jpg --image cup.heic"#,
            #"echo "A long day." | keepsake diary add --emotion tiredness --text - --json"#,
        ]) { call in
        let zone = call[Self.timeZone] ?? call.timeZone
        let moment = try call[at]?.date(in: zone) ?? Date()
        let diary = Diary(store: try call.openStore())
        let compose = DiaryComposeViewModel(diary: diary, emotion: try call.required(emotion), now: moment, timeZone: zone)
        if let intensity = call[intensity] { compose.intensity = intensity }
        if let title = call[title] { compose.title = title }
        if let text = call.text(text) { compose.text = text }
        compose.tagsText = call.all(tag).joined(separator: ",")
        if call.given(image) {
            compose.addImages(CommandSupport.imageSources(call.all(image)))
            try CommandSupport.check(compose.error)
        }
        guard let entry = await compose.save() else { throw compose.error ?? CommandFailure(message: "The entry could not be saved.") }
        try printEntry(entry, call, heading: "Added diary entry \(entry.id).")
        return 0
    }

    // MARK: - list

    static let limit = Option("--limit", .integer(in: 1...1000), help: "Entries per page, 1 to 1000; default 20.")
    static let cursor = Option("--cursor", .cursor, help: "Continue after the page that printed this token.")
    static let withEmotion = Option("--emotion", .emotion, help: "Only entries with this emotion.")
    static let withTag = Option("--tag", .text("TAG"), help: "Only entries with this tag.")
    static let month = Option("--month", .month, help: "The entries of one month, oldest first (each on its own day).")
    static let day = Option("--day", .day, help: "The entries of one day, oldest first.")
    static let from = Option("--from", .date, help: "Entries from this date on (with --to: up to it).")
    static let to = Option("--to", .date, help: "Entries before this date; a bare day includes that day.")
    static let trash = Flag("--trash", help: "Entries in the trash.")

    static let list = Command(
        "list", abstract: "Newest entries first, a page at a time; filter by emotion, tag, month,\nday, date range, or show the trash.",
        discussion: "Lists entries, newest first, a page at a time (one filter at a time).",
        options: [limit, cursor, withEmotion, withTag, month, day, from, to, trash],
        rules: [.atMostOne([[withEmotion], [withTag], [month], [day], [from, to], [trash]], noun: "filter")],
        epilogue: """
            Each line: id, date and time, emotion/intensity, photos, title or first words.
            With --json: {"entries": [...], "nextCursor": TOKEN or null}.
            """,
        examples: ["keepsake diary list", "keepsake diary list --emotion joy --limit 5", "keepsake diary list --from 2026-11-01 --to 2026-11-15 --json"]) { call in
        var filter = DiaryListViewModel.Filter.all
        if let emotion = call[withEmotion] { filter = .emotion(emotion) }
        if let tag = call[withTag] { filter = .tag(tag) }
        if let month = call[month] { filter = .month(month) }
        if let day = call[day] { filter = .day(day) }
        if call.given(from) || call.given(to) {
            let start = try call[from]?.date(in: call.timeZone) ?? .distantPast
            let end = try call[to]?.end(in: call.timeZone) ?? .distantFuture
            guard start < end else { throw UsageError(description: "--to must be after --from.") }
            filter = .range(from: start, to: end)
        }
        if call[trash] { filter = .trash }
        if call.given(cursor) {
            switch filter {
            case .month, .day, .search: throw UsageError(description: "--cursor pages the newest-first lists; --month and --day show everything at once.")
            default: break
            }
        }
        let model = DiaryListViewModel(diary: Diary(store: try call.openStore()), pageSize: call[limit] ?? 20)
        model.filter = filter
        await model.load(after: call[cursor])
        try CommandSupport.check(model.error)
        try printEntries(model.entries, nextCursor: model.nextCursor, call, empty: filter == .all ? "No diary entries yet." : "No entries match.")
        return 0
    }

    // MARK: - show

    static let show = Command(
        "show", abstract: "One entry with its photos.",
        discussion: """
            Shows one entry: when (in your time zone, and the zone it was written in), emotion, title,
            tags, text, and its photos in order with their stored paths and sizes.
            """,
        arguments: [id],
        examples: ["keepsake diary show 3f2504e0-4f89-41d3-9a0c-0305e82c3301", "keepsake diary show 3f2504e0-4f89-41d3-9a0c-0305e82c3301 --json"]) { call in
        let id = try call.required(Self.id)
        let model = DiaryEntryViewModel(diary: Diary(store: try call.openStore()), id: id)
        await model.load()
        try CommandSupport.check(model.error)
        guard let entry = model.entry else { throw KeepsakeError(.notFound, "No diary entry with id \(id) exists.") }
        try printEntry(entry, call, heading: nil)
        return 0
    }

    // MARK: - edit

    static let newImages = Option("--image", .file("FILE|@N"), repeatable: true, help: """
        The whole new photo set, in order: a FILE adds a photo, @N keeps the stored
        photo now at position N.
        """)

    static let edit = Command(
        "edit", abstract: "Change an entry; only the options given change.",
        discussion: """
            Changes an entry; only the options given change. The options are those of diary add:
            --title "" removes the title; --tag replaces all tags (--tag "" removes them); --image
            replaces the whole photo set in the order given, where @N keeps the stored photo now at
            position N (it is not rewritten; a file identical to a stored photo is not stored twice).
            Words and photos change in one operation: if a photo cannot be read, nothing changes.
            """,
        arguments: [id], options: [emotion, intensity, title, text, tag, at, timeZone, newImages],
        rules: [.atLeastOne([emotion, intensity, title, text, tag, at, timeZone, newImages], message: "Nothing to change")],
        groups: [EncodingFlags.group],
        examples: [
            "keepsake diary edit 3f2504e0-4f89-41d3-9a0c-0305e82c3301 --intensity 5 --tag picnic --tag family",
            "keepsake diary edit 3f2504e0-4f89-41d3-9a0c-0305e82c3301 --image @1 --image @0 --image new.jpg",
        ]) { call in
        let id = try call.required(Self.id)
        let diary = Diary(store: try call.openStore())
        let page = DiaryEntryViewModel(diary: diary, id: id)
        await page.load()
        try CommandSupport.check(page.error)
        guard let current = page.entry else { throw KeepsakeError(.notFound, "No diary entry with id \(id) exists.") }
        let compose = DiaryComposeViewModel(diary: diary, editing: current)
        if let zone = call[timeZone] { compose.timeZone = zone }
        if let moment = try call[at]?.date(in: call[timeZone] ?? current.timeZone) { compose.moment = moment }
        if let emotion = call[emotion] { compose.emotion = emotion }
        if let intensity = call[intensity] { compose.intensity = intensity }
        if let title = call[title] { compose.title = title }
        if let text = call.text(text) { compose.text = text }
        if call.given(tag) { compose.tagsText = call.all(tag).joined(separator: ",") }
        if call.given(newImages) {
            compose.images = try CommandSupport.composeImages(call.all(newImages), current: current.images, limit: diary.maxImages)
        }
        guard let entry = await compose.save() else { throw compose.error ?? CommandFailure(message: "The entry could not be saved.") }
        try printEntry(entry, call, heading: "Updated diary entry \(entry.id).")
        return 0
    }

    // MARK: - images

    static let operation = Argument(.text("OPERATION"), hint: "add, replace, remove, move or reorder")
    static let operands = Argument(.text("ARGUMENT"), count: .many(atLeast: 0))

    static let images = Command(
        "images", abstract: "Photos of an entry: add, replace, remove, move, reorder.",
        discussion: """
            Changes the photos of an entry, one operation each (positions count from 0, as diary show
            lists them):
              add FILE...        Adds photos at the end (at most 10 in all).
              replace N FILE     Puts a new photo at position N; the old file goes only after the change is saved.
              remove N           Removes the photo at N; the ones after it move up.
              move FROM TO       Moves one photo; no file is touched.
              reorder I J K...   The new order: position i gets the photo now at the i-th number given.
            Prints the entry's photos afterwards (with --json, the entry).
            """,
        arguments: [id, operation, operands], groups: [EncodingFlags.group],
        examples: [
            "keepsake diary images 3f2504e0-4f89-41d3-9a0c-0305e82c3301 add beach.jpg sunset.heic",
            "keepsake diary images 3f2504e0-4f89-41d3-9a0c-0305e82c3301 replace 0 better.jpg",
            "keepsake diary images 3f2504e0-4f89-41d3-9a0c-0305e82c3301 reorder 2 0 1",
        ]) { call in
        let id = try call.required(Self.id)
        let arguments = call.all(operands)
        func expect(_ count: ClosedRange<Int>, _ form: String) throws {
            guard count.contains(arguments.count) else { throw UsageError(description: "Write it as: diary images ID \(form).") }
        }
        func position(_ text: String) throws -> Int { try ValueParser<Int>.photoPosition.parse(text, "N") }
        let model = DiaryEntryViewModel(diary: Diary(store: try call.openStore()), id: id)
        switch try call.required(operation) {
        case "add":
            try expect(1...Int.max, "add FILE...")
            await model.addImages(CommandSupport.imageSources(arguments))
        case "replace":
            try expect(2...2, "replace N FILE")
            await model.replaceImage(at: try position(arguments[0]), with: .file(URL(fileURLWithPath: arguments[1])))
        case "remove":
            try expect(1...1, "remove N")
            await model.removeImage(at: try position(arguments[0]))
        case "move":
            try expect(2...2, "move FROM TO")
            await model.moveImage(from: try position(arguments[0]), to: try position(arguments[1]))
        case "reorder":
            try expect(1...Int.max, "reorder I J K...")
            await model.reorderImages(try arguments.map(position))
        case let other:
            throw UsageError(description: "Unknown photo operation \(KeepsakeError.quoted(other)); use add, replace, remove, move or reorder.")
        }
        try CommandSupport.check(model.error)
        guard let entry = model.entry else { throw KeepsakeError(.notFound, "No diary entry with id \(id) exists.") }
        if call.json {
            try call.printJSON(entry)
        } else {
            call.print("Diary entry \(entry.id) now has \(CommandSupport.count(entry.images.count, "photo")).")
            CommandSupport.photoLines(entry.images).forEach { call.print($0) }
        }
        return 0
    }

    // MARK: - delete, restore

    static let delete = Command(
        "delete", abstract: "Move an entry (and its photos) to the trash.",
        discussion: """
            Moves an entry to the trash with its photos; diary restore brings it back whole, and
            keepsake trash purge removes it for good.
            """,
        arguments: [id], examples: ["keepsake diary delete 3f2504e0-4f89-41d3-9a0c-0305e82c3301"]) { call in
        try await trashOperation(call, restoring: false)
    }

    static let restore = Command(
        "restore", abstract: "Take an entry out of the trash.", discussion: "Takes an entry out of the trash, with its photos.",
        arguments: [id], examples: ["keepsake diary restore 3f2504e0-4f89-41d3-9a0c-0305e82c3301"]) { call in
        try await trashOperation(call, restoring: true)
    }

    /// `delete ID` and `restore ID`.
    @MainActor
    static func trashOperation(_ call: Invocation, restoring: Bool) async throws -> Int32 {
        let id = try call.required(Self.id)
        let model = DiaryEntryViewModel(diary: Diary(store: try call.openStore()), id: id)
        if restoring { await model.restore() } else { await model.delete() }
        try CommandSupport.check(model.error)
        if call.json, let entry = model.entry {
            try call.printJSON(entry)
        } else {
            call.print(restoring ? "Restored diary entry \(id)." : "Moved diary entry \(id) to the trash; keepsake diary restore \(id) brings it back.")
        }
        return 0
    }

    // MARK: - search

    static let words = Argument(.text(), count: .many(atLeast: 1), hint: "the words to look for")

    static let search = Command(
        "search", abstract: "Entries whose title, text or tags contain every word.",
        discussion: """
            Entries whose title, text or tags contain every word (also as the start of a longer word;
            case and accents ignored), newest first, at most 200.
            """,
        arguments: [words], examples: ["keepsake diary search picnic", "keepsake diary search 피크닉 --json"]) { call in
        let text = call.all(words).joined(separator: " ")
        guard !text.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw UsageError(description: "diary search needs the words to look for; see keepsake diary search --help.")
        }
        let model = DiaryListViewModel(diary: Diary(store: try call.openStore()))
        model.filter = .search(text)
        await model.load()
        try CommandSupport.check(model.error)
        try printEntries(model.entries, nextCursor: nil, call, empty: "No entries match \(KeepsakeError.quoted(text)).")
        return 0
    }

    // MARK: - calendar

    static let calendarMonth = Argument(.month, count: .optional)

    static let calendar = Command(
        "calendar", abstract: "Which days of a month have entries, and each day's dominant emotion.",
        discussion: """
            The days of a month (this month by default) that have entries, each with its number of
            entries and its dominant emotion (the most frequent; ties go to the stronger, then to the
            one listed first). An entry counts on its own day in the time zone it was written in.
            """,
        arguments: [calendarMonth], examples: ["keepsake diary calendar", "keepsake diary calendar 2026-11 --json"]) { call in
        let month = call[calendarMonth] ?? CalendarMonth(containing: Date(), in: call.timeZone)
        let days = try Diary(store: try call.openStore()).calendar(of: month)
        if call.json {
            try call.printJSON(days)
            return 0
        }
        call.print("\(month): \(CommandSupport.count(days.count, "day")) with entries")
        let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
        for day in days {
            call.print("  \(day.day)  \(weekdays[day.day.weekday - 1])  \(CommandSupport.count(day.count, "entry", plural: "entries"))  "
                       + "\(day.dominantEmotion.rawValue) (\(day.dominantEmotion.koreanName))")
        }
        return 0
    }

    // MARK: - stats

    static let period = Option("--per", .choice(DiaryStatisticsPeriod.allCases.map { ($0.rawValue, $0) }), help: "The period; default week.")
    static let statsFrom = Option("--from", .date, help: "Start; default 8 weeks (or 6 months) before --to.")
    static let statsTo = Option("--to", .date, help: "End; a bare day includes that day; default the end of today.")

    static let stats = Command(
        "stats", abstract: "Entries and average intensity per week or month, per emotion.",
        discussion: """
            Entries per ISO week or per month, with the count of each emotion and the average
            intensity, for charts. Every period in the range is listed, empty ones too, in your time zone.
            """,
        options: [period, statsFrom, statsTo],
        examples: ["keepsake diary stats", "keepsake diary stats --per month --from 2026-01-01 --to 2026-12-31 --json"]) { call in
        let period = call[Self.period] ?? .week
        let zone = call.timeZone
        let to = try call[statsTo]?.end(in: zone) ?? CalendarDay(containing: Date(), in: zone).adding(days: 1).start(in: zone)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let from = try call[statsFrom]?.date(in: zone)
            ?? calendar.date(byAdding: period == .week ? .weekOfYear : .month, value: period == .week ? -8 : -6, to: to)!
        guard from < to else { throw UsageError(description: "--to must be after --from.") }
        let periods = try Diary(store: try call.openStore()).statistics(from: from, to: to, per: period, timeZone: zone)
        if call.json {
            try call.printJSON(periods.map(StatisticsRow.init))
            return 0
        }
        call.print("Period     Entries  Avg  Emotions")
        for row in periods {
            let average = row.averageIntensity.map { String(format: "%.1f", $0) } ?? "-"
            let emotions = row.emotionCounts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
                .map { "\($0.key.rawValue) \($0.value)" }.joined(separator: ", ")
            let line = CommandSupport.pad(row.label, to: 10) + String(format: " %7d  ", row.entryCount) + CommandSupport.pad(average, to: 3) + "  " + emotions
            call.print(line.trimmingCharacters(in: .whitespaces))
        }
        return 0
    }

    /// One period of `diary stats --json`: the statistics with the average intensity spelled out.
    struct StatisticsRow: Encodable {
        let label: String
        let firstDay: DiaryDay
        let start: Date
        let end: Date
        let entryCount: Int
        let emotionCounts: [Emotion: Int]
        let totalIntensity: Int
        let averageIntensity: Double?

        init(_ statistics: DiaryStatistics) {
            label = statistics.label
            firstDay = statistics.firstDay
            start = statistics.start
            end = statistics.end
            entryCount = statistics.entryCount
            emotionCounts = statistics.emotionCounts
            totalIntensity = statistics.totalIntensity
            averageIntensity = statistics.averageIntensity
        }
    }

    /// `diary list --json`: a page of entries and where the next one starts.
    struct ListOutput: Encodable {
        let entries: [DiaryEntry]
        let nextCursor: String?
    }

    // MARK: - Output

    /// Prints entries one per line (or as JSON), with the command for the next page.
    static func printEntries(_ entries: [DiaryEntry], nextCursor: RecordCursor?, _ call: Invocation, empty: String) throws {
        if call.json {
            try call.printJSON(ListOutput(entries: entries, nextCursor: nextCursor?.description))
            return
        }
        if entries.isEmpty { call.print(empty) }
        for entry in entries {
            let feeling = CommandSupport.pad("\(entry.emotion.rawValue)/\(entry.intensity)", to: 12)
            let photos = CommandSupport.pad(CommandSupport.count(entry.images.count, "photo"), to: 9)
            call.print("\(entry.id)  \(DateText.format(entry.moment, timeZone: call.timeZone))  \(feeling) \(photos)  \(CommandSupport.summary(entry.title ?? entry.text))")
        }
        if let nextCursor { call.print("More: keepsake diary list --cursor \(nextCursor) (with the same filter)") }
    }

    /// Prints one entry in full (or as JSON), after `heading`.
    static func printEntry(_ entry: DiaryEntry, _ call: Invocation, heading: String?) throws {
        if call.json {
            try call.printJSON(entry)
            return
        }
        let zone = call.timeZone
        if let heading { call.print(heading) }
        call.print("Entry:     \(entry.id)")
        call.print("When:      \(DateText.format(entry.moment, timeZone: zone)) (written in \(entry.timeZone.identifier), day \(entry.day))")
        call.print("Emotion:   \(entry.emotion.rawValue) (\(entry.emotion.koreanName)), intensity \(entry.intensity)")
        if let title = entry.title { call.print("Title:     \(title)") }
        if !entry.tags.isEmpty { call.print("Tags:      \(entry.tags.joined(separator: ", "))") }
        call.print("Photos:    \(entry.images.count)")
        CommandSupport.photoLines(entry.images).forEach { call.print($0) }
        call.print("Created:   \(DateText.format(entry.createdAt, timeZone: zone))")
        call.print("Updated:   \(DateText.format(entry.updatedAt, timeZone: zone))")
        if let trashed = entry.trashedAt { call.print("In trash:  since \(DateText.format(trashed, timeZone: zone))") }
        if !entry.text.isEmpty {
            call.print("")
            call.print(entry.text)
        }
    }
}
