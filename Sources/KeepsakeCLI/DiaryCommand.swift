import Foundation
import KeepsakeDiary
import KeepsakeStore
import KeepsakeViewModels

/// `keepsake diary …`: the emotion diary. Writes go through ``DiaryComposeViewModel`` and
/// ``DiaryEntryViewModel``, lists through ``DiaryListViewModel``; the calendar and the statistics,
/// which no screen model holds, come from ``Diary`` itself.
enum DiaryCommand {
    static let help = """
        Usage: keepsake [--store DIR] diary <action> [options]

        The emotion diary: entries with an emotion and its intensity, a title, text, tags and up to
        10 ordered photos.

        Actions:
          add                    Write a new entry (--emotion, --intensity, --title, --text, --tag, --at, --image).
          list                   Newest entries first, a page at a time; filter by emotion, tag, month,
                                 day, date range, or show the trash.
          show ID                One entry with its photos.
          edit ID                Change an entry; only the options given change.
          images ID ...          Photos of an entry: add, replace, remove, move, reorder.
          delete ID              Move an entry (and its photos) to the trash.
          restore ID             Take an entry out of the trash.
          search TEXT            Entries whose title, text or tags contain every word.
          calendar [YYYY-MM]     Which days of a month have entries, and each day's dominant emotion.
          stats                  Entries and average intensity per week or month, per emotion.

        Emotions: \(Emotion.allCases.map(\.rawValue).joined(separator: ", ")) (English or Korean names work too).
        Ids are the UUIDs that add and list print. Photo positions count from 0.
        Every action takes --json for machine-readable output and --help for its own help.

        Examples:
          keepsake diary add --emotion joy --intensity 4 --title "Picnic" --text "Kimbap by the river" --tag family --image park.jpg
          keepsake diary list --month 2026-11
          keepsake diary images 3f2504e0-4f89-41d3-9a0c-0305e82c3301 move 2 0
          keepsake diary calendar 2026-11 --json
        """

    /// The options of add and edit.
    static let entryFlags: Set<String> = ["--emotion", "--intensity", "--title", "--text", "--tag", "--at", "--time-zone", "--image"]

    static var group: CommandGroup {
        CommandGroup(name: "diary", help: help, actions: [add, list, show, edit, images, delete, restore, search, calendar, stats])
    }

    /// Runs `keepsake diary …`.
    @MainActor
    static func run(_ arguments: [String]) async throws -> Int32 {
        try await group.run(arguments)
    }

    // MARK: - add

    static var add: CommandGroup.Action {
        CommandGroup.Action(name: "add", valueFlags: entryFlags, help: """
            Usage: keepsake [--store DIR] diary add --emotion NAME [--intensity 1-5] [--title TEXT] [--text TEXT]
                                           [--tag TAG]... [--at DATE] [--time-zone ZONE] [--image FILE]... [--json]

            Writes a new entry. It needs an emotion and a title or some text.

              --emotion NAME     \(Emotion.allCases.map(\.rawValue).joined(separator: ", ")) (or 기쁨, 평온, …).
              --intensity N      How strong, 1 (faint) to 5 (overwhelming); default 3.
              --title TEXT       Optional title.
              --text TEXT        The entry's text; - reads it from standard input.
              --tag TAG          A tag; repeat for several (#travel and Travel are the same tag).
              --at DATE          When it happened: YYYY-MM-DD, YYYY-MM-DDTHH:MM or full ISO 8601; default now.
              --time-zone ZONE   The time zone it was written in (decides its day); default yours.
              --image FILE       A photo; repeat for up to 10, in order. JPEG, PNG, WebP, HEIC, GIF.

            The photos are stored with the entry in one operation: if one cannot be read, nothing is stored.
            Prints the new entry (with --json, the entry as JSON).

            Examples:
              keepsake diary add --emotion joy --title "First snow" --text "첫눈이 왔다" --tag winter
              keepsake diary add --emotion calm --intensity 2 --text "Tea" --at 2026-11-29T21:30 --image tea.jpg --image cup.heic
              echo "A long day." | keepsake diary add --emotion tiredness --text - --json
            """) { parsed in
            try parsed.expectPositionals(0...0, usage: "diary add takes options only (is a value missing its quotes?); see keepsake diary add --help.")
            guard let emotionName = parsed.value("--emotion") else {
                throw UsageError(description: "diary add needs --emotion (one of \(Emotion.allCases.map(\.rawValue).joined(separator: ", "))).")
            }
            let emotion = try CommandSupport.emotion(emotionName)
            let zone = try CommandSupport.timeZone(parsed.value("--time-zone"))
            let moment = try parsed.date("--at", timeZone: zone) ?? Date()
            let intensity = try parsed.value("--intensity").map { try CommandSupport.number($0, flag: "--intensity") }
            let diary = Diary(store: try KeepsakeCommand.openStore(parsed))
            let compose = DiaryComposeViewModel(diary: diary, emotion: emotion, now: moment, timeZone: zone)
            if let intensity { compose.intensity = intensity }
            if let title = parsed.value("--title") { compose.title = title }
            if let text = CommandSupport.textValue(parsed.value("--text")) { compose.text = text }
            compose.tagsText = parsed.all("--tag").joined(separator: ",")
            if parsed.given("--image") {
                compose.addImages(CommandSupport.imageSources(parsed.all("--image")))
                try CommandSupport.check(compose.error)
            }
            guard let entry = await compose.save() else { throw compose.error ?? CommandFailure(message: "The entry could not be saved.") }
            try printEntry(entry, parsed, heading: "Added diary entry \(entry.id).")
            return 0
        }
    }

