import Foundation
import KeepsakeDiary
import KeepsakeStore

/// The diary entries of `keepsake demo` older than its three weeks: one on today's date in each of
/// the three years before (so "On this day" has something to show), and a short entry every few
/// days over the year before the three weeks (so a year of days, the calendar's earlier months and
/// the statistics have data). No photos: they would make the demo slow and add nothing the recent
/// entries do not show.
struct DemoDiaryYear {
    /// An entry of the year: the day, its hour, and what it says.
    struct Sample {
        /// The entry's day.
        let day: CalendarDay
        /// The hour of the day it was written at.
        let hour: Int
        /// The emotion.
        let emotion: Emotion
        /// 1...5.
        let intensity: Int
        /// The title, if any.
        let title: String?
        /// The text.
        let text: String
        /// Tags.
        let tags: [String]
    }

    /// What was written on today's date one, two and three years ago (in that order). A 29 February
    /// whose earlier year has none uses the 28th.
    static let anniversaries: [(emotion: Emotion, intensity: Int, title: String, text: String, tags: [String])] = [
        (.excitement, 4, "First day at the new job", "새 회사 첫날. Everyone was kind; the coffee was not.", ["work", "일"]),
        (.joy, 5, "Moving day", "이사 완료! Boxes everywhere, but the light in the new place is wonderful.", ["home", "이사"]),
        (.gratitude, 4, "Grandma's birthday", "할머니 여든 번째 생신. The whole family at one table.", ["family", "가족"]),
    ]

    /// The moods of the year's entries, in turn: (emotion, intensity, text, tags). Walked through
    /// in order, so the year has a pattern the statistics can find (work days tired, walks calm).
    static let moods: [(emotion: Emotion, intensity: Int, text: String, tags: [String])] = [
        (.calm, 3, "A slow walk after dinner.", ["walk"]),
        (.tiredness, 4, "Too many meetings. 회의가 너무 많았다.", ["work"]),
        (.joy, 4, "Dinner with friends, laughed a lot.", ["friends"]),
        (.anxiety, 3, "Worried about the deadline.", ["work"]),
        (.gratitude, 3, "엄마랑 통화했다.", ["family", "가족"]),
        (.calm, 2, "Read a book in the park.", ["walk", "books"]),
        (.tiredness, 3, "Late train home.", ["work"]),
        (.love, 4, "A movie night at home.", ["home"]),
        (.sadness, 2, "Rainy and grey all day.", ["rain"]),
        (.excitement, 4, "Planned the next trip. 여행 계획!", ["travel", "여행"]),
        (.joy, 3, "Fresh bread from the corner bakery.", ["food"]),
        (.anger, 2, "The bus never came.", []),
    ]

    /// How many days apart the year's entries are.
    static let spacing = 4

    /// The samples for a demo run on `today`: the anniversaries, then an entry every ``spacing``
    /// days from a year before the recent entries up to `recentDays` days ago (exclusive).
    static func samples(today: CalendarDay, recentDays: Int) -> [Sample] {
        var samples: [Sample] = []
        for (yearsAgo, anniversary) in anniversaries.enumerated() {
            samples.append(Sample(day: sameDate(as: today, yearsEarlier: yearsAgo + 1), hour: 20, emotion: anniversary.emotion,
                                  intensity: anniversary.intensity, title: anniversary.title, text: anniversary.text,
                                  tags: anniversary.tags))
        }
        let newest = recentDays + 1, oldest = recentDays + 365
        for (index, daysAgo) in stride(from: oldest, through: newest, by: -spacing).enumerated() {
            let mood = moods[index % moods.count]
            let day = today.adding(days: -daysAgo)
            if samples.contains(where: { $0.day == day }) { continue }
            samples.append(Sample(day: day, hour: 21, emotion: mood.emotion, intensity: mood.intensity, title: nil,
                                  text: mood.text, tags: mood.tags))
        }
        return samples
    }

    /// The day with `day`'s month and day `years` years earlier; 29 February becomes the 28th in a
    /// year without one.
    static func sameDate(as day: CalendarDay, yearsEarlier years: Int) -> CalendarDay {
        let year = day.year - years
        if let same = try? CalendarDay(year: year, month: day.month, day: day.day) { return same }
        // Only 29 February can be missing from an earlier year.
        return (try? CalendarDay(year: year, month: day.month, day: 28)) ?? day.adding(days: -365 * years)
    }
}
