/// The order of day, month and year in a QIF file's dates (Quicken writes them as the computer's
/// region does).
public enum QIFDateOrder: String, Sendable, Hashable, Codable, CaseIterable {
    /// `12/19/18` (the United States).
    case monthDayYear = "mdy"
    /// `19/12/18` (most of Europe).
    case dayMonthYear = "dmy"
    /// `2018/12/19`.
    case yearMonthDay = "ymd"
}
