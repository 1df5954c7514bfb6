// keepsake-bench: Keepsake against its peers, measured in one run (see BENCHMARKS.md).
//
//   keepsake-bench run --work DIR --inputs DIR --scripts DIR [--python PY] [--records N]
//                      [--stores 10000,100000] [--iterations N] [--rounds N] [--only ingest,listing,accounts,diary-years,ledger-month,open,memory,web,distributed]
//                      [--distributed-records N] [--distributed-store N] [--accounts-records N] [--accounts N]
//
// `bench/run.sh` (`make bench`) builds it in release mode, generates the inputs and calls `run`.
// The other commands are the child processes `run` starts (so peak RSS and crashes are measured
// in a process of their own):
//   child-ingest --store DIR --records N --photo FILE...
//   child-list --store DIR --iterations N
//   child-interrupt --store DIR --ops N --photo FILE
//   populate --store DIR --records N [--accounts A] [--files no] --photo FILE FILE FILE
//   populate-distributed --store DIR --metadata URL --blobs URL --records N --photo FILE FILE FILE
//   (child-ingest and child-list also take --metadata URL --blobs URL and --start-at EPOCH)
//   photo --file FILE [--policy lossless|reencode|original] [--repeat N] [--thumbnails no]
//     (one photo through the processor N times: timing, and the target of perf / callgrind)
//   pipeline-ingest --out DIR --records N --mode serial|pipeline --photo FILE...
//     (ImageBatchProcessor and a file-writing commit, without the engine: what its hook would give)
import Foundation

let commandLine = CommandLine.arguments
guard commandLine.count >= 2 else {
    note("usage: keepsake-bench run --work DIR --inputs DIR --scripts DIR [...]; see Sources/KeepsakeBench/main.swift")
    exit(2)
}
do {
    let arguments = try Arguments(commandLine.dropFirst(2))
    switch commandLine[1] {
    case "run":
        let only = Set(arguments.string("only", default: "").split(separator: ",").map(String.init))
        try Runner(arguments).runAll(only: only)
    case "child-ingest": try childIngest(arguments)
    case "child-list": try childList(arguments)
    case "child-interrupt": try childInterrupt(arguments)
    case "populate": try populate(arguments)
    case "populate-diary": try populateDiary(arguments)
    case "populate-distributed": try populateDistributed(arguments)
    case "photo": try photo(arguments)
    case "pipeline-ingest": try pipelineIngest(arguments)
    default:
        note("keepsake-bench: unknown command \(commandLine[1])")
        exit(2)
    }
} catch {
    note("keepsake-bench: \(error)")
    exit(1)
}
