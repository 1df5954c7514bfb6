import Foundation
import KeepsakeDiary
import KeepsakeStore

/// A diary draft for tests.
func sampleDraft(title: String = "Picnic", images: [ImageSource] = []) -> DiaryDraft {
    DiaryDraft(moment: Date(), timeZone: TimeZone(identifier: "Asia/Seoul")!, emotion: .joy, intensity: 4, title: title,
               text: "By the river.", tags: ["friends"], images: images)
}
