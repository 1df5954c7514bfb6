import Foundation
import KeepsakeDiary
import KeepsakeStore

extension DiaryPages {
    /// The most tags the "often together" table shows.
    static let insightTagLimit = 10

    /// The chart page's insights of `year` (``Diary/insights(from:until:today:)``): the streaks,
    /// the "often together" table of the most used tags, and the emotions by weekday as a chart and
    /// a table. Today is the day of now in this server's time zone, like the year's statistics.
    func insightsSection(_ request: WebRequest, year: Int, books: BookSwitcher, now: Date = Date()) throws -> HTML {
        let t = request.strings
        let language = request.language.rawValue
        let formats = Formats(language: request.language)
        let zone = TimeZone.current
        guard let january = try? CalendarDay(year: year, month: 1, day: 1), let december = try? CalendarDay(year: year, month: 12, day: 31) else {
            return .empty
        }
        let insights = try diary(showing: books).insights(from: january, until: december.adding(days: 1), today: DiaryDay(containing: now, in: zone))
        guard insights.entryCount > 0 else { return .empty }

        func streak(_ streak: DiaryStreak?) -> HTML {
            guard let streak else { return "\(t.noStreak)" }
            return "\(t.dayCount(streak.length)) <span class=\"hint\">(\(formats.day(streak.firstDay)) – \(formats.day(streak.lastDay)))</span>"
        }
        let streaks: HTML = """
            <table class="data" id="streaks"><tbody>
            <tr><th scope="row">\(t.longestStreak)</th><td data-streak="longest">\(streak(insights.longestStreak))</td></tr>
            <tr><th scope="row">\(t.currentStreak)</th><td data-streak="current">\(streak(insights.currentStreak))</td></tr>
            <tr><th scope="row">\(t.daysWritten)</th><td>\(insights.dayCount)</td></tr>
            </tbody></table>
            <p class="hint">\(t.currentStreakRule)</p>
            """

        let tags = Array(insights.tags.prefix(Self.insightTagLimit))
        let tagEmotions = Emotion.allCases.filter { emotion in tags.contains { $0.count(of: emotion) > 0 } }
        let tagHeader: [HTML] = tagEmotions.map { "<th scope=\"col\"><span class=\"swatch \(EmotionStyle.cssClass($0))\"></span>\($0.displayName(language: language))</th>" }
        let tagRows: [HTML] = tags.map { tag in
            let cells: [HTML] = tagEmotions.map { emotion in
                let count = tag.count(of: emotion)
                return count == 0 ? "<td>0</td>" : "<td>\(count) <span class=\"hint\">(\(Int((tag.share(of: emotion) * 100).rounded()))%)</span></td>"
            }
            return "<tr><th scope=\"row\">\(tag.tag)</th><td>\(tag.entryCount)</td>\(cells)</tr>"
        }
        let together: HTML = tags.isEmpty ? "<p class=\"empty\">\(t.noTaggedEntries)</p>" : """
            <p class="hint">\(t.oftenTogetherExplanation)</p>
            <div class="scroll"><table class="data" id="often-together"><thead><tr><th scope="col">\(t[.tag])</th><th scope="col">\(t[.entries])</th>\(tagHeader)</tr></thead>
            <tbody>\(tagRows)</tbody></table></div>
            """

        let weekdayEmotions = Emotion.allCases.filter { emotion in insights.weekdays.contains { $0.count(of: emotion) > 0 } }
        let weekdayChart = ChartSpec(type: "bar", labels: formats.weekdays,
                                     datasets: weekdayEmotions.map { emotion in
                                         .init(label: emotion.displayName(language: language), data: insights.weekdays.map { Double($0.count(of: emotion)) },
                                               backgroundColor: Array(repeating: EmotionStyle.color(emotion), count: 7))
                                     }, stacked: true)
        let weekdayHeader: [HTML] = formats.weekdays.map { "<th scope=\"col\">\($0)</th>" }
        let weekdayRows: [HTML] = weekdayEmotions.map { emotion in
            let cells: [HTML] = insights.weekdays.map { "<td>\($0.count(of: emotion))</td>" }
            return "<tr><th scope=\"row\"><span class=\"swatch \(EmotionStyle.cssClass(emotion))\"></span>\(emotion.displayName(language: language))</th>\(cells)</tr>"
        }
        let averages: [HTML] = insights.weekdays.map { "<td>\($0.averageIntensity.map { String(format: "%.1f", $0) } ?? "–")</td>" }

        return """
            <h2>\(t.insightsIn(String(year)))</h2>
            \(streaks)
            <h3>\(t.oftenTogether)</h3>
            \(together)
            <h3>\(t.emotionsByWeekday)</h3>
            \(weekdayChart.canvas(label: t.emotionsByWeekday, id: "weekday-chart"))
            <div class="scroll"><table class="data" id="emotions-by-weekday"><thead><tr><th></th>\(weekdayHeader)</tr></thead>
            <tbody>\(weekdayRows)<tr><th scope="row">\(t.averageIntensity)</th>\(averages)</tr></tbody></table></div>
            """
    }
}
