// swift-tools-version: 6.0
import PackageDescription

let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "Keepsake",
    products: [
        .library(name: "KeepsakeStore", targets: ["KeepsakeStore"]),
        .library(name: "KeepsakeImaging", targets: ["KeepsakeImaging"]),
        .executable(name: "keepsake", targets: ["keepsake"]),
    ],
    targets: [
        // System SQLite, entered through one small target (nothing else imports it).
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite", pkgConfig: "sqlite3",
                       providers: [.apt(["libsqlite3-dev"])]),
        // System libvips headers and link flags.
        .systemLibrary(name: "CVipsSystem", path: "Sources/CVipsSystem", pkgConfig: "vips",
                       providers: [.apt(["libvips-dev"])]),
        // Non-variadic C wrappers over the libvips calls Keepsake needs.
        .target(name: "CVips", dependencies: ["CVipsSystem"], path: "Sources/CVips"),

        // The store engine: records with ordered image attachments, SQLite metadata, files on disk.
        .target(name: "KeepsakeStore", dependencies: ["CSQLite"], swiftSettings: strictSettings),
        // libvips-backed image processing that plugs into the engine.
        .target(name: "KeepsakeImaging", dependencies: ["KeepsakeStore", "CVips"], swiftSettings: strictSettings),

        // The command-line tool.
        .executableTarget(name: "keepsake", dependencies: ["KeepsakeStore", "KeepsakeImaging"],
                          swiftSettings: strictSettings),
        // A worker that performs random store operations and logs each acknowledged one; the crash
        // tests SIGKILL it at random moments.
        .executableTarget(name: "keepsake-crash-worker", dependencies: ["KeepsakeStore", "KeepsakeImaging"],
                          path: "Sources/KeepsakeCrashWorker", swiftSettings: strictSettings),

        .target(name: "KeepsakeTestSupport", dependencies: ["KeepsakeStore", "KeepsakeImaging"],
                path: "Tests/KeepsakeTestSupport", swiftSettings: strictSettings),
        .testTarget(name: "KeepsakeStoreTests",
                    dependencies: ["KeepsakeStore", "KeepsakeImaging", "KeepsakeTestSupport"],
                    swiftSettings: strictSettings),
        .testTarget(name: "KeepsakeImagingTests",
                    dependencies: ["KeepsakeStore", "KeepsakeImaging", "KeepsakeTestSupport"],
                    swiftSettings: strictSettings),
        .testTarget(name: "KeepsakeCLITests", dependencies: ["KeepsakeTestSupport"],
                    swiftSettings: strictSettings),
    ]
)