    // MARK: - list

    static var list: CommandGroup.Action {
        CommandGroup.Action(name: "list", valueFlags: ["--limit", "--cursor", "--emotion", "--tag", "--month", "--day", "--from", "--to"],
                            switchFlags: ["--trash"], help: """
            Usage: keepsake [--store DIR] diary list [--limit N] [--cursor TOKEN]
                                            [--emotion NAME | --tag TAG | --month YYYY-MM | --day YYYY-MM-DD |
                                             --from DATE --to DATE | --trash] [--json]

            Lists entries, newest first, a page at a time (one filter at a time).

              --limit N          Entries per page, 1 to 1000; default 20.
              --cursor TOKEN     Continue after the page that printed this token.
              --emotion NAME     Only entries with this emotion.
              --tag TAG          Only entries with this tag.
              --month YYYY-MM    The entries of one month, oldest first (each on its own day).
              --day YYYY-MM-DD   The entries of one day, oldest first.
              --from/--to DATE   Entries from --from up to --to; a bare day as --to includes that day.
              --trash            Entries in the trash.

            Each line: id, date and time, emotion/intensity, photos, title or first words.
            With --json: {"entries": [...], "nextCursor": TOKEN or null}.

            Examples:
              keepsake diary list
              keepsake diary list --emotion joy --limit 5
              keepsake diary list --from 2026-11-01 --to 2026-11-15 --json
            """) { parsed in
            try parsed.expectPositionals(0...0, usage: "diary list takes options only; see keepsake diary list --help.")
            let limit = try parsed.integer("--limit", in: 1...1000) ?? 20
            var filters: [DiaryListViewModel.Filter] = []
            if let name = parsed.value("--emotion") { filters.append(.emotion(try CommandSupport.emotion(name))) }
            if let tag = parsed.value("--tag") { filters.append(.tag(tag)) }
            if let text = parsed.value("--month") {
                let month = try CommandSupport.month(text)
                filters.append(.month(month))
            }
            if let text = parsed.value("--day") {
                do { filters.append(.day(try DiaryDay(text))) } catch let error as KeepsakeError { throw UsageError(description: error.message) }
            }
            if parsed.given("--from") || parsed.given("--to") {
                let from = try parsed.date("--from") ?? .distantPast
                let to = try parsed.value("--to").map { try DateText.parseEnd($0) } ?? .distantFuture
                guard from < to else { throw UsageError(description: "--to must be after --from.") }
                filters.append(.range(from: from, to: to))
            }
            if parsed.has("--trash") { filters.append(.trash) }
            guard filters.count <= 1 else {
                throw UsageError(description: "diary list takes one filter at a time (--emotion, --tag, --month, --day, --from/--to or --trash).")
            }
            let filter = filters.first ?? .all
            var cursor: RecordCursor?
            if let token = parsed.value("--cursor") {
                switch filter {
                case .month, .day, .search:
                    throw UsageError(description: "--cursor pages the newest-first lists; --month and --day show everything at once.")
                default:
                    do { cursor = try RecordCursor(parsing: token) } catch let error as KeepsakeError { throw UsageError(description: error.message) }
                }
            }
            let model = DiaryListViewModel(diary: Diary(store: try KeepsakeCommand.openStore(parsed)), pageSize: limit)
            model.filter = filter
            await model.load(after: cursor)
            try CommandSupport.check(model.error)
            try printEntries(model.entries, nextCursor: model.nextCursor, parsed, empty: filter == .all ? "No diary entries yet." : "No entries match.")
            return 0
        }
    }

