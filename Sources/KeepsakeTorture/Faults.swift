import Foundation
import KeepsakeImaging
import KeepsakeStore
import KeepsakeStoreTransfer

/// `faults`: a failure injected at every file-system call of every operation, with ENOSPC, EIO
/// and EROFS, once or for good (a disk that stays broken); then a real full disk.
///
/// For each operation a reference run counts its calls (N). Then for k = 1...N+1 the k-th call
/// fails. The operation must either succeed (the fault hit clean-up after the commit) and the
/// store, reopened on a sound disk, be exactly the after-state; or throw a `KeepsakeError` whose
/// code matches the errno (diskFull, io, readOnly) and the store be exactly the before-state.
/// Either way fsck is clean, no intent is left and staging is empty. With a persistent fault the
/// store is also reopened while the disk is still broken: that must give a typed error or work.
enum FaultTorture {
    struct Context: Sendable {
        let images: [URL]
        let archive: URL
        let recordID = try! RecordID(parsing: "11111111-2222-4333-8444-555555555555")
    }

    struct Scenario: Sendable {
        let name: String
        var setUp: @Sendable (Store, Context) throws -> Void = { _, _ in }
        let operation: @Sendable (Store, Context) throws -> Void
        /// Only thumbnails may differ from both states (the cache is re-creatable).
        var thumbnailsMayBePartial = false
        /// The import: each record is all or nothing, and importing again finishes the job.
        var perRecord = false
    }

    static let withRecord: @Sendable (Store, Context) throws -> Void = { store, context in
        try store.create(RecordDraft(collection: "diary", date: Date(timeIntervalSince1970: 0), fields: ["title": .string("t")],
                                     images: [.file(context.images[0]), .file(context.images[1])], id: context.recordID))
    }

    static let scenarios: [Scenario] = [
        Scenario(name: "create", operation: { store, c in
            try store.create(RecordDraft(collection: "diary", date: Date(timeIntervalSince1970: 0), images: [.file(c.images[0]), .file(c.images[1])], id: c.recordID))
        }),
        Scenario(name: "add image", setUp: withRecord, operation: { store, c in try store.addImages([.file(c.images[2])], to: c.recordID) }),
        Scenario(name: "add two images at 0", setUp: withRecord, operation: { store, c in
            try store.addImages([.file(c.images[2]), .file(c.images[3])], to: c.recordID, at: 0)
        }),
        Scenario(name: "replace image", setUp: withRecord, operation: { store, c in try store.replaceImage(of: c.recordID, at: 0, with: .file(c.images[3])) }),
        Scenario(name: "remove image", setUp: withRecord, operation: { store, c in try store.removeImage(of: c.recordID, at: 1) }),
        Scenario(name: "move image", setUp: withRecord, operation: { store, c in try store.moveImage(of: c.recordID, from: 0, to: 1) }),
        Scenario(name: "reorder images", setUp: withRecord, operation: { store, c in try store.reorderImages(of: c.recordID, order: [1, 0]) }),
        Scenario(name: "set images", setUp: withRecord, operation: { store, c in
            let current = try store.record(c.recordID)
            try store.setImages(of: c.recordID, to: [.new(.file(c.images[3])), .existing(current.images[0].id), .new(.file(c.images[2]))])
        }),
        Scenario(name: "edit words and images", setUp: withRecord, operation: { store, c in
            let current = try store.record(c.recordID)
            try store.edit(c.recordID, set: ["title": .string("new")], remove: [], images: [.existing(current.images[1].id), .new(.file(c.images[2]))])
        }),
        Scenario(name: "update fields", setUp: withRecord, operation: { store, c in try store.update(c.recordID, set: ["title": .string("u")]) }),
        Scenario(name: "trash", setUp: withRecord, operation: { store, c in try store.trash(c.recordID) }),
        Scenario(name: "restore", setUp: { store, c in try withRecord(store, c); try store.trash(c.recordID) },
                 operation: { store, c in try store.restore(c.recordID) }),
        Scenario(name: "purge", setUp: withRecord, operation: { store, c in try store.purge(c.recordID) }),
        Scenario(name: "purge trash", setUp: { store, c in try withRecord(store, c); try store.trash(c.recordID) },
                 operation: { store, _ in try store.purgeTrash() }),
        Scenario(name: "import", operation: { store, c in try StoreArchive(store: store).import(from: c.archive) }, perRecord: true),
        Scenario(name: "thumbnail rebuild", setUp: { store, c in
            try withRecord(store, c)
            let folder = try store.record(c.recordID).images[0].thumbnailPath(.small).parentComponents.dropFirst().joined(separator: "/")
            try FileManager.default.removeItem(at: store.location.thumbnailsDirectory.appendingPathComponent(folder))
        }, operation: { store, c in
            for image in try store.record(c.recordID).images { _ = try store.imageBody(of: image, variant: .thumbnail(.small)) }
        }, thumbnailsMayBePartial: true),
    ]

