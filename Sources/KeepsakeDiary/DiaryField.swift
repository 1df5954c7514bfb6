/// The names of the record fields a diary entry is stored in. They are part of the stored format:
/// never rename one (add a new field and migrate instead).
enum DiaryField {
    /// The emotion's raw value (string).
    static let emotion = "emotion"
    /// 1...5 (integer).
    static let intensity = "intensity"
    /// Present only when the entry has a title (string).
    static let title = "title"
    /// The text (string, possibly empty).
    static let text = "text"
    /// Normalised tags (list of strings, possibly empty).
    static let tags = "tags"
    /// The entry's day in its time zone, `yyyy-MM-dd` (string; filtered on by day queries).
    static let day = "day"
    /// The entry's month in its time zone, `yyyy-MM` (string; filtered on by month queries).
    static let month = "month"
    /// The time zone identifier, such as `Asia/Seoul` (string).
    static let timeZone = "timeZone"

    /// Fields that the store's full-text search should match (the others are indexed too, but a
    /// diary search ignores hits that come only from them).
    static let searchable = [title, text, tags]
}