    // MARK: - show

    static var show: CommandGroup.Action {
        CommandGroup.Action(name: "show", help: """
            Usage: keepsake [--store DIR] diary show ID [--json]

            Shows one entry: when (in your time zone, and the zone it was written in), emotion, title,
            tags, text, and its photos in order with their stored paths and sizes.

            Examples:
              keepsake diary show 3f2504e0-4f89-41d3-9a0c-0305e82c3301
              keepsake diary show 3f2504e0-4f89-41d3-9a0c-0305e82c3301 --json
            """) { parsed in
            let id = try CommandSupport.singleID(parsed, command: "diary show")
            let model = DiaryEntryViewModel(diary: Diary(store: try KeepsakeCommand.openStore(parsed)), id: id)
            await model.load()
            try CommandSupport.check(model.error)
            guard let entry = model.entry else { throw KeepsakeError(.notFound, "No diary entry with id \(id) exists.") }
            try printEntry(entry, parsed, heading: nil)
            return 0
        }
    }

    // MARK: - edit

    static var edit: CommandGroup.Action {
        CommandGroup.Action(name: "edit", valueFlags: entryFlags, help: """
            Usage: keepsake [--store DIR] diary edit ID [--emotion NAME] [--intensity N] [--title TEXT] [--text TEXT]
                                            [--tag TAG]... [--at DATE] [--time-zone ZONE] [--image FILE|@N]... [--json]

            Changes an entry; only the options given change. The options are those of diary add:
            --title "" removes the title; --tag replaces all tags (--tag "" removes them); --image
            replaces the whole photo set in the order given, where @N keeps the stored photo now at
            position N (it is not rewritten; a file identical to a stored photo is not stored twice).
            Words and photos change in one operation: if a photo cannot be read, nothing changes.

            Examples:
              keepsake diary edit 3f2504e0-4f89-41d3-9a0c-0305e82c3301 --intensity 5 --tag picnic --tag family
              keepsake diary edit 3f2504e0-4f89-41d3-9a0c-0305e82c3301 --image @1 --image @0 --image new.jpg
            """) { parsed in
            try parsed.expectPositionals(1...1, usage: "diary edit needs one record id (is a value missing its quotes?); see keepsake diary edit --help.")
            let id = try CommandSupport.recordID(parsed.positionals[0])
            guard entryFlags.contains(where: parsed.given) else {
                throw UsageError(description: "Nothing to change: give at least one of \(entryFlags.sorted().joined(separator: ", ")).")
            }
            let emotion = try parsed.value("--emotion").map(CommandSupport.emotion)
            let zone = try parsed.value("--time-zone").map { try CommandSupport.timeZone($0) }
            let intensity = try parsed.value("--intensity").map { try CommandSupport.number($0, flag: "--intensity") }
            let diary = Diary(store: try KeepsakeCommand.openStore(parsed))
            let page = DiaryEntryViewModel(diary: diary, id: id)
            await page.load()
            try CommandSupport.check(page.error)
            guard let current = page.entry else { throw KeepsakeError(.notFound, "No diary entry with id \(id) exists.") }
            let compose = DiaryComposeViewModel(diary: diary, editing: current)
            if let zone { compose.timeZone = zone }
            if let moment = try parsed.date("--at", timeZone: zone ?? current.timeZone) { compose.moment = moment }
            if let emotion { compose.emotion = emotion }
            if let intensity { compose.intensity = intensity }
            if let title = parsed.value("--title") { compose.title = title }
            if let text = CommandSupport.textValue(parsed.value("--text")) { compose.text = text }
            if parsed.given("--tag") { compose.tagsText = parsed.all("--tag").joined(separator: ",") }
            if parsed.given("--image") {
                compose.images = try CommandSupport.composeImages(parsed.all("--image"), current: current.images, limit: diary.maxImages)
            }
            guard let entry = await compose.save() else { throw compose.error ?? CommandFailure(message: "The entry could not be saved.") }
            try printEntry(entry, parsed, heading: "Updated diary entry \(entry.id).")
            return 0
        }
    }

