import Foundation
import KeepsakeCrashLog
import KeepsakeStore
import Synchronization

/// `powerloss`: power cuts for real. The store lives on an ext4 disk image inside a qemu virtual
/// machine (image from scripts/powerloss/build-image.sh); crash workers in the guest log every
/// operation over virtio-serial ports, each line answered by this process before the operation
/// begins. At a random moment this process SIGKILLs qemu: everything the guest kernel had not
/// handed to the virtual disk (its page cache, unsubmitted requests) is gone, as in a power cut.
/// The next boot replays the ext4 journal, runs e2fsck -fn, opens the store (recovery), fsck with
/// hashes and `keepsake fsck`, and prints every record's state; each must be in its last
/// acknowledged state or a state begun since (the crash lane's KeepsakeCrashLog check).
final class PowerLossTorture: @unchecked Sendable {
    // @unchecked: one instance, driven by the main thread; the reader threads touch only their
    // own listener and the Mutex-guarded boxes they are given.
    let figures = Figures("powerloss")
    let arguments: Arguments
    let scratch: URL
    let logs: URL
    let image: URL
    let storeImage: URL
    let qemu: String
    let accel: String
    let cache: String
    let writers: Int
    let skipFsync: String?
    var random: SplitMix
    var killedDuring: [String: Int] = [:]
    var bootSeconds: [Double] = []
    var boots = 0
    /// Stored images found damaged or missing (acknowledged bytes lost), counted once each.
    var damaged = Set<String>()

    static func main(_ rawArguments: ArraySlice<String>) -> Int32 {
        PowerLossTorture(Arguments(rawArguments)).execute()
    }

    init(_ arguments: Arguments) {
        self.arguments = arguments
        writers = max(1, arguments.int("--writers", 3))
        random = SplitMix(seed: arguments.uint64("--seed", UInt64(Date().timeIntervalSince1970)))
        guard let image = arguments.string("--image") ?? ProcessInfo.processInfo.environment["KEEPSAKE_POWERLOSS_IMAGE"] else {
            usage("powerloss needs --image DIR (built by scripts/powerloss/build-image.sh; scripts/powerloss/run.sh does both)")
        }
        self.image = URL(fileURLWithPath: image)
        for name in ["vmlinuz", "initrd.img", "root.img"] where !FileManager.default.fileExists(atPath: self.image.appendingPathComponent(name).path) {
            usage("\(self.image.path)/\(name) is missing; build the image with scripts/powerloss/build-image.sh")
        }
        qemu = arguments.string("--qemu") ?? "/usr/bin/qemu-system-x86_64"
        cache = arguments.string("--cache") ?? "none"
        skipFsync = arguments.string("--skip-fsync")
        accel = Self.accelerator(arguments.string("--accel") ?? "auto")
        // Unix socket paths must stay under 108 bytes: a short scratch folder.
        scratch = Paths.scratch("powerloss", under: arguments.string("--tmp") ?? "/tmp")
        logs = scratch.appendingPathComponent("logs")
        storeImage = scratch.appendingPathComponent("store.img")
        try! FileManager.default.createDirectory(at: logs, withIntermediateDirectories: true)
    }

    /// KVM when asked, or when `auto` and the CPU offers hardware virtualisation (a /dev/kvm
    /// without vmx/svm in the CPU flags, as in some nested machines, hangs a guest at boot);
    /// otherwise qemu's software emulation (TCG).
    static func accelerator(_ asked: String) -> String {
        guard asked == "auto" else { return asked }
        let flags = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let hardware = flags.split(separator: "\n").contains { $0.hasPrefix("flags") && ($0.contains(" vmx") || $0.contains(" svm")) }
        return hardware && access("/dev/kvm", R_OK | W_OK) == 0 ? "kvm" : "tcg"
    }

