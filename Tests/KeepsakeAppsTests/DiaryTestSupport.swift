import Foundation
import KeepsakeDiary
import KeepsakeStore
import KeepsakeTestSupport

/// A fresh store and a diary on it; keeps the temporary folder alive as long as the value lives.
struct DiaryFixture {
    let directory: TemporaryDirectory
    let store: Store
    let diary: Diary
    let clock: TestClock

    init(maxImages: Int = 10) throws {
        directory = TemporaryDirectory("diary")
        clock = TestClock()
        store = try TestStores.open(directory, clock: clock.closure)
        diary = Diary(store: store, maxImages: maxImages)
    }

    /// Creates a text-only entry.
    @discardableResult
    func write(_ moment: String, _ zone: TimeZone = diarySeoul, _ emotion: Emotion, _ intensity: Int = 3,
               title: String? = nil, text: String = "a day", tags: [String] = []) throws -> DiaryEntry {
        try diary.create(DiaryDraft(moment: diaryDate(moment), timeZone: zone, emotion: emotion, intensity: intensity,
                                    title: title, text: text, tags: tags))
    }
}

let diarySeoul = TimeZone(identifier: "Asia/Seoul")!
let diaryNewYork = TimeZone(identifier: "America/New_York")!
let diaryUTC = TimeZone(identifier: "UTC")!

/// A date from ISO 8601 text with an offset, e.g. `2026-11-29T23:30:00+09:00`.
func diaryDate(_ text: String) -> Date {
    try! Date(text, strategy: .iso8601)
}

/// A day from `yyyy-MM-dd`.
func diaryDay(_ text: String) -> DiaryDay {
    try! DiaryDay(text)
}

/// Whether `error` is a `KeepsakeError` with `code` whose message contains `fragment`.
func diaryError(_ error: any Error, _ code: KeepsakeError.Code, _ fragment: String = "") -> Bool {
    guard let error = error as? KeepsakeError else { return false }
    return error.code == code && (fragment.isEmpty || error.message.contains(fragment))
}