    // MARK: - images

    static var images: CommandGroup.Action {
        CommandGroup.Action(name: "images", help: """
            Usage: keepsake [--store DIR] diary images ID add FILE...
                   keepsake [--store DIR] diary images ID replace N FILE
                   keepsake [--store DIR] diary images ID remove N
                   keepsake [--store DIR] diary images ID move FROM TO
                   keepsake [--store DIR] diary images ID reorder I J K...

            Changes the photos of an entry, one operation each (positions count from 0, as diary show
            lists them):
              add FILE...        Adds photos at the end (at most 10 in all).
              replace N FILE     Puts a new photo at position N; the old file goes only after the change is saved.
              remove N           Removes the photo at N; the ones after it move up.
              move FROM TO       Moves one photo; no file is touched.
              reorder I J K...   The new order: position i gets the photo now at the i-th number given.
            Prints the entry's photos afterwards (with --json, the entry).

            Examples:
              keepsake diary images 3f2504e0-4f89-41d3-9a0c-0305e82c3301 add beach.jpg sunset.heic
              keepsake diary images 3f2504e0-4f89-41d3-9a0c-0305e82c3301 replace 0 better.jpg
              keepsake diary images 3f2504e0-4f89-41d3-9a0c-0305e82c3301 reorder 2 0 1
            """) { parsed in
            let usage = "diary images needs an id and an operation (add, replace, remove, move, reorder); see keepsake diary images --help."
            try parsed.expectPositionals(2...Int.max, usage: usage)
            let id = try CommandSupport.recordID(parsed.positionals[0])
            let operation = parsed.positionals[1]
            let arguments = Array(parsed.positionals.dropFirst(2))
            func expect(_ count: ClosedRange<Int>, _ form: String) throws {
                guard count.contains(arguments.count) else { throw UsageError(description: "Write it as: diary images ID \(form).") }
            }
            let model = DiaryEntryViewModel(diary: Diary(store: try KeepsakeCommand.openStore(parsed)), id: id)
            switch operation {
            case "add":
                try expect(1...Int.max, "add FILE...")
                await model.addImages(CommandSupport.imageSources(arguments))
            case "replace":
                try expect(2...2, "replace N FILE")
                await model.replaceImage(at: try CommandSupport.position(arguments[0]), with: .file(URL(fileURLWithPath: arguments[1])))
            case "remove":
                try expect(1...1, "remove N")
                await model.removeImage(at: try CommandSupport.position(arguments[0]))
            case "move":
                try expect(2...2, "move FROM TO")
                await model.moveImage(from: try CommandSupport.position(arguments[0]), to: try CommandSupport.position(arguments[1]))
            case "reorder":
                try expect(1...Int.max, "reorder I J K...")
                await model.reorderImages(try arguments.map(CommandSupport.position))
            default:
                throw UsageError(description: "Unknown photo operation \(KeepsakeError.quoted(operation)); use add, replace, remove, move or reorder.")
            }
            try CommandSupport.check(model.error)
            guard let entry = model.entry else { throw KeepsakeError(.notFound, "No diary entry with id \(id) exists.") }
            if parsed.has("--json") {
                try KeepsakeCommand.printJSON(entry)
            } else {
                print("Diary entry \(entry.id) now has \(CommandSupport.count(entry.images.count, "photo")).")
                CommandSupport.photoLines(entry.images).forEach { print($0) }
            }
            return 0
        }
    }

    // MARK: - delete, restore

