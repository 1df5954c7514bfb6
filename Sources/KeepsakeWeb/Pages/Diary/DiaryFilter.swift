import KeepsakeDiary
import KeepsakeStore

/// Which entries a diary list page shows.
enum DiaryFilter: Sendable, Hashable {
    /// Every live entry, newest first.
    case all
    /// Entries of one emotion.
    case emotion(Emotion)
    /// Entries with a tag.
    case tag(String)
    /// Entries matching a search.
    case search(String)
    /// Entries of one day.
    case day(DiaryDay)
    /// Entries in the trash.
    case trash

    /// One page of the entries, `limit` at most, after `cursor` (search and day: all of them).
    func page(of diary: Diary, limit: Int, after cursor: RecordCursor?) throws -> DiaryPage {
        switch self {
        case .all: try diary.newest(limit: limit, after: cursor)
        case .emotion(let emotion): try diary.entries(emotion: emotion, limit: limit, after: cursor)
        case .tag(let tag): try diary.entries(tag: tag, limit: limit, after: cursor)
        case .trash: try diary.trash(limit: limit, after: cursor)
        case .search(let text): DiaryPage(entries: try diary.search(text, limit: 200), nextCursor: nil)
        case .day(let day): DiaryPage(entries: try diary.entries(on: day), nextCursor: nil)
        }
    }
}
