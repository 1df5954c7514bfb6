import Foundation
import KeepsakeDiary
import KeepsakeHTTP
import KeepsakeStore

extension DiaryPages {
    /// Today in the server's time zone, the day the timeline's band and the on-this-day page look
    /// back from when none is asked for.
    var today: DiaryDay { DiaryDay(containing: clock(), in: .current) }

    /// `/diary/on-this-day?day=`: the entries of the same day in earlier years, newest year first.
    func onThisDayPage(_ request: WebRequest) -> HTTPResponse {
        let t = request.strings
        let day = request.query("day").flatMap { try? DiaryDay($0) } ?? today
        let books = switcher(request)
        let formats = Formats(language: request.language)
        var groups: [DiaryOnThisDay] = []
        var failure: KeepsakeError?
        do {
            groups = try diary(showing: books).onThisDay(day)
        } catch {
            // Shown above the empty page, never as "nothing was written".
            failure = KeepsakeError.wrapping(error)
        }
        var body: HTML = """
            <div class="page-head"><h1>\(t.onThisDay(formats.day(day)))</h1>
            <div class="actions"><a class="button" href="\(WebRequest.link("/diary/year", [("year", String(day.year - 1))]))">\(t.yearInPixels)</a>
            <a class="button" href="/diary">\(t[.backToDiary])</a></div></div>
            \(books.markup(request, path: "/diary/on-this-day", keeping: [("day", day.string)]))
            \(PageLayout.listError(failure, request))
            """
        if groups.isEmpty, failure == nil { body += "<p class=\"empty\">\(t.nothingOnThisDay)</p>" }
        for group in groups {
            body += """
                <section class="on-this-day-year"><h2>\(t.yearsAgo(group.yearsAgo)) · \(formats.day(group.day, withWeekday: true))</h2>
                \(DiaryMarkup.cards(group.entries.reversed(), request, cache: cards))</section>
                """
        }
        return books.remembering(layout.render(Page(title: t.onThisDay, section: .diary, body: body, status: PageLayout.pageStatus(failure),
                                                    watchesChanges: true), for: request))
    }

    /// The timeline's band of today's earlier years: each year's newest entry of the day, linked,
    /// and the whole page; nothing when there is none (or when it cannot be read: the timeline
    /// shows its own error, and the band is not what the reader came for).
    func onThisDayBand(_ request: WebRequest, _ diary: Diary) -> HTML {
        guard let groups = try? earlierYears.groups(on: today, in: diary), !groups.isEmpty else { return .empty }
        let t = request.strings
        let items: [HTML] = groups.prefix(3).map { group in
            let entry = group.entries.last!
            let title = entry.title ?? String(entry.text.prefix(60))
            return """
                <li><a href="/diary/\(entry.id.string)"><span class="swatch \(EmotionStyle.cssClass(entry.emotion))"></span>\
                <strong>\(t.yearsAgo(group.yearsAgo))</strong> \(title)</a></li>
                """
        }
        return """
            <aside class="on-this-day" aria-label="\(t.onThisDay)"><h2>\(t.onThisDay)</h2><ul>\(items)</ul>
            <a href="\(WebRequest.link("/diary/on-this-day", [("day", today.string)]))">\(t.seeAllOnThisDay)</a></aside>
            """
    }

    /// `/diary/year?year=`: twelve rows of days, each coloured by its dominant emotion and shaded
    /// by its average intensity, linked to the day; blank days have no entry.
    func yearPage(_ request: WebRequest) -> HTTPResponse {
        let t = request.strings
        let language = request.language.rawValue
        let year = request.query("year").flatMap(Int.init).flatMap { CalendarMonth.years.contains($0) ? $0 : nil } ?? today.year
        let books = switcher(request)
        let formats = Formats(language: request.language)
        var pixels = DiaryYearInPixels(year: year, days: [])
        var failure: KeepsakeError?
        do {
            pixels = try diary(showing: books).yearInPixels(year)
        } catch {
            failure = KeepsakeError.wrapping(error)
        }
        let byDay = Dictionary(uniqueKeysWithValues: pixels.days.map { ($0.day, $0) })
        let header: [HTML] = ["<th></th>"] + (1...31).map { (number: Int) -> HTML in
            // On a phone only 1, 5, 10, … 30 are shown (the style sheet hides the minor numbers).
            number == 1 || number % 5 == 0 ? "<th scope=\"col\">\(number)</th>" : "<th scope=\"col\" class=\"minor\">\(number)</th>"
        }
        let rows: [HTML] = (1...12).map { month in
            let days = (try? CalendarMonth(year: year, month: month))?.days ?? []
            let cells: [HTML] = (1...31).map { number in
                guard number <= days.count else { return "<td class=\"none\"></td>" }
                let day = days[number - 1]
                guard let pixel = byDay[day] else { return "<td title=\"\(formats.day(day))\"></td>" }
                let name = pixel.dominantEmotion.displayName(language: language)
                // The average intensity, rounded to 1...5, picks the shade (the style sheet's s1...s5).
                let shade = min(max(Int(pixel.averageIntensity.rounded()), 1), 5)
                return """
                    <td class="has-entries \(EmotionStyle.cssClass(pixel.dominantEmotion)) s\(shade)">\
                    <a href="\(WebRequest.link("/diary", [("day", day.string)]))" title="\(formats.day(day)): \(name), \(t.entryCount(pixel.count))" \
                    aria-label="\(formats.day(day)): \(name), \(t.entryCount(pixel.count))"></a></td>
                    """
            }
            return "<tr><th scope=\"row\">\(formats.shortMonth(month))</th>\(cells)</tr>"
        }
        let legend: [HTML] = Emotion.allCases.map {
            "<li><span class=\"swatch \(EmotionStyle.cssClass($0))\"></span>\($0.displayName(language: language))</li>"
        }
        var navigation: [HTML] = []
        if year > CalendarMonth.years.lowerBound {
            navigation.append("<a class=\"button\" rel=\"prev\" href=\"\(WebRequest.link("/diary/year", [("year", String(year - 1))]))\">\(t.previousYear)</a>")
        }
        if year < CalendarMonth.years.upperBound {
            navigation.append("<a class=\"button\" rel=\"next\" href=\"\(WebRequest.link("/diary/year", [("year", String(year + 1))]))\">\(t.nextYear)</a>")
        }
        let heading = "\(t.yearInPixels) · \(year)"
        let body: HTML = """
            <div class="page-head"><h1>\(heading)</h1>
            <div class="actions"><a class="button" href="/diary/calendar">\(t[.calendar])</a>
            <a class="button" href="/diary">\(t[.backToDiary])</a></div></div>
            \(books.markup(request, path: "/diary/year", keeping: [("year", String(year))]))
            \(PageLayout.listError(failure, request))
            <nav class="paging">\(navigation)</nav>
            \(pixels.days.isEmpty && failure == nil ? "<p class=\"empty\">\(t.noEntriesInYear)</p>" : HTML.empty)
            <div class="scroll"><table class="pixels" data-year="\(String(year))"><thead><tr>\(header)</tr></thead><tbody>\(rows)</tbody></table></div>
            <p class="hint">\(t.pixelRule)</p>
            <ul class="legend">\(legend)</ul>
            """
        return books.remembering(layout.render(Page(title: heading, section: .diary, body: body, status: PageLayout.pageStatus(failure),
                                                    watchesChanges: true), for: request))
    }
}
