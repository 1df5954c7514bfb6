import Foundation
import Testing
import KeepsakeTestSupport
import KeepsakeStore

extension StoreConformance {
    /// A failure injected at every mutating call of both backends (each metadata write transaction,
    /// each put, delete and prune of the blob store), in turn, before its effect or after it (the
    /// answer lost); the store is then reopened by a new instance, which must show exactly the
    /// before-state (an error before the commit's effect), or exactly the after-state (success), or,
    /// when the answer of a call that took effect was lost, one of the two: never a mix; and fsck
    /// must be clean with nothing left in flight.
    @Suite struct Faults {
        static let recordID = StoreScenario.recordID
        static let small = StoreScenario.images

        struct Case: Sendable, CustomStringConvertible {
            let backend: StoreBackend
            let scenario: StoreScenario
            var description: String { "\(scenario.name) on \(backend.name)" }
        }

        static let scenarios: [StoreScenario] = [
            .create, .addImage, .replaceImage, .removeImage, .reorder, .replaceWholeSet,
            StoreScenario(name: "edit", setUp: StoreScenario.withRecord, operation: { store in
                try store.edit(recordID, set: ["title": .string("u")], images: [.existing(try store.record(recordID).images[1].id), .new(.file(small[2]))])
            }),
            .trash, .purge,
            StoreScenario(name: "move to another book", setUp: { store in
                try StoreScenario.withRecord(store)
                guard let admin = try store.firstAdmin() else { throw KeepsakeError(.unexpected, "The store has no first admin.") }
                try store.createBook(collection: "diary", name: "Trip", owner: admin.id)
            }, operation: { store in
                // The images are copied into the new book's folder: every put, the commit and the
                // old keys' removal can fail, and the record is then in one book with every image.
                guard let trip = try store.books(in: "diary").first(where: { $0.name == "Trip" }) else {
                    throw KeepsakeError(.unexpected, "The book of the set-up is missing.")
                }
                try store.moveRecord(recordID, to: trip.id)
            }),
            StoreScenario(name: "fsck repair of a lost thumbnail", setUp: { store in
                try StoreScenario.withRecord(store)
                try store.blobs.delete([try store.record(recordID).images[0].thumbnailPath(.small)])
            }, operation: { store in
                // A repair that could not make a thumbnail says so in its report: count it as a failure.
                let report = try store.fsck(repair: true)
                if !report.isClean { throw KeepsakeError(.io, "the repair was incomplete: \(report.unrepairable)") }
            }, repairsThumbnails: true),
        ]

        static let cases = StoreBackends.all.flatMap { backend in scenarios.map { Case(backend: backend, scenario: $0) } }

        @Test(arguments: cases)
        func everyBackendCallCanFailWithoutLosingOrHalfDoingAnything(_ test: Case) throws {
            let scenario = test.scenario
            // A run with no fault gives the after-state and how many calls the operation makes.
            let reference = try test.backend.makePlace("fault-reference")
            let plan = FaultPlan()
            let after: StoreSnapshot
            let calls: Int
            do {
                let store = try reference.open(faults: plan)
                try scenario.setUp(store)
                plan.disarm()
                try scenario.operation(store)
                calls = plan.callCount
                after = try StoreSnapshot(store)
            }
            #expect(calls > 0, "\(scenario.name) made no backend call")
            for k in 1...(calls + 1) {
                for phase in FaultPlan.Phase.allCases {
                    for persistent in (phase == .before ? [false, true] : [false]) {
                        let place = try test.backend.makePlace("fault")
                        let plan = FaultPlan()
                        var before: StoreSnapshot
                        var outcome: Result<Void, any Error>
                        var log: [String] = []
                        do {
                            let store = try place.open(faults: plan)
                            try scenario.setUp(store)
                            before = try StoreSnapshot(store)
                            plan.arm(failAt: k, phase: phase, persistent: persistent)
                            outcome = Result { try scenario.operation(store) }
                            log = plan.callLog
                            plan.disarm()
                        }  // the instance goes away here, as if its process had exited
                        let reopened = try place.open()
                        var state = try StoreSnapshot(reopened)
                        if scenario.repairsThumbnails, case .failure = outcome {
                            state.thumbnails = before.thumbnails  // compared on records and originals only
                        }
                        let context = "\(test): call \(k) of \(calls) failing \(phase) its effect\(persistent ? " and every call after" : "") [\(log.joined(separator: "; "))]"
                        switch outcome {
                        case .success:
                            #expect(state == after, "\(context): reported success, so the after-state must be there")
                        case .failure(let error):
                            #expect(error is KeepsakeError, "\(context): \(error)")
                            if phase == .before {
                                #expect(state == before, "\(context): reported \(error), so the before-state must be there\n\(state)")
                            } else {
                                #expect(state == before || state == after, "\(context): the answer of a call that took effect was lost; before or after, never a mix\n\(state)")
                            }
                        }
                        if scenario.repairsThumbnails { _ = try reopened.fsck(repair: true) }
                        let report = try reopened.fsck()
                        #expect(report.isClean, "\(context): \(report)")
                        #expect(try reopened.intentsInFlight() == 0, "\(context)")
                    }
                }
            }
        }
    }
}
