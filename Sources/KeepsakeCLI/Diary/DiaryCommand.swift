import Foundation
import KeepsakeDiary
import KeepsakeStore
import KeepsakeViewModels

/// `keepsake diary …`: the emotion diary. Writes go through ``DiaryComposeViewModel`` and
/// ``DiaryEntryViewModel``, lists through ``DiaryListViewModel``; the calendar and the statistics,
/// which no screen model holds, come from ``Diary`` itself.
enum DiaryCommand {
    /// The emotions' names, for help.
    static let emotionNames = Emotion.allCases.map(\.rawValue).joined(separator: ", ")
    /// The help of `--emotion` in `add` and `edit`.
    static let emotionHelp = "\(emotionNames) (or 기쁨, 평온, …)."
    /// What an entry's id argument is.
    static let idHint = "as add and list print it"

    /// The `diary` group and its actions (each in `Diary/DiaryCommand+Action.swift`).
    static let command = Command(
        group: "diary", abstract: "The emotion diary: entries with an emotion, text, tags and up to 10 photos.", section: KeepsakeCommand.apps,
        discussion: """
            The emotion diary: entries with an emotion and its intensity, a title, text, tags and up to
            10 ordered photos.
            """,
        subcommands: [Command(Add.self), Command(List.self), Command(Show.self), Command(Edit.self), Command(Images.self), Command(DeleteCommand<DiaryCommand>.self),
                      Command(RestoreCommand<DiaryCommand>.self), Command(MoveRecordCommand<DiaryCommand>.self), Command(Search.self), Command(MonthCalendar.self),
                      Command(Year.self), Command(OnThisDay.self), Command(Stats.self),
                      Command(Insights.self)],
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
        let zone = call.timeZone
        try call.printResult(entry) {
            if let heading { call.print(heading) }
            call.print("Entry:     \(entry.id)")
            call.print("When:      \(DateText.format(entry.moment, timeZone: zone)) (written in \(entry.timeZone.identifier), day \(entry.day))")
            call.print("Emotion:   \(entry.emotion.rawValue) (\(entry.emotion.koreanName)), intensity \(entry.intensity)")
            if let title = entry.title { call.print("Title:     \(title)") }
            if !entry.tags.isEmpty { call.print("Tags:      \(entry.tags.joined(separator: ", "))") }
            call.print("Photos:    \(entry.images.count)")
            CommandSupport.photoLines(entry.images).forEach { call.print($0) }
            CommandSupport.printTimes(created: entry.createdAt, updated: entry.updatedAt, trashed: entry.trashedAt, width: 11, call)
            if !entry.text.isEmpty {
                call.print("")
                call.print(entry.text)
            }
        }
    }
}