    static var delete: CommandGroup.Action {
        CommandGroup.Action(name: "delete", help: """
            Usage: keepsake [--store DIR] diary delete ID [--json]

            Moves an entry to the trash with its photos; diary restore brings it back whole, and
            keepsake trash purge removes it for good.

            Examples:
              keepsake diary delete 3f2504e0-4f89-41d3-9a0c-0305e82c3301
            """) { parsed in
            let id = try CommandSupport.singleID(parsed, command: "diary delete")
            let model = DiaryEntryViewModel(diary: Diary(store: try KeepsakeCommand.openStore(parsed)), id: id)
            await model.delete()
            try CommandSupport.check(model.error)
            if parsed.has("--json"), let entry = model.entry {
                try KeepsakeCommand.printJSON(entry)
            } else {
                print("Moved diary entry \(id) to the trash; keepsake diary restore \(id) brings it back.")
            }
            return 0
        }
    }

    static var restore: CommandGroup.Action {
        CommandGroup.Action(name: "restore", help: """
            Usage: keepsake [--store DIR] diary restore ID [--json]

            Takes an entry out of the trash, with its photos.

            Examples:
              keepsake diary restore 3f2504e0-4f89-41d3-9a0c-0305e82c3301
            """) { parsed in
            let id = try CommandSupport.singleID(parsed, command: "diary restore")
            let model = DiaryEntryViewModel(diary: Diary(store: try KeepsakeCommand.openStore(parsed)), id: id)
            await model.restore()
            try CommandSupport.check(model.error)
            if parsed.has("--json"), let entry = model.entry {
                try KeepsakeCommand.printJSON(entry)
            } else {
                print("Restored diary entry \(id).")
            }
            return 0
        }
    }

    // MARK: - search