    func execute() -> Int32 {
        let cuts = arguments.int("--cuts", 20)
        let diskMB = arguments.int("--disk-mb", 512)
        say("powerloss: \(cuts) cuts, \(writers) writers in a qemu guest (\(accel), cache=\(cache)), scratch \(scratch.path)"
            + (skipFsync.map { "; DELIBERATELY BROKEN: the workers skip the fsync of \($0)" } ?? ""))
        figures.note("accelerator", accel == "kvm" ? "KVM" : "TCG (software emulation)")
        figures.note("virtual disk", "ext4 (data=ordered, journal, barriers), \(diskMB) MB raw image, virtio-blk, cache=\(cache), aio=\(aio)")
        if let skipFsync { figures.note("deliberately missing fsync", skipFsync) }
        guard FileManager.default.isExecutableFile(atPath: qemu) else { usage("\(qemu) is not installed (apt-get install qemu-system-x86)") }
        do {
            _ = FileManager.default.createFile(atPath: storeImage.path, contents: nil)
            let handle = try FileHandle(forWritingTo: storeImage)
            try handle.truncate(atOffset: UInt64(diskMB) << 20)
            try handle.close()
            let (status, output) = try run(URL(fileURLWithPath: "/sbin/mkfs.ext4"),
                                                           ["-q", "-F", "-L", "ksstore", "-E", "lazy_itable_init=0,lazy_journal_init=0", storeImage.path])
            guard status == .exited(0) else { usage("mkfs.ext4 failed: \(output)") }
        } catch {
            usage("cannot make the disk image: \(describe(error))")
        }
        while figures.value("kills") < cuts {
            boot(mode: "cycle")
            if figures.failures.count > 20 { break }
            if boots % 10 == 0 {
                let acknowledged = (1...writers).map { ((try? String(contentsOf: log($0), encoding: .utf8)) ?? "").split(separator: "\n").filter { $0.hasPrefix("OK ") }.count }.reduce(0, +)
                say("powerloss: boot \(boots), \(figures.value("kills")) cuts, \(acknowledged) acknowledged operations, \(figures.value("record states checked")) record states checked, lost \(figures.value("lost")), \(figures.failures.count) failures, \(Int(Date().timeIntervalSince(figures.started))) s")
            }
        }
        boot(mode: "final")
        for number in 1...writers {
            let text = (try? String(contentsOf: log(number), encoding: .utf8)) ?? ""
            figures.add("acknowledged worker operations", text.split(separator: "\n").filter { $0.hasPrefix("OK ") }.count)
        }
        figures.note("killed during", killedDuring.sorted { $0.value > $1.value }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        if !bootSeconds.isEmpty {
            figures.note("boot to check done", String(format: "%.1f s on average, %.1f s at most", bootSeconds.reduce(0, +) / Double(bootSeconds.count), bootSeconds.max()!))
        }
        if figures.failures.isEmpty {
            try? FileManager.default.removeItem(at: scratch)
        } else {
            print("powerloss: the disk image, logs and the last console are kept in \(scratch.path)")
        }
        return figures.finish()
    }

    var aio: String { cache == "none" || cache == "directsync" ? "native" : "threads" }

    func log(_ number: Int) -> URL { logs.appendingPathComponent("worker-\(number).log") }

    /// The qemu command line of one boot.
    func qemuArguments(mode: String, seed: UInt64, sockets: [String]) -> [String] {
        // `keepsake fsck` (the CLI) in every --cli-fsck-every-th boot; the crash worker's check
        // (the same fsck through the library) runs in every boot.
        let cliFsck = (boots - 1) % max(1, arguments.int("--cli-fsck-every", 5)) == 0 || mode == "final"
        var kernel = "console=ttyS0 quiet mitigations=off panic=-1 ks.mode=\(mode) ks.workers=\(writers) ks.seed=\(seed) ks.clifsck=\(cliFsck ? 1 : 0)"
        if let skipFsync { kernel += " ks.skipfsync=\(skipFsync)" }
        var result = ["-accel", accel == "kvm" ? "kvm" : "tcg,thread=multi", "-cpu", accel == "kvm" ? "host" : "max",
                      "-m", "1024", "-smp", "2", "-nodefaults", "-no-user-config", "-display", "none", "-no-reboot",
                      "-kernel", image.appendingPathComponent("vmlinuz").path, "-initrd", image.appendingPathComponent("initrd.img").path,
                      "-append", kernel, "-serial", "file:\(scratch.appendingPathComponent("console.log").path)",
                      "-drive", "id=store,file=\(storeImage.path),format=raw,if=none,cache=\(cache),aio=\(aio)",
                      "-device", "virtio-blk-pci,drive=store,serial=ksstore",
                      "-drive", "id=root,file=\(image.appendingPathComponent("root.img").path),format=raw,if=none,readonly=on",
                      "-device", "virtio-blk-pci,drive=root,serial=ksroot",
                      "-device", "virtio-serial-pci"]
        for (index, socket) in sockets.enumerated() {
            let name = index == 0 ? "ks.check" : "ks.worker\(index)"
            result += ["-chardev", "socket,id=port\(index),path=\(socket)", "-device", "virtserialport,chardev=port\(index),name=\(name)"]
        }
        return result
    }

    /// One boot: the check of the store as the last cut left it, then (mode `cycle`) the workers
    /// until the cut, or (mode `final`) a clean power-off.
    func boot(mode: String) {
        boots += 1
        let round = boots
        let before = (1...writers).map { (try? String(contentsOf: log($0), encoding: .utf8)) ?? "" }
        let offsets = before.map { $0.utf8.count }
        let listeners: [UnixListener]
        do {
            listeners = try (0...writers).map { try UnixListener(path: scratch.appendingPathComponent("p\($0).sock").path) }
        } catch {
            figures.fail("boot \(round): \(describe(error))")
            return
        }
        let seed = random.next() % 1_000_000_000
        let qemuErrors = scratch.appendingPathComponent("qemu.stderr").path
        let child: Child
        do {
            child = try Child(URL(fileURLWithPath: qemu), qemuArguments(mode: mode, seed: seed, sockets: listeners.map(\.path)), stderrPath: qemuErrors)
        } catch {
            figures.fail("boot \(round): qemu did not start: \(describe(error))")
            return
        }
        let started = monotonicSeconds()
        for listener in listeners where !listener.accept(within: 60) {
            child.signal(SIGKILL)
            _ = child.wait()
            figures.fail("boot \(round): qemu did not connect its port \(listener.path): \(((try? String(contentsOfFile: qemuErrors, encoding: .utf8)) ?? "").suffix(400))")
            return
        }
        // The check port: every line kept. The worker ports: each line appended to the worker's
        // log here, then answered, so the guest's operation begins only once its BEGIN is logged.
        let checkLines = Mutex<[String]>([])
        let firstWorkerLine = Mutex<Double?>(nil)
        var threads: [Thread] = [Thread { listeners[0].readLines { line in checkLines.withLock { $0.append(line) } } }]
        for number in 1...writers {
            let listener = listeners[number], path = log(number).path
            threads.append(Thread {
                if !FileManager.default.fileExists(atPath: path) { _ = FileManager.default.createFile(atPath: path, contents: nil) }
                guard let handle = FileHandle(forWritingAtPath: path) else { return }
                handle.seekToEndOfFile()
                listener.readLines { line in
                    handle.write(Data((line + "\n").utf8))
                    firstWorkerLine.withLock { if $0 == nil { $0 = monotonicSeconds() } }
                    listener.send("\n")
                }
                try? handle.close()
            })
        }
        threads.forEach { $0.start() }

        // Wait for the check (and, in a cycle, for the workers to start).
        let awaited = mode == "final" ? "FINAL-DONE" : "WORKERS"
        let deadline = started + Double(arguments.int("--boot-timeout", 300))
        var checkDone = false
        while monotonicSeconds() < deadline {
            if checkLines.withLock({ $0.contains { $0.hasPrefix(awaited) || $0.hasPrefix("CHECK-ERROR") } }) { checkDone = true; break }
            if child.poll() != nil { break }
            usleep(20_000)
        }
        let lines = checkLines.withLock { $0 }
        if checkDone { bootSeconds.append(monotonicSeconds() - started) }
        verify(lines, logs: before, round: round, complete: checkDone)

        if mode == "cycle" && checkDone && !lines.contains(where: { $0.hasPrefix("CHECK-ERROR") }) {
            // The cut: a random moment after the first worker logged its first line (or after the
            // workers were started, if none logs within a minute).
            let waitUntil = monotonicSeconds() + 60
            while firstWorkerLine.withLock({ $0 }) == nil && monotonicSeconds() < waitUntil && child.poll() == nil { usleep(10_000) }
            let minimum = Double(arguments.int("--min-ms", 0)) / 1000, maximum = Double(arguments.int("--max-ms", 3000)) / 1000
            usleep(UInt32(Double.random(in: minimum...max(minimum, maximum), using: &random) * 1_000_000))
            child.signal(SIGKILL)
            if case .signaled(SIGKILL) = child.wait() { figures.add("kills") } else {
                figures.fail("boot \(round): qemu ended by itself before the cut: \(checkLines.withLock { $0.suffix(3) })")
            }
            if firstWorkerLine.withLock({ $0 }) == nil { figures.add("cuts before any worker logged (no line in 60 s)") }
            for number in 1...writers {
                killedDuring[CrashTorture.interruptedOperation(log: log(number), from: offsets[number - 1]), default: 0] += 1
            }
        } else if mode == "final" && checkDone {
            let (status, timedOut) = child.wait(timeout: 60)
            if timedOut || status != .exited(0) { figures.fail("boot \(round): the final boot did not power off cleanly (\(status))") }
        } else {
            child.signal(SIGKILL)
            _ = child.wait()
        }
        while threads.contains(where: { !$0.isFinished }) { usleep(5_000) }
        figures.add("runs")
        // What the workers said during this boot.
        for number in 1...writers {
            let text = (try? String(contentsOf: log(number), encoding: .utf8)) ?? ""
            let thisBoot = String(text.utf8.dropFirst(offsets[number - 1])) ?? ""
            for line in thisBoot.split(separator: "\n") where line.hasPrefix("MISMATCH") || line.hasPrefix("ERROR") {
                figures.fail("boot \(round): worker \(number) reported: \(line.prefix(300))")
            }
        }
        if let ended = lines.first(where: { $0.hasPrefix("WORKERS-ENDED") }) { figures.fail("boot \(round): the workers ended by themselves: \(ended)") }
        if figures.failures.count > 0, !FileManager.default.fileExists(atPath: scratch.appendingPathComponent("console-first-failure.log").path) {
            try? FileManager.default.copyItem(at: scratch.appendingPathComponent("console.log"), to: scratch.appendingPathComponent("console-first-failure.log"))
        }
    }

    /// Judges one boot's check lines against the workers' logs as they were before the boot.
    func verify(_ lines: [String], logs before: [String], round: Int, complete: Bool) {
        func value(_ prefix: String) -> String? {
            lines.first { $0.hasPrefix(prefix + " ") }.map { String($0.dropFirst(prefix.count + 1)) }
        }
        if let error = value("CHECK-ERROR") { return figures.fail("boot \(round): the check failed: \(error)") }
        guard complete, lines.contains(where: { $0.hasPrefix("CHECK-DONE") }) else {
            return figures.fail("boot \(round): the guest's check did not finish (last lines: \(lines.suffix(4)))")
        }
        let e2fsck = value("E2FSCK") ?? "missing"
        figures.add("e2fsck -fn runs")
        if !e2fsck.hasPrefix("0 ") { figures.fail("boot \(round): e2fsck -fn after the cut: \(e2fsck) \(value("E2FSCK-OUTPUT") ?? "")") }
        if value("INTENTS") != "0" { figures.fail("boot \(round): recovery left \(value("INTENTS") ?? "?") intents") }
        figures.add("fsck runs")
        if value("FSCK") != "clean" { figures.fail("boot \(round): fsck after recovery: \(value("FSCK") ?? "missing")") }
        if value("STAGING")?.hasPrefix("0") != true { figures.fail("boot \(round): staging not empty after recovery: \(value("STAGING") ?? "?")") }
        if value("OTHER") != "0" { figures.fail("boot \(round): records in other collections: \(value("OTHER") ?? "?")") }
        if let cli = value("CLI-FSCK") {
            figures.add("keepsake fsck runs")
            if !cli.hasPrefix("0 ") { figures.fail("boot \(round): keepsake fsck: \(cli)") }
        }
        for line in lines where line.hasPrefix("CHECK-STDERR") { figures.fail("boot \(round): \(line.prefix(400))") }
        for line in lines where line.hasPrefix("DAMAGED ") {
            let parts = line.split(separator: " ")
            if parts.count >= 3, damaged.insert(String(parts[2])).inserted { figures.add("lost") }
        }
        var states: [String: String] = [:]
        for line in lines where line.hasPrefix("STATE ") {
            let parts = line.split(separator: " ", maxSplits: 2).map(String.init)
            if parts.count >= 2 { states[parts[1]] = parts.count == 3 ? parts[2] : "" }
        }
        var named = Set<String>()
        for (index, log) in before.enumerated() {
            let verification = CrashLog.verify(log) { id in states[id] ?? "absent" }
            figures.add("record states checked", verification.checked)
            figures.add("lost", verification.lost)
            for failure in verification.failures { figures.fail("boot \(round), worker \(index + 1), \(failure)") }
            named.formUnion(CrashLog.expectations(log).keys)
        }
        for id in states.keys.sorted() where !named.contains(id) {
            figures.fail("boot \(round): record \(id) (\(states[id]!)) was never begun by a worker")
        }
    }
}
