/// The words of the diary's "on this day" and "year in pixels" pages.
extension Strings {
    /// The heading of the on-this-day page and band.
    var onThisDay: String { pick("On this day", "오늘의 추억") }
    /// The heading of the year in pixels page.
    var yearInPixels: String { pick("Year in pixels", "한 해의 감정") }
    /// The on-this-day page's heading with the day, e.g. "On this day: Dec 3".
    func onThisDay(_ day: String) -> String { pick("On this day: \(day)", "오늘의 추억: \(day)") }
    /// How long ago a year's entries were written.
    func yearsAgo(_ years: Int) -> String { pick(years == 1 ? "1 year ago" : "\(years) years ago", "\(years)년 전") }
    /// The on-this-day page with no earlier entries.
    var nothingOnThisDay: String { pick("Nothing was written on this day in earlier years.", "예전 이맘때 쓴 일기가 없습니다.") }
    /// The band's link to the whole page.
    var seeAllOnThisDay: String { pick("See all", "모두 보기") }
    /// The year in pixels page with no entry in the year.
    var noEntriesInYear: String { pick("No entries this year.", "이 해에는 일기가 없습니다.") }
    /// How a pixel's colour and shade are chosen.
    var pixelRule: String {
        pick("Each day is coloured by its dominant emotion (the one written most; ties go to the stronger), darker the stronger it felt on average; blank days have no entry.",
             "하루의 색은 그날 가장 많이 쓴 감정(같으면 더 강한 감정)이고, 평균 강도가 셀수록 진합니다. 빈칸은 일기가 없는 날입니다.")
    }
    /// The previous and the next year's links.
    var previousYear: String { pick("Previous year", "이전 해") }
    var nextYear: String { pick("Next year", "다음 해") }
}