    static var search: CommandGroup.Action {
        CommandGroup.Action(name: "search", help: """
            Usage: keepsake [--store DIR] diary search TEXT... [--json]

            Entries whose title, text or tags contain every word (also as the start of a longer word;
            case and accents ignored), newest first, at most 200.

            Examples:
              keepsake diary search picnic
              keepsake diary search 피크닉 --json
            """) { parsed in
            let text = parsed.positionals.joined(separator: " ")
            guard !text.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw UsageError(description: "diary search needs the words to look for; see keepsake diary search --help.")
            }
            let model = DiaryListViewModel(diary: Diary(store: try KeepsakeCommand.openStore(parsed)))
            model.filter = .search(text)
            await model.load()
            try CommandSupport.check(model.error)
            try printEntries(model.entries, nextCursor: nil, parsed, empty: "No entries match \(KeepsakeError.quoted(text)).")
            return 0
        }
    }

    // MARK: - calendar

    static var calendar: CommandGroup.Action {
        CommandGroup.Action(name: "calendar", help: """
            Usage: keepsake [--store DIR] diary calendar [YYYY-MM] [--json]

            The days of a month (this month by default) that have entries, each with its number of
            entries and its dominant emotion (the most frequent; ties go to the stronger, then to the
            one listed first). An entry counts on its own day in the time zone it was written in.

            Examples:
              keepsake diary calendar
              keepsake diary calendar 2026-11 --json
            """) { parsed in
            try parsed.expectPositionals(0...1, usage: "diary calendar takes at most one month, YYYY-MM; see keepsake diary calendar --help.")
            let month = try parsed.positionals.first.map(CommandSupport.month) ?? CalendarMonth(containing: Date(), in: .current)
            let diary = Diary(store: try KeepsakeCommand.openStore(parsed))
            let days = try diary.calendar(of: month)
            if parsed.has("--json") {
                try KeepsakeCommand.printJSON(days)
                return 0
            }
            print("\(month): \(CommandSupport.count(days.count, "day")) with entries")
            let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
            for day in days {
                print("  \(day.day)  \(weekdays[day.day.weekday - 1])  \(CommandSupport.count(day.count, "entry", plural: "entries"))  "
                      + "\(day.dominantEmotion.rawValue) (\(day.dominantEmotion.koreanName))")
            }
            return 0
        }
    }

    // MARK: - stats

    static var stats: CommandGroup.Action {
        CommandGroup.Action(name: "stats", valueFlags: ["--per", "--from", "--to"], help: """
            Usage: keepsake [--store DIR] diary stats [--per week|month] [--from DATE] [--to DATE] [--json]

            Entries per ISO week or per month, with the count of each emotion and the average
            intensity, for charts. Every period in the range is listed, empty ones too, in your time zone.

              --per week|month   The period; default week.
              --from DATE        Start; default 8 weeks (or 6 months) before --to.
              --to DATE          End; a bare day includes that day; default the end of today.

            Examples:
              keepsake diary stats
              keepsake diary stats --per month --from 2026-01-01 --to 2026-12-31 --json
            """) { parsed in
            try parsed.expectPositionals(0...0, usage: "diary stats takes options only; see keepsake diary stats --help.")
            guard let period = DiaryStatisticsPeriod(rawValue: parsed.value("--per") ?? "week") else {
                throw UsageError(description: "--per takes week or month, not \(KeepsakeError.quoted(parsed.value("--per") ?? "")).")
            }
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = .current
            let to = try parsed.value("--to").map { try DateText.parseEnd($0) }
                ?? calendar.date(byAdding: .day, value: 1, to: calendar.startOfDay(for: Date()))!
            let from = try parsed.date("--from")
                ?? calendar.date(byAdding: period == .week ? .weekOfYear : .month, value: period == .week ? -8 : -6, to: to)!
            guard from < to else { throw UsageError(description: "--to must be after --from.") }
            let diary = Diary(store: try KeepsakeCommand.openStore(parsed))
            let periods = try diary.statistics(from: from, to: to, per: period, timeZone: .current)
            if parsed.has("--json") {
                try KeepsakeCommand.printJSON(periods.map(StatisticsRow.init))
                return 0
            }
            print("Period     Entries  Avg  Emotions")
            for row in periods {
                let average = row.averageIntensity.map { String(format: "%.1f", $0) } ?? "-"
                let emotions = row.emotionCounts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
                    .map { "\($0.key.rawValue) \($0.value)" }.joined(separator: ", ")
                let line = CommandSupport.pad(row.label, to: 10) + String(format: " %7d  ", row.entryCount) + CommandSupport.pad(average, to: 3) + "  " + emotions
                print(line.trimmingCharacters(in: .whitespaces))
            }
            return 0
        }
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
    static func printEntries(_ entries: [DiaryEntry], nextCursor: RecordCursor?, _ parsed: CommandLineArguments, empty: String) throws {
        if parsed.has("--json") {
            try KeepsakeCommand.printJSON(ListOutput(entries: entries, nextCursor: nextCursor?.description))
            return
        }
        if entries.isEmpty { print(empty) }
        for entry in entries {
            let feeling = "\(entry.emotion.rawValue)/\(entry.intensity)".padding(toLength: 12, withPad: " ", startingAt: 0)
            let photos = CommandSupport.count(entry.images.count, "photo").padding(toLength: 9, withPad: " ", startingAt: 0)
            print("\(entry.id)  \(DateText.format(entry.moment))  \(feeling) \(photos)  \(CommandSupport.summary(entry.title ?? entry.text))")
        }
        if let nextCursor { print("More: keepsake diary list --cursor \(nextCursor) (with the same filter)") }
    }

    /// Prints one entry in full (or as JSON), after `heading`.
    static func printEntry(_ entry: DiaryEntry, _ parsed: CommandLineArguments, heading: String?) throws {
        if parsed.has("--json") {
            try KeepsakeCommand.printJSON(entry)
            return
        }
        if let heading { print(heading) }
        print("Entry:     \(entry.id)")
        print("When:      \(DateText.format(entry.moment)) (written in \(entry.timeZone.identifier), day \(entry.day))")
        print("Emotion:   \(entry.emotion.rawValue) (\(entry.emotion.koreanName)), intensity \(entry.intensity)")
        if let title = entry.title { print("Title:     \(title)") }
        if !entry.tags.isEmpty { print("Tags:      \(entry.tags.joined(separator: ", "))") }
        print("Photos:    \(entry.images.count)")
        CommandSupport.photoLines(entry.images).forEach { print($0) }
        print("Created:   \(DateText.format(entry.createdAt))")
        print("Updated:   \(DateText.format(entry.updatedAt))")
        if let trashed = entry.trashedAt { print("In trash:  since \(DateText.format(trashed))") }
        if !entry.text.isEmpty {
            print("")
            print(entry.text)
        }
    }
}