    static func expectedCode(_ errnoValue: Int32) -> KeepsakeError.Code {
        switch errnoValue {
        case ENOSPC: .diskFull
        case EROFS: .readOnly
        default: .io
        }
    }

    static func main(_ rawArguments: ArraySlice<String>) -> Int32 {
        let arguments = Arguments(rawArguments, switches: ["--quick", "--no-disk"])
        let figures = Figures("faults")
        let quick = arguments.has("--quick")
        let corpus = Paths.corpus(arguments.string("--corpus"))
        let scratch = Paths.scratch("faults", under: arguments.string("--tmp"))
        defer { try? FileManager.default.removeItem(at: scratch) }
        let images = ["png/basn2c08.png", "jpeg/testorig.jpg", "webp/test.webp", "png/toucan.png"].map { corpus.appendingPathComponent($0) }
        let only = arguments.string("--only")

        // The archive the import scenario reads: two records, three images, exported for real.
        let archive = scratch.appendingPathComponent("two-records.tar.gz")
        do {
            let source = try Store(location: StoreLocation(root: scratch.appendingPathComponent("archive-source")), imageProcessor: VipsImageProcessor())
            try source.create(RecordDraft(collection: "diary", fields: ["title": .string("a")], images: [.file(images[0]), .file(images[1])]))
            try source.create(RecordDraft(collection: "feed", fields: ["title": .string("b")], images: [.file(images[3])]))
            try StoreArchive(store: source).export(to: archive)
        } catch {
            figures.fail("could not make the import archive: \(describe(error))")
            return figures.finish()
        }
        let context = Context(images: images, archive: archive)

        var serial = 0
        for scenario in scenarios where only == nil || scenario.name == only {
            let reference: (after: Snapshot, calls: Int)
            do {
                reference = try referenceRun(scenario, context: context, directory: scratch.appendingPathComponent("reference-\(serial)"))
            } catch {
                figures.fail("\(scenario.name): the run without a fault failed: \(describe(error))")
                continue
            }
            var plans: [(k: Int, errno: Int32, persistent: Bool)] = []
            // --every N: only every N-th call (and the first and last), for a quick slice.
            let every = max(1, arguments.int("--every", 1))
            for k in 1...(reference.calls + 1) where k % every == 0 || k == 1 || k >= reference.calls {
                if quick {
                    let errnoValue = [ENOSPC, EIO, EROFS][k % 3]
                    plans.append((k, errnoValue, k % 2 == 0))
                } else {
                    for errnoValue in [ENOSPC, EIO, EROFS] { for persistent in [false, true] { plans.append((k, errnoValue, persistent)) } }
                }
            }
            var scenarioFaults = 0
            for plan in plans {
                serial += 1
                let directory = scratch.appendingPathComponent("run-\(serial)")
                if runOne(scenario, plan: plan, calls: reference.calls, after: reference.after, context: context,
                          directory: directory, figures: figures) {
                    scenarioFaults += 1
                }
                try? FileManager.default.removeItem(at: directory)
            }
            say("faults: \(scenario.name): \(reference.calls) file-system calls, \(plans.count) runs, \(scenarioFaults) faults injected")
            figures.add("operations", 1)
        }
        if !arguments.has("--no-disk") && only == nil {
            FullDisk.run(scratch: scratch, corpus: corpus, figures: figures, quick: quick)
        }
        return figures.finish()
    }

    static func open(_ directory: URL, _ fileSystem: any FileSystem = PosixFileSystem()) throws -> Store {
        try Store(location: StoreLocation(root: directory), imageProcessor: VipsImageProcessor(), fileSystem: fileSystem)
    }

    static func referenceRun(_ scenario: Scenario, context: Context, directory: URL) throws -> (after: Snapshot, calls: Int) {
        defer { try? FileManager.default.removeItem(at: directory) }
        let fs = FaultInjectingFileSystem()
        let store = try open(directory, fs)
        try scenario.setUp(store, context)
        fs.disarm()
        try scenario.operation(store, context)
        return (try Snapshot(store), fs.callCount)
    }

