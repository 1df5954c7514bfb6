// keepsake-torture: crash, fault, bad-input, hostile-name and load runs against the store engine,
// each printing its figures and exiting non-zero on any broken promise (RELIABILITY.md).
import Foundation

let helpText = """
    Usage: keepsake-torture <command> [options]

      crash --kills N --writers K [--seed S] [--cli auto|off] [--min-ms A --max-ms B]
          SIGKILLs real writer processes (keepsake-crash-worker and the keepsake CLI) at random
          moments, K at once; after each round: open, recover, fsck, and every acknowledged
          operation present exactly.
      faults [--quick] [--every N] [--only OPERATION] [--no-disk]
          A failure (ENOSPC, EIO, EROFS; once or for good) at every file-system call of every
          operation (--quick: one errno per call; --every N: every N-th call); then a real full
          disk (a 4 MB tmpfs) filled until ENOSPC, and the same tmpfs remounted read-only.
      bad-input --count N [--seed S] [--jobs J] [--timeout SECONDS] [--only INDEX]
          Every corrupt corpus file, crafted decompression bombs and N mutated images through
          ingest in watched child processes (--only replays one input in this process).
      hostile-names
          Hostile record ids, image, field, collection and cache names, symbolic links planted in
          the store, tampered database paths and hostile import archives.
      load --seconds S [--writers W] [--readers R]
          W writer tasks and R readers in each of two processes, plus a process running fsck,
          for S seconds; then counts, states and fsck are checked.
      serve [--count N] [--seconds S]
          Against a real `keepsake serve`: hostile URLs and malformed requests, the bad inputs
          (corrupt corpus files, bombs, N mutated images) uploaded under hostile file names, then
          S seconds of readers, a web writer and the CLI writing at once; SIGTERM at the end.

      powerloss --image DIR --cuts N [--writers K] [--seed S] [--min-ms A --max-ms B]
                [--accel auto|kvm|tcg] [--cache none|directsync|writeback|unsafe] [--skip-fsync files|folders|all]
          Power cuts: the store on an ext4 disk image in a qemu guest (image from
          scripts/powerloss/build-image.sh) with K crash workers; qemu is SIGKILLed at a random
          moment after the workers start (A..B ms, default 0..4000), the next boot checks e2fsck,
          recovery, fsck and every acknowledged operation. --skip-fsync makes a deliberately broken
          worker (the run must then fail).

      serve-pair [--seconds S]
          Two `keepsake serve` processes on one store with readers and a web writer each, and the
          CLI writing too; every posted entry and CLI command checked, each server sees the other's.
      soak [--seconds S] [--upload-delay-ms D] [--sample-seconds I]
          One `keepsake serve` for S seconds (default 1800) under wrk (reads at full speed, an
          upload every D ms): resident memory and open descriptors flat, no 5xx, fsck clean.
      distributed [--seconds S] [--rounds N] [--writers K] [--seed S] [--repo DIR] [--fault NAME...]
          PostgreSQL + Ceph radosgw of its own (scripts/servers/start, stopped at the end): K crash
          workers on one store, SIGKILLed at random moments and started again while the others
          write, with one fault per round in turn: pg_terminate_backend of work or liveness
          sessions, pg_ctl restart -m immediate, the S3 fault proxy (500/503/SlowDown/resets/
          stalls), kill -9 of radosgw or of the OSD, a zombie (SIGSTOP, sessions ended, SIGCONT).
          After each round: fsck clean, no intent left, nothing acknowledged lost. --fault runs
          only the named faults (writersOnly, terminateWork, terminateLiveness, restartPostgres,
          proxyFaults, killGateway, killOSD, zombie).

    Common options: --corpus DIR (default ../shared/corpus), --tmp DIR (scratch folders).
    """

var arguments = CommandLine.arguments.dropFirst()
guard let command = arguments.popFirst() else { usage("no command given") }

/// Every command and what runs it.
let commands: [String: (ArraySlice<String>) -> Int32] = [
    "crash": CrashTorture.main,
    "faults": FaultTorture.main,
    "bad-input": BadInputTorture.main,
    "bad-input-child": BadInputTorture.child,
    "hostile-names": HostileNamesTorture.main,
    "load": LoadTorture.main,
    "load-child": LoadTorture.child,
    "serve": ServeTorture.main,
    "powerloss": PowerLossTorture.main,
    "serve-pair": ServePairTorture.main,
    "soak": SoakTorture.main,
    "distributed": DistributedTorture.main,
]

let status: Int32
if ["--help", "-h", "help"].contains(command) {
    print(helpText)
    status = 0
} else if let run = commands[command] {
    status = run(arguments)
} else {
    usage("unknown command \(command)")
}
exit(status)
