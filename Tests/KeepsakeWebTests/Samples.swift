import Foundation
import KeepsakeDiary
import KeepsakeStore
import KeepsakeTestSupport

/// A diary draft for tests.
func sampleDraft(title: String = "Picnic", images: [ImageSource] = []) -> DiaryDraft {
    DiaryDraft(moment: Date(), timeZone: TimeZone(identifier: "Asia/Seoul")!, emotion: .joy, intensity: 4, title: title,
               text: "By the river.", tags: ["friends"], images: images)
}

/// A store in a temporary folder for tests that need no server.
struct KeepsakeTestSupportDirectory {
    let directory = TemporaryDirectory("web-config")
    func open() throws -> Store { try TestStores.open(directory) }
}