    /// One run with the k-th call failing. Returns whether the fault was injected.
    static func runOne(_ scenario: Scenario, plan: (k: Int, errno: Int32, persistent: Bool), calls: Int, after: Snapshot,
                       context: Context, directory: URL, figures: Figures) -> Bool {
        let label = "\(scenario.name), call \(plan.k) of \(calls) failing with \(String(cString: strerror(plan.errno)))\(plan.persistent ? " for good" : " once")"
        figures.add("runs")
        let fs = FaultInjectingFileSystem()
        var before: Snapshot
        var outcome: Result<Void, any Error>
        var injected = false
        do {
            do {
                let store = try open(directory, fs)
                try scenario.setUp(store, context)
                before = try Snapshot(store)
                fs.arm(failAt: plan.k, errno: plan.errno, persistent: plan.persistent)
                outcome = Result { try scenario.operation(store, context) }
                injected = fs.callCount >= plan.k
            }  // the store is released here, as if the process had exited
            if injected { figures.add("faults injected") }
            if plan.persistent && injected {
                // The disk is still broken: opening must work or give a typed error, never crash.
                fs.arm(failAt: 1, errno: plan.errno, persistent: true)
                do { _ = try open(directory, fs) } catch {
                    if !(error is KeepsakeError) { figures.fail("\(label): reopening on the broken disk threw \(describe(error))") }
                    figures.add("reopens refused on a broken disk")
                }
            }
            fs.disarm()

            let reopened = try open(directory)
            let state = try Snapshot(reopened)
            switch outcome {
            case .success:
                figures.add("succeeded despite the fault")
                if !matches(state, after, after: after, scenario: scenario) {
                    figures.fail("\(label): reported success but the store is not the after-state: \(state.difference(from: after))")
                    figures.add("lost", lostCount(state, after))
                }
            case .failure(let error):
                figures.add("refused with a typed error")
                if let error = error as? KeepsakeError {
                    if error.code != expectedCode(plan.errno) {
                        figures.fail("\(label): the error's code is \(error.code.rawValue), expected \(expectedCode(plan.errno).rawValue): \(error.message)")
                    }
                } else {
                    figures.fail("\(label): untyped error \(describe(error))")
                }
                if scenario.perRecord {
                    // Each record all or nothing; importing again on a sound disk finishes the job.
                    for (id, description) in state.records where after.records[id] != description {
                        figures.fail("\(label): record \(id) is half imported: \(description)")
                    }
                    do {
                        try StoreArchive(store: reopened).import(from: context.archive)
                        let finished = try Snapshot(reopened)
                        if finished != after { figures.fail("\(label): importing again did not finish the job: \(finished.difference(from: after))") }
                    } catch {
                        figures.fail("\(label): importing again on a sound disk failed: \(describe(error))")
                    }
                } else if !matches(state, before, after: after, scenario: scenario) {
                    figures.fail("\(label): reported \(describe(error)) but the store is not the before-state: \(state.difference(from: before))")
                    figures.add("lost", lostCount(state, before))
                }
            }
            var report = try reopened.fsck()
            if scenario.thumbnailsMayBePartial { report.missingThumbnails = [] }  // the before-state lacks them too
            if !report.isClean { figures.fail("\(label): fsck after reopening: \(report.summaryLine)") }
            if try reopened.intentsInFlight() != 0 { figures.fail("\(label): \(try reopened.intentsInFlight()) intents left") }
            let staging = walkFiles(directory.appendingPathComponent("staging").path, hashing: false)
            if !staging.isEmpty { figures.fail("\(label): staging holds \(staging.keys.sorted())") }
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent("lost+found").path) {
                figures.fail("\(label): something was moved to lost+found")
            }
        } catch {
            figures.fail("\(label): \(describe(error))")
        }
        return injected
    }

    /// Exact equality; for the thumbnail rebuild, the cache may hold part of the after-state's thumbnails.
    static func matches(_ state: Snapshot, _ expected: Snapshot, after: Snapshot, scenario: Scenario) -> Bool {
        if !scenario.thumbnailsMayBePartial { return state == expected }
        return state.records == expected.records && state.originals == expected.originals && state.thumbnails.isSubset(of: after.thumbnails)
    }

    /// Images the expected state has and the actual state does not.
    static func lostCount(_ state: Snapshot, _ expected: Snapshot) -> Int {
        Set(expected.originals.values).subtracting(state.originals.values).count
    }
}
