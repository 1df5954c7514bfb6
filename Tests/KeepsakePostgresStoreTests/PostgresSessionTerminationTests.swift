import Foundation
import Synchronization
import Testing
@testable import KeepsakePostgresStore
import KeepsakeStore
import KeepsakeTestSupport

/// `pg_terminate_backend` of an instance's sessions at every step of an operation: at the start of
/// each write transaction and just before its COMMIT (the connection then drops while COMMIT is on
/// its way). Afterwards the store is exactly in its before- or after-state, fsck is clean and
/// nothing is left in flight, once another instance has opened it.
@Suite("Sessions ended by pg_terminate_backend", .serialized)
struct PostgresSessionTerminationTests {
    static let scenarios = [
        StoreScenario.create, StoreScenario.replaceImage,
        StoreScenario(name: "update fields", setUp: StoreScenario.withRecord) { try $0.update(StoreScenario.recordID, set: ["title": .string("u")]) },
        StoreScenario.purge,
    ]

    enum Session: String, Sendable, CaseIterable { case work, liveness }
    enum Moment: String, Sendable, CaseIterable { case bodyBegins = "at the start of", commitBegins = "just before the COMMIT of" }

    /// Arms `store`'s hooks: the `k`-th write transaction (counting every attempt) ends `session` at `moment`, once.
    /// Counts write transactions (every attempt) and ends a session once.
    final class Trigger: Sendable {
        let transactions = Atomic<Int>(0)
        let fired = Atomic<Bool>(false)
    }

    static func arm(_ store: Store, session: Session, at moment: Moment, transaction k: Int, admin: PostgresTestAdmin) -> Trigger {
        let postgres = store.metadata as! PostgresMetadataStore
        let trigger = Trigger()
        let livenessPID = postgres.liveness.backendPID
        let act: @Sendable (Int32) -> Void = { workPID in
            guard !trigger.fired.exchange(true, ordering: .relaxed) else { return }
            try! admin.terminate(session == .work ? workPID : livenessPID)
        }
        postgres.hooks.withLock { hooks in
            hooks.bodyBegins = { pid in
                let n = trigger.transactions.add(1, ordering: .relaxed).newValue
                if moment == .bodyBegins, n == k { act(pid) }
            }
            hooks.commitBegins = { pid in
                if moment == .commitBegins, trigger.transactions.load(ordering: .relaxed) == k { act(pid) }
            }
        }
        return trigger
    }

    static func writeTransactions(of scenario: StoreScenario) throws -> (count: Int, after: StoreSnapshot) {
        let place = try PostgresFolderStorePlace(label: "terminate-reference")
        let store = try place.open()
        try scenario.setUp(store)
        let trigger = arm(store, session: .work, at: .bodyBegins, transaction: Int.max, admin: try PostgresTestAdmin())
        try scenario.operation(store)
        return (trigger.transactions.load(ordering: .relaxed), try StoreSnapshot(store))
    }

    @Test("Ending the work session is retried on a fresh connection at the start of a transaction; just before COMMIT it is an unknown outcome the journal settles",
          arguments: scenarios)
    func endingTheWorkSession(_ scenario: StoreScenario) throws {
        let (transactions, after) = try Self.writeTransactions(of: scenario)
        #expect(transactions > 0)
        let admin = try PostgresTestAdmin()
        var unknownOutcomes = 0
        for k in 1...transactions {
            for moment in Moment.allCases {
                let place = try PostgresFolderStorePlace(label: "terminate-work")
                let before: StoreSnapshot
                let outcome: Result<Void, any Error>
                do {
                    let store = try place.open()
                    try scenario.setUp(store)
                    before = try StoreSnapshot(store)
                    _ = Self.arm(store, session: .work, at: moment, transaction: k, admin: admin)
                    outcome = Result { try scenario.operation(store) }
                }
                let reopened = try place.open()
                let state = try StoreSnapshot(reopened)
                let context = "\(scenario): work session ended \(moment.rawValue) write transaction \(k) of \(transactions)"
                switch outcome {
                case .success:
                    #expect(state == after, "\(context): reported success\n\(state)")
                case .failure(let error):
                    #expect(moment == .commitBegins, "\(context): a transaction that lost its session before COMMIT runs again: \(error)")
                    let keepsake = try #require(error as? KeepsakeError, "\(context): \(error)")
                    #expect(keepsake.code == .database && keepsake.message.contains("unknown"), "\(context): \(keepsake)")
                    #expect(state == before, "\(context): the COMMIT never reached the server\n\(state)")
                    unknownOutcomes += 1
                }
                #expect(try reopened.fsck().isClean, "\(context)")
                #expect(try reopened.intentsInFlight() == 0, "\(context)")
            }
        }
        #expect(unknownOutcomes > 0, "\(scenario): no COMMIT was ever cut off; the test proved nothing")
    }

    @Test("Ending the liveness session stops the instance writing: the change is done or not at all, and another instance recovers what it left",
          arguments: scenarios)
    func endingTheLivenessSession(_ scenario: StoreScenario) throws {
        let (transactions, after) = try Self.writeTransactions(of: scenario)
        let admin = try PostgresTestAdmin()
        var refused = 0
        for k in 1...transactions {
            for moment in Moment.allCases {
                let place = try PostgresFolderStorePlace(label: "terminate-liveness")
                let store = try place.open()
                try scenario.setUp(store)
                let before = try StoreSnapshot(store)
                _ = Self.arm(store, session: .liveness, at: moment, transaction: k, admin: admin)
                let outcome = Result { try scenario.operation(store) }
                let context = "\(scenario): liveness session ended \(moment.rawValue) write transaction \(k) of \(transactions)"
                if case .failure(let error) = outcome {
                    let keepsake = try #require(error as? KeepsakeError, "\(context): \(error)")
                    #expect(keepsake.code == .busy && keepsake.message.contains("liveness"), "\(context): \(keepsake)")
                    refused += 1
                }
                // The instance writes nothing more, whatever it is asked.
                let next = try #require(throws: KeepsakeError.self, "\(context): wrote after losing its liveness") {
                    try store.create(RecordDraft(collection: "diary", fields: ["late": .bool(true)]))
                }
                #expect(next.code == .busy && next.message.contains("liveness"), "\(context): \(next)")

                // Another instance recovers it while it is still there, as a frozen server would be.
                let other = try place.open()
                let state = try StoreSnapshot(other)
                switch outcome {
                case .success: #expect(state == after, "\(context): reported success\n\(state)")
                case .failure: #expect(state == before, "\(context): reported a failure\n\(state)")
                }
                #expect(try other.fsck().isClean, "\(context)")
                #expect(try other.intentsInFlight() == 0, "\(context)")
                #expect(try admin.integer("SELECT count(*) FROM \(place.schema).instance WHERE id = $1", [store.metadata.instanceID]) == 0,
                        "\(context): the dead instance was recovered and unregistered")
            }
        }
        #expect(refused > 0, "\(scenario): the operation itself was never refused; the test proved nothing")
    }
}
