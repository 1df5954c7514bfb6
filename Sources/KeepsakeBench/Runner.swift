import Foundation
import KeepsakeImaging
import KeepsakeStore

/// `run`: every scenario, each with its peers, in one run; writes results.json and table.md.
final class Runner {
    let work: String
    let inputs: String
    let scripts: String
    let python: String
    let ingestRecords: Int
    let storeSizes: [Int]
    let listIterations: Int
    let interruptRounds: Int
    /// Records of the distributed ingest (a multiple of 4: two rounds, two instances).
    let distributedRecords: Int
    /// Records of the distributed listing's store.
    let distributedStoreSize: Int
    /// Records of the many-accounts listing's store, and its accounts.
    let accountsRecords: Int, accountCount: Int
    var rows: [Row] = []
    var details: [String: Any] = [:]

    init(_ arguments: Arguments) throws {
        func absolute(_ path: String) -> String {
            path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        }
        work = absolute(try arguments.string("work"))
        inputs = absolute(try arguments.string("inputs"))
        scripts = absolute(try arguments.string("scripts"))
        python = arguments.string("python", default: "python3")
        ingestRecords = arguments.int("records", default: 34)
        storeSizes = arguments.string("stores", default: "10000,100000").split(separator: ",").compactMap { Int($0) }
        listIterations = arguments.int("iterations", default: 1000)
        interruptRounds = arguments.int("rounds", default: 5)
        distributedRecords = arguments.int("distributed-records", default: 24)
        distributedStoreSize = arguments.int("distributed-store", default: 10_000)
        accountsRecords = arguments.int("accounts-records", default: 1_000_000)
        accountCount = arguments.int("accounts", default: 1000)
    }

    func photos(_ kind: String) -> [String] { (1...3).map { "\(inputs)/\(kind)-\($0).jpg" } }

    func child(_ command: String, _ arguments: [String]) throws -> [String: Any] {
        try run([selfExecutable(), command] + arguments).jsonObject()
    }

    func double(_ object: [String: Any], _ key: String) -> Double { (object[key] as? NSNumber)?.doubleValue ?? .nan }
    func int(_ object: [String: Any], _ key: String) -> Int { (object[key] as? NSNumber)?.intValue ?? 0 }

    // MARK: - All

    func machine() -> [String: Any] {
        let cpu = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?.split(separator: "\n")
            .first { $0.hasPrefix("model name") }?.split(separator: ":", maxSplits: 1).last?.trimmingCharacters(in: .whitespaces) ?? "?"
        let memory = (try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8))?.split(separator: "\n").first.map(String.init) ?? "?"
        return ["nproc": ProcessInfo.processInfo.activeProcessorCount, "cpu": cpu, "memory": memory,
                "imaging": VipsImageProcessor().identifier]
    }

    func loadAverage() -> String {
        ((try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "?").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func runAll(only: Set<String>) throws {
        try makeFolder(work)
        let loadBefore = loadAverage()
        let started = Date()
        if only.isEmpty || only.contains("ingest") { try ingest() }
        if only.isEmpty || only.contains("listing") { try listing() }
        if only.isEmpty || only.contains("accounts") { try accountsListing() }
        if only.isEmpty || only.contains("diary-years") { try diaryYears() }
        if only.isEmpty || only.contains("ledger-month") { try ledgerMonth() }
        if only.isEmpty || only.contains("open") { try openAndRecover() }
        if only.isEmpty || only.contains("memory") { try memory() }
        if only.isEmpty || only.contains("web") { try web() }
        if only.isEmpty || only.contains("distributed") {
            try distributed()
        } else if only.contains("accounts") {
            try distributed(accountsOnly: true)  // 6a, the PostgreSQL half of 2a
        }
        let table = markdownTable(rows)
        let result: [String: Any] = [
            "machine": machine(), "load_before": loadBefore, "load_after": loadAverage(),
            "started": ISO8601DateFormatter().string(from: started), "seconds": Date().timeIntervalSince(started),
            "rows": rows.map(\.json), "details": details,
        ]
        let json = try JSONSerialization.data(withJSONObject: result, options: [.prettyPrinted, .sortedKeys])
        try json.write(to: URL(fileURLWithPath: work + "/results.json"))
        try Data((table + "\n").utf8).write(to: URL(fileURLWithPath: work + "/table.md"))
        print(table)
        print("\nload average before: \(loadBefore); after: \(loadAverage())")
        print("results: \(work)/results.json, \(work)/table.md")
    }
}
