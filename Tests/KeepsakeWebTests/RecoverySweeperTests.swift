import Foundation
import KeepsakeStore
import KeepsakeTestSupport
import KeepsakeWeb
import Testing

/// A running server recovers what another instance of its store left unfinished when it died,
/// without being restarted.
@Suite struct RecoverySweeperTests {
    @Test(arguments: StoreBackends.all)
    func aServerRecoversThePendingOperationOfAnInstanceThatDiedAfterItStarted(_ backend: StoreBackend) async throws {
        let place = try backend.makePlace("sweeper")
        let serving = try place.open()
        let app = try WebApp(store: serving, configuration: WebConfiguration(port: 0, changePollSeconds: 0, recoverySeconds: 1))
        let server = try WebServer(app: app)
        defer { server.stop() }

        // Another instance fails mid-create with its backends down for good, so even its own
        // clean-up cannot run, and then goes away: its intent stays in the journal.
        do {
            let plan = FaultPlan()
            let dying = try place.open(faults: plan)
            plan.arm(failAt: 2, persistent: true)
            #expect(throws: KeepsakeError.self) {
                try dying.create(RecordDraft(collection: "diary", images: [.file(Corpus.smallImages[0])]))
            }
            plan.disarm()
            #expect(try dying.intentsInFlight() == 1)
        }
        let deadline = Date().addingTimeInterval(30)
        while try serving.intentsInFlight() > 0 && Date() < deadline {
            try await Task.sleep(for: .milliseconds(200))
        }
        #expect(try serving.intentsInFlight() == 0, "the server recovered the dead instance's operation by itself")
        #expect(try serving.fsck().isClean)
    }
}
