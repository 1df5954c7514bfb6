extension Strings {
    /// The heading of the chart page's insights section.
    func insightsIn(_ year: String) -> String { pick("Insights of \(year)", "\(year)년 인사이트") }
    /// The streak table's caption row names.
    var longestStreak: String { pick("Longest streak", "최장 연속 기록") }
    /// The run of days written that ends today or yesterday.
    var currentStreak: String { pick("Current streak", "현재 연속 기록") }
    /// How many different days have entries.
    var daysWritten: String { pick("Days written", "기록한 날") }
    /// A streak's length.
    func dayCount(_ count: Int) -> String { pick(count == 1 ? "1 day" : "\(count) days", "\(count)일") }
    /// No streak to show.
    var noStreak: String { pick("None", "없음") }
    /// How the current streak is counted.
    var currentStreakRule: String {
        pick("Days count in each entry's own time zone. A streak stays current through a day you have not written yet if you wrote the day before.",
             "각 일기는 쓴 곳의 시간대 기준 날짜에 셉니다. 어제 썼다면 오늘 아직 쓰지 않았어도 연속 기록이 이어집니다.")
    }
    /// The heading of the tag × emotion table.
    var oftenTogether: String { pick("Often together", "자주 함께한 감정") }
    /// What the tag × emotion table shows.
    var oftenTogetherExplanation: String {
        pick("Of each tag's entries, how many felt each emotion (the most used tags first).", "태그마다 그 태그가 붙은 일기 중 각 감정의 개수입니다 (많이 쓴 태그 순).")
    }
    /// No tagged entries in the year.
    var noTaggedEntries: String { pick("No entries with tags this year.", "올해에는 태그가 붙은 일기가 없습니다.") }
    /// The heading of the weekday chart and table.
    var emotionsByWeekday: String { pick("Emotions by weekday", "요일별 감정") }
    /// The average intensity row.
    var averageIntensity: String { pick("Average intensity", "평균 강도") }
}
