import Foundation
import KeepsakeDiary
import KeepsakeStore

extension Runner {
    /// Scenario 2d: on this day and a year in pixels on a diary of 100,000 entries over 50 years
    /// (issue 24: each under 20 ms p99, by index), against the sqlite3 shell running the same
    /// figures' SQL on the same file.
    func diaryYears() throws {
        let entries = 100_000, iterations = 200, warm = 20
        let root = work + "/stores/diary-years"
        note("2d. diary years: building a diary of \(entries) entries over 50 years")
        let (_, buildSeconds) = try timed { try populateDiaryYears(root: root, entries: entries) }
        let diary = Diary(store: try openStore(root))
        let utc = TimeZone(identifier: "UTC")!

        // The days asked for: 200 days of 2026 (one query each), and 200 years' turns over 1977...2025.
        let firstDay = try DiaryDay(year: 2026, month: 1, day: 1)
        let days = (0..<iterations).map { firstDay.adding(days: $0) }
        let years = (0..<iterations).map { 1977 + $0 % 49 }
        var found = 0
        for day in days.prefix(warm) { found += try diary.onThisDay(day).count }
        guard found >= warm * 45 else { throw BenchFailure("on this day found \(found) years for \(warm) days; the diary has entries on every day") }
        for year in years.prefix(warm) { _ = try diary.yearInPixels(year) }

        func measure(_ body: (Int) throws -> Void) rethrows -> (wall: Summary, cpu: Summary) {
            var wall: [Double] = [], cpu: [Double] = []
            for index in 0..<iterations {
                let c0 = threadCPUSeconds(), t0 = nanoseconds()
                try body(index)
                let t1 = nanoseconds(), c1 = threadCPUSeconds()
                wall.append(Double(t1 - t0) / 1e6)
                cpu.append((c1 - c0) * 1000)
            }
            return (Summary(wall), Summary(cpu))
        }
        var yearsFound = 0, pixelDays = 0
        let onThisDay = try measure { yearsFound += try diary.onThisDay(days[$0]).count }
        let pixels = try measure { pixelDays += try diary.yearInPixels(years[$0]).days.count }
        guard pixelDays >= iterations * 360 else { throw BenchFailure("a year in pixels gave \(pixelDays) days over \(iterations) years") }

        // The peer: the sqlite3 shell answering the same questions with hand-written SQL on the
        // same file. On this day: per earlier year, the entries of that day found by the date index
        // (the same 26-hour margins), with their fields; a year in pixels: the day × emotion tally.
        func window(_ day: DiaryDay) -> (Double, Double) {
            (day.start(in: utc).timeIntervalSince1970 - 93_600, day.adding(days: 1).start(in: utc).timeIntervalSince1970 + 93_600)
        }
        var onThisDayScript = ".output /dev/null\n.timer on\n"
        for day in days.prefix(warm) + days {
            // One statement per asked day: the union of its earlier years' windows.
            let parts = (1977..<day.year).compactMap { year -> String? in
                guard let same = try? DiaryDay(year: year, month: day.month, day: day.day) else { return nil }
                let (from, until) = window(same)
                return "SELECT id, fields, date FROM record WHERE collection = 'diary' AND trashed_at IS NULL AND date >= \(from) AND date < \(until) AND json_extract(fields, '$.day') = '\(same.string)'"
            }
            onThisDayScript += parts.joined(separator: " UNION ALL ") + " ORDER BY date DESC;\n"
        }
        var yearScript = ".output /dev/null\n.timer on\n"
        for year in years.prefix(warm) + years {
            let from = try DiaryDay(year: year, month: 1, day: 1).start(in: utc).timeIntervalSince1970 - 93_600
            let until = try DiaryDay(year: year + 1, month: 1, day: 1).start(in: utc).timeIntervalSince1970 + 93_600
            yearScript += "SELECT json_extract(fields, '$.day') AS d, json_extract(fields, '$.emotion') AS e, count(*), coalesce(sum(json_extract(fields, '$.intensity')), 0) FROM record WHERE collection = 'diary' AND trashed_at IS NULL AND date >= \(from) AND date < \(until) GROUP BY d, e;\n"
        }
        func shell(_ script: String) throws -> Summary {
            Summary(Array(try sqlite3Timings(root + "/keepsake.sqlite", script, expected: warm + iterations).dropFirst(warm)))
        }
        let onThisDayPeer = try shell(onThisDayScript), yearPeer = try shell(yearScript)

        details["diary_years"] = ["entries": entries, "build_seconds": buildSeconds, "iterations": iterations,
                                  "on_this_day_wall": onThisDay.wall.json, "on_this_day_cpu": onThisDay.cpu.json, "on_this_day_sqlite3_cpu": onThisDayPeer.json,
                                  "year_wall": pixels.wall.json, "year_cpu": pixels.cpu.json, "year_sqlite3_cpu": yearPeer.json,
                                  "years_found_per_day": Double(yearsFound) / Double(iterations), "days_per_year": Double(pixelDays) / Double(iterations)]
        for (label, figures, peer) in [("on this day (about 49 earlier years with entries)", onThisDay, onThisDayPeer),
                                       ("a year in pixels (about 2,000 entries a year)", pixels, yearPeer)] {
            rows.append(Row(scenario: "2d", measure: "diary of 100k entries over 50 years: \(label), p99 (Keepsake: wall / CPU)",
                            keepsake: ms(figures.wall.p99) + " / " + ms(figures.cpu.p99), peer: "sqlite3 shell, hand-written SQL (CPU)",
                            peerValue: ms(peer.p99), ratio: figures.cpu.p99 / peer.p99, ratioMeaning: "CPU time, Keepsake / peer",
                            target: "wall < 20 ms p99 (issue 24)", met: figures.wall.p99 < 20))
            rows.append(Row(scenario: "2d", measure: "same, p50 (Keepsake: wall / CPU)", keepsake: ms(figures.wall.p50) + " / " + ms(figures.cpu.p50),
                            peer: "sqlite3 shell, hand-written SQL (CPU)", peerValue: ms(peer.p50),
                            ratio: figures.cpu.p50 / peer.p50, ratioMeaning: "CPU time, Keepsake / peer"))
        }
    }
}
