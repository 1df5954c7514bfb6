// swift-tools-version: 6.0
import PackageDescription

let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "Keepsake",
    products: [
        .library(name: "KeepsakeSupport", targets: ["KeepsakeSupport"]),
        .library(name: "KeepsakeStore", targets: ["KeepsakeStore"]),
        .library(name: "KeepsakeImaging", targets: ["KeepsakeImaging"]),
        .library(name: "KeepsakeDiary", targets: ["KeepsakeDiary"]),
        .library(name: "KeepsakeLedger", targets: ["KeepsakeLedger"]),
        .library(name: "KeepsakeFeed", targets: ["KeepsakeFeed"]),
        .library(name: "KeepsakeImageCache", targets: ["KeepsakeImageCache"]),
        .library(name: "KeepsakeViewModels", targets: ["KeepsakeViewModels"]),
        .library(name: "KeepsakeStoreTransfer", targets: ["KeepsakeStoreTransfer"]),
        .library(name: "KeepsakeForeignImport", targets: ["KeepsakeForeignImport"]),
        .library(name: "KeepsakeWeb", targets: ["KeepsakeWeb"]),
        .library(name: "KeepsakePostgres", targets: ["KeepsakePostgres"]),
        .library(name: "KeepsakeS3", targets: ["KeepsakeS3"]),
        .library(name: "KeepsakePostgresStore", targets: ["KeepsakePostgresStore"]),
        .library(name: "KeepsakeS3Store", targets: ["KeepsakeS3Store"]),
        .library(name: "KeepsakeStoreConfiguration", targets: ["KeepsakeStoreConfiguration"]),
        .executable(name: "keepsake", targets: ["keepsake"]),
    ],
    targets: [
        // System SQLite, entered through one small target (nothing else imports it).
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite", pkgConfig: "sqlite3",
                       providers: [.apt(["libsqlite3-dev"])]),
        // OpenSSL's libcrypto: SHA-256, HMAC-SHA256, MD5, random bytes, constant-time comparison
        // (imported by KeepsakeSupport only).
        .systemLibrary(name: "COpenSSL", path: "Sources/COpenSSL", pkgConfig: "libcrypto",
                       providers: [.apt(["libssl-dev"])]),
        // The reference Argon2 library: Argon2id password hashes for accounts (imported by KeepsakeSupport only).
        .systemLibrary(name: "CArgon2", path: "Sources/CArgon2", pkgConfig: "libargon2",
                       providers: [.apt(["libargon2-dev"])]),
        // The system calls Swift cannot make (syscall(2) is variadic): openat2 for the folder blob store.
        .target(name: "CSystemCalls", path: "Sources/CSystemCalls"),
        // System libvips headers. The include paths they need are GLib's and GObject's, so they come
        // from gobject-2.0's pkg-config file, and CVips links libvips itself: vips.pc's own Cflags
        // carry -pthread (from OpenEXR, a private dependency), a flag SwiftPM refuses with
        // "warning: prohibited flag(s): -pthread" on every build.
        .systemLibrary(name: "CVipsSystem", path: "Sources/CVipsSystem", pkgConfig: "gobject-2.0",
                       providers: [.apt(["libvips-dev"])]),
        // Non-variadic C wrappers over the libvips calls Keepsake needs (linked with libvips).
        .target(name: "CVips", dependencies: ["CVipsSystem"], path: "Sources/CVips", linkerSettings: [.linkedLibrary("vips")]),
        // libjpeg-turbo's TurboJPEG API: lossless JPEG transforms (orientation without re-encoding).
        .systemLibrary(name: "CTurboJPEG", path: "Sources/CTurboJPEG", pkgConfig: "libturbojpeg",
                       providers: [.apt(["libturbojpeg0-dev"])]),

        // The primitives every layer shares, written once: hashing (over COpenSSL), password hashes (over CArgon2),
        // hex, CSV on bytes, an XML tree. Below the engine, so that KeepsakeS3 and the importers reach them without it.
        .target(name: "KeepsakeSupport", dependencies: ["COpenSSL", "CArgon2"], swiftSettings: strictSettings),
        // The store engine: records with ordered image attachments, SQLite metadata, files on disk.
        .target(name: "KeepsakeStore", dependencies: ["CSQLite", "CSystemCalls", "KeepsakeSupport"], swiftSettings: strictSettings),
        // libvips-backed image processing that plugs into the engine.
        .target(name: "KeepsakeImaging", dependencies: ["KeepsakeStore", "CVips", "CTurboJPEG"], swiftSettings: strictSettings),

        // The apps, each a library on the engine.
        .target(name: "KeepsakeDiary", dependencies: ["KeepsakeStore"], swiftSettings: strictSettings),
        .target(name: "KeepsakeLedger", dependencies: ["KeepsakeSupport", "KeepsakeStore"], swiftSettings: strictSettings),
        .target(name: "KeepsakeFeed", dependencies: ["KeepsakeStore"], swiftSettings: strictSettings),
        .target(name: "KeepsakeImageCache", dependencies: ["KeepsakeStore"], swiftSettings: strictSettings),
        // @Observable view models over the apps (MVVM without Combine); the CLI and the web app use them.
        .target(name: "KeepsakeViewModels",
                dependencies: ["KeepsakeStore", "KeepsakeDiary", "KeepsakeLedger", "KeepsakeFeed", "KeepsakeImageCache"],
                swiftSettings: strictSettings),

        // libmicrohttpd, behind one small module.
        .systemLibrary(name: "CMicroHTTPDSystem", path: "Sources/CMicroHTTPDSystem", pkgConfig: "libmicrohttpd",
                       providers: [.apt(["libmicrohttpd-dev"])]),
        .target(name: "CMicroHTTPD", dependencies: ["CMicroHTTPDSystem"], path: "Sources/CMicroHTTPD"),
        .target(name: "KeepsakeHTTP", dependencies: ["CMicroHTTPD"], swiftSettings: strictSettings),

        // The local web app (`keepsake serve`): server-rendered pages over the view models.
        .target(name: "KeepsakeWeb",
                dependencies: ["KeepsakeSupport", "KeepsakeHTTP", "KeepsakeViewModels", "KeepsakeStore", "KeepsakeDiary", "KeepsakeLedger",
                               "KeepsakeFeed", "KeepsakeImageCache", "KeepsakeForeignImport"],
                // The app's artwork and the icons scripts/make-icons renders from it.
                resources: [.copy("Resources/Icons")],
                swiftSettings: strictSettings),

        // libarchive, behind one small module (C targets are named C + the library; docs/ARCHITECTURE.md, "Names"): the one archive reader (the export's tar, other apps' zips) and the export's writer.
        .systemLibrary(name: "CArchive", path: "Sources/CArchive", pkgConfig: "libarchive",
                       providers: [.apt(["libarchive-dev"])]),
        .target(name: "KeepsakeArchive", dependencies: ["KeepsakeStore", "CArchive"], swiftSettings: strictSettings),
        // A whole Keepsake store carried elsewhere: its own export archives (`keepsake export`, and
        // `keepsake import FILE` reading one back) and `keepsake move` between backends.
        .target(name: "KeepsakeStoreTransfer", dependencies: ["KeepsakeSupport", "KeepsakeStore", "KeepsakeArchive"], swiftSettings: strictSettings),
        // Imports from other apps' exports (foreign formats): Day One, Daylio, Journey into the diary; OFX/QFX, QIF, Firefly III,
        // camt.053 and bank CSV (through a rules file) into the ledger (docs/IMPORT.md).
        .target(name: "KeepsakeForeignImport",
                dependencies: ["KeepsakeSupport", "KeepsakeStore", "KeepsakeDiary", "KeepsakeLedger", "KeepsakeArchive"],
                swiftSettings: strictSettings),

        // PostgreSQL through libpq: connections, prepared statements, typed errors, a pool,
        // LISTEN/NOTIFY and advisory-lock sessions (for the distributed metadata store).
        .systemLibrary(name: "CPostgres", path: "Sources/CPostgres", pkgConfig: "libpq",
                       providers: [.apt(["libpq-dev"])]),
        .target(name: "KeepsakePostgres", dependencies: ["CPostgres"], swiftSettings: strictSettings),
        // The engine's metadata store on PostgreSQL (schema, migrations, liveness, change notifications).
        .target(name: "KeepsakePostgresStore", dependencies: ["KeepsakeStore", "KeepsakePostgres"], swiftSettings: strictSettings),
        // An S3 client over libcurl with its own SigV4 signer (for the distributed blob store).
        .systemLibrary(name: "CCurl", path: "Sources/CCurl", pkgConfig: "libcurl",
                       providers: [.apt(["libcurl4-openssl-dev"])]),
        .target(name: "KeepsakeS3", dependencies: ["CCurl", "KeepsakeSupport"], swiftSettings: strictSettings),
        // The blob store in an S3 bucket (S3BlobStore), over KeepsakeS3.
        .target(name: "KeepsakeS3Store", dependencies: ["KeepsakeSupport", "KeepsakeStore", "KeepsakeS3"], swiftSettings: strictSettings),
        // Opens a store from what a user names (folders, a PostgreSQL URL, a bucket URL): the one place
        // that knows every backend.
        .target(name: "KeepsakeStoreConfiguration", dependencies: ["KeepsakeStore", "KeepsakePostgres", "KeepsakeS3", "KeepsakePostgresStore", "KeepsakeS3Store"], swiftSettings: strictSettings),

        // The command-line tool: argument parsing and commands in a library (tested), a thin executable.
        .target(name: "KeepsakeCLI",
                dependencies: ["KeepsakeSupport", "KeepsakeStore", "KeepsakeImaging", "KeepsakeStoreTransfer", "KeepsakeViewModels",
                               "KeepsakeDiary", "KeepsakeLedger", "KeepsakeFeed", "KeepsakeImageCache", "KeepsakeWeb",
                               "KeepsakeForeignImport", "KeepsakeStoreConfiguration"],
                resources: [.copy("Resources/DemoImages")],
                swiftSettings: strictSettings),
        .executableTarget(name: "keepsake", dependencies: ["KeepsakeCLI"], swiftSettings: strictSettings),
        // A worker that performs random store operations and logs each acknowledged one; the crash
        // tests SIGKILL it at random moments.
        // The crash worker's log format, shared by the worker, the crash tests and the torture tool.
        .target(name: "KeepsakeCrashLog", dependencies: ["KeepsakeStore"], swiftSettings: strictSettings),
        .executableTarget(name: "keepsake-crash-worker", dependencies: ["KeepsakeSupport", "KeepsakeStore", "KeepsakeImaging", "KeepsakeCrashLog", "KeepsakeStoreConfiguration", "KeepsakeStoreTransfer"],
                          path: "Sources/KeepsakeCrashWorker", swiftSettings: strictSettings),

        // `make bench`: Keepsake against its peers, measured in one run (BENCHMARKS.md).
        .executableTarget(name: "keepsake-bench",
                          dependencies: ["KeepsakeStore", "KeepsakeImaging", "KeepsakeDiary", "KeepsakeFeed", "KeepsakeLedger", "KeepsakeStoreConfiguration"],
                          path: "Sources/KeepsakeBench", swiftSettings: strictSettings),
        // `make torture`: crash, fault, bad-input, hostile-name and load runs with figures (RELIABILITY.md).
        .executableTarget(name: "keepsake-torture",
                          dependencies: ["KeepsakeSupport", "KeepsakeStore", "KeepsakeImaging", "KeepsakeStoreTransfer", "KeepsakeImageCache", "KeepsakeCrashLog", "KeepsakeStoreConfiguration"],
                          path: "Sources/KeepsakeTorture", swiftSettings: strictSettings),

        // `fuzz/run.sh`: libFuzzer targets of every parser that reads outside bytes (RELIABILITY.md).
        // Built normally it lists, seeds and replays; with -sanitize=fuzzer (.build-fuzz) it fuzzes.
        .target(name: "CFuzzing", path: "Sources/CFuzzing"),
        .executableTarget(name: "keepsake-fuzz",
                          dependencies: ["KeepsakeSupport", "KeepsakeHTTP", "KeepsakeStore", "KeepsakeImaging", "KeepsakeLedger", "KeepsakeStoreTransfer",
                                         "KeepsakeForeignImport", "CFuzzing"],
                          path: "Sources/KeepsakeFuzz", swiftSettings: strictSettings),

        .target(name: "KeepsakeTestSupport", dependencies: ["KeepsakeSupport", "KeepsakeStore", "KeepsakeImaging", "KeepsakePostgres", "KeepsakePostgresStore", "KeepsakeS3", "KeepsakeS3Store"],
                path: "Tests/KeepsakeTestSupport", swiftSettings: strictSettings),
        .testTarget(name: "KeepsakeSupportTests", dependencies: ["KeepsakeSupport", "KeepsakeTestSupport"],
                    swiftSettings: strictSettings),
        .testTarget(name: "KeepsakeStoreTests",
                    dependencies: ["KeepsakeSupport", "KeepsakeStore", "KeepsakeImaging", "KeepsakeTestSupport", "KeepsakeCrashLog"],
                    swiftSettings: strictSettings),
        .testTarget(name: "KeepsakeImagingTests",
                    dependencies: ["KeepsakeSupport", "KeepsakeStore", "KeepsakeImaging", "KeepsakeTestSupport"],
                    swiftSettings: strictSettings),
        .testTarget(name: "KeepsakeCLITests", dependencies: ["KeepsakeSupport", "KeepsakeCLI", "KeepsakeTestSupport"],
                    swiftSettings: strictSettings),
        .testTarget(name: "KeepsakeAppsTests",
                    dependencies: ["KeepsakeSupport", "KeepsakeStore", "KeepsakeDiary", "KeepsakeLedger", "KeepsakeFeed", "KeepsakeImageCache", "KeepsakeTestSupport"],
                    swiftSettings: strictSettings),
        .testTarget(name: "KeepsakeViewModelsTests", dependencies: ["KeepsakeSupport", "KeepsakeViewModels", "KeepsakeTestSupport"],
                    swiftSettings: strictSettings),
        .testTarget(name: "KeepsakeStoreTransferTests",
                    dependencies: ["KeepsakeSupport", "KeepsakeStoreTransfer", "KeepsakeTestSupport", "KeepsakeStore", "KeepsakeDiary", "KeepsakeLedger", "KeepsakeFeed", "KeepsakeWeb"],
                    swiftSettings: strictSettings),
        .testTarget(name: "KeepsakeWebTests", dependencies: ["KeepsakeSupport", "KeepsakeWeb", "KeepsakeTestSupport"],
                    swiftSettings: strictSettings),
        .testTarget(name: "KeepsakeHTTPTests", dependencies: ["KeepsakeHTTP", "KeepsakeTestSupport"], swiftSettings: strictSettings),
        .testTarget(name: "KeepsakeForeignImportTests",
                    dependencies: ["KeepsakeSupport", "KeepsakeForeignImport", "KeepsakeStore", "KeepsakeImaging", "KeepsakeDiary", "KeepsakeLedger",
                                   "KeepsakeTestSupport", "CArchive"],
                    swiftSettings: strictSettings),
        .testTarget(name: "KeepsakePostgresTests", dependencies: ["KeepsakePostgres", "KeepsakeTestSupport"],
                    swiftSettings: strictSettings),
        .testTarget(name: "KeepsakePostgresStoreTests",
                    dependencies: ["KeepsakeSupport", "KeepsakePostgresStore", "KeepsakePostgres", "KeepsakeStore", "KeepsakeStoreConfiguration", "KeepsakeTestSupport",
                                   "KeepsakeCrashLog"],
                    swiftSettings: strictSettings),
        .testTarget(name: "KeepsakeS3Tests", dependencies: ["KeepsakeSupport", "KeepsakeS3", "KeepsakeStore", "KeepsakeTestSupport"],
                    swiftSettings: strictSettings),
        .testTarget(name: "KeepsakeS3StoreTests",
                    dependencies: ["KeepsakeSupport", "KeepsakeS3Store", "KeepsakeS3", "KeepsakeStoreConfiguration", "KeepsakeStore", "KeepsakeImaging", "KeepsakeTestSupport",
                                   "KeepsakeCrashLog"],
                    swiftSettings: strictSettings),
    ]
)
