import Foundation
import KeepsakeDiary
import KeepsakeHTTP
import KeepsakeStore

extension DiaryPages {
    /// The entries of a month (of the switcher's book), or the failure to show above an empty calendar.
    func monthEntries(_ month: CalendarMonth, _ switcher: BookSwitcher) -> (entries: [DiaryEntry], error: KeepsakeError?) {
        do {
            return (try diary(showing: switcher).entries(in: month), nil)
        } catch {
            return ([], KeepsakeError.wrapping(error))
        }
    }

    /// A month calendar, Monday first, each day with entries coloured by its dominant emotion.
    func calendar(_ request: WebRequest) -> HTTPResponse {
        let t = request.strings
        let month = MonthNavigation.requestedMonth(request)
        let books = switcher(request)
        let list = monthEntries(month, books)
        let byDay = Dictionary(grouping: list.entries, by: \.day)
        let formats = Formats(language: request.language)
        var cells: [HTML] = Array(repeating: "<td class=\"blank\"></td>", count: month.firstDay.weekday - 1)
        for day in month.days {
            let number = day.day
            if let entries = byDay[day], let dominant = Diary.dominantEmotion(of: entries) {
                let name = dominant.displayName(language: request.language.rawValue)
                cells.append("""
                    <td class="has-entries \(EmotionStyle.cssClass(dominant))"><a href="\(WebRequest.link("/diary", [("day", day.string)]))" \
                    title="\(name)" aria-label="\(formats.day(day, withWeekday: true)): \(name), \(t.entryCount(entries.count))"><span class="day-number">\(number)</span>\
                    <span class="day-count">\(entries.count)</span></a></td>
                    """)
            } else {
                cells.append("<td><span class=\"day-number\">\(number)</span></td>")
            }
        }
        while cells.count % 7 != 0 { cells.append("<td class=\"blank\"></td>") }
        let rows: [HTML] = stride(from: 0, to: cells.count, by: 7).map { "<tr>\(Array(cells[$0..<$0 + 7]))</tr>" }
        let header: [HTML] = formats.weekdays.map { "<th scope=\"col\">\($0)</th>" }
        let legend: [HTML] = Emotion.allCases.map {
            "<li><span class=\"swatch \(EmotionStyle.cssClass($0))\"></span>\($0.displayName(language: request.language.rawValue))</li>"
        }
        let body: HTML = """
            <div class="page-head"><h1>\(t[.calendar])</h1>
            <div class="actions"><a class="button primary" href="/diary/new">\(t[.newEntry])</a>
            <a class="button" href="\(WebRequest.link("/diary/chart", [("month", month.string)]))">\(t[.emotionChart])</a>
            <a class="button" href="/diary">\(t[.backToDiary])</a></div></div>
            \(books.markup(request, path: "/diary/calendar", keeping: [("month", month.string)]))
            \(PageLayout.listError(list.error, request))
            \(MonthNavigation.links("/diary/calendar", month: month, request: request))
            <table class="calendar"><thead><tr>\(header)</tr></thead><tbody>\(rows)</tbody></table>
            <ul class="legend">\(legend)</ul>
            """
        return books.remembering(layout.render(Page(title: t[.calendar], section: .diary, body: body, watchesChanges: true), for: request))
    }

    /// Emotions per month: the chosen month's count per emotion, and the year month by month.
    func chart(_ request: WebRequest) throws -> HTTPResponse {
        let t = request.strings
        let language = request.language.rawValue
        let month = MonthNavigation.requestedMonth(request)
        let year = month.year
        let books = switcher(request)
        let list = monthEntries(month, books)
        var counts: [Emotion: Int] = [:]
        for entry in list.entries { counts[entry.emotion, default: 0] += 1 }
        let present = Emotion.allCases.filter { counts[$0] != nil }
        let monthChart = ChartSpec(type: "bar", labels: present.map { $0.displayName(language: language) },
                                   datasets: [.init(label: t[.entries], data: present.map { Double(counts[$0] ?? 0) },
                                                    backgroundColor: present.map(EmotionStyle.color))])
        let monthRows: [HTML] = present.map {
            "<tr><th scope=\"row\"><span class=\"swatch \(EmotionStyle.cssClass($0))\"></span>\($0.displayName(language: language))</th><td>\(counts[$0] ?? 0)</td></tr>"
        }

        // The year, month by month (the diary's statistics, in this server's time zone).
        let zone = TimeZone.current
        var yearStats: [DiaryStatistics] = []
        if let january = try? CalendarMonth(year: year, month: 1), let december = try? CalendarMonth(year: year, month: 12) {
            yearStats = try diary(showing: books).statistics(from: january.start(in: zone), to: december.end(in: zone), per: .month, timeZone: zone)
        }
        let formats = Formats(language: request.language)
        let yearEmotions = Emotion.allCases.filter { emotion in yearStats.contains { $0.count(of: emotion) > 0 } }
        let yearChart = ChartSpec(type: "bar", labels: (1...12).map { formats.shortMonth($0) },
                                  datasets: yearEmotions.map { emotion in
                                      .init(label: emotion.displayName(language: language),
                                            data: (0..<12).map { index in Double(yearStats.indices.contains(index) ? yearStats[index].count(of: emotion) : 0) },
                                            backgroundColor: Array(repeating: EmotionStyle.color(emotion), count: 12))
                                  }, stacked: true)
        let yearHeader: [HTML] = (1...12).map { "<th scope=\"col\">\(formats.shortMonth($0))</th>" }
        let yearRows: [HTML] = yearEmotions.map { emotion in
            let cells: [HTML] = (0..<12).map { index in "<td>\(yearStats.indices.contains(index) ? yearStats[index].count(of: emotion) : 0)</td>" }
            return "<tr><th scope=\"row\"><span class=\"swatch \(EmotionStyle.cssClass(emotion))\"></span>\(emotion.displayName(language: language))</th>\(cells)</tr>"
        }
        let monthSection: HTML = present.isEmpty ? "<p class=\"empty\">\(t[.noEntriesThisMonth])</p>" : """
            \(monthChart.canvas(label: t[.emotionChart], id: "month-chart"))
            <table class="data"><thead><tr><th scope="col">\(t[.emotion])</th><th scope="col">\(t[.entries])</th></tr></thead><tbody>\(monthRows)</tbody></table>
            """
        let yearSection: HTML = yearEmotions.isEmpty ? "<p class=\"empty\">\(t[.noEntriesThisYear])</p>" : """
            \(yearChart.canvas(label: t.emotionsIn(String(year)), id: "year-chart"))
            <div class="scroll"><table class="data"><thead><tr><th></th>\(yearHeader)</tr></thead><tbody>\(yearRows)</tbody></table></div>
            """
        let body: HTML = """
            <div class="page-head"><h1>\(t[.emotionChart])</h1>
            <div class="actions"><a class="button" href="\(WebRequest.link("/diary/calendar", [("month", month.string)]))">\(t[.calendar])</a>
            <a class="button" href="/diary">\(t[.backToDiary])</a></div></div>
            \(books.markup(request, path: "/diary/chart", keeping: [("month", month.string)]))
            \(PageLayout.listError(list.error, request))
            \(MonthNavigation.links("/diary/chart", month: month, request: request))
            \(monthSection)
            <h2>\(t.emotionsIn(String(year)))</h2>
            \(yearSection)
            \(try insightsSection(request, year: year, books: books))
            """
        return books.remembering(layout.render(Page(title: t[.emotionChart], section: .diary, body: body, usesCharts: true, watchesChanges: true), for: request))
    }
}
