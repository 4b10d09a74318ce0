// swift-tools-version:6.0
import PackageDescription

// Fuzz builds only (scripts/fuzz.sh sets ARCHIVE_BROWSE_FUZZ_EDGES_ONLY beside -sanitize=fuzzer): the
// browser and the fuzz checks get edge coverage alone, without the comparison and indirect-call tracing
// that -sanitize=fuzzer adds by default. In their code that tracing compared screen widths and array
// indices, and its hooks were a third of the render target's time (ROBUSTNESS.md). With "1" it stays on
// in ArchiveModel, where the input's bytes meet magic values and markers; "everywhere" drops it there too,
// for the keyed target, whose input is a program that builds the archive ArchiveModel reads. Not for
// plain builds: -sanitize-coverage needs a -sanitize option.
let edgesOnly = Context.environment["ARCHIVE_BROWSE_FUZZ_EDGES_ONLY"] ?? ""
let edgeCoverage: [SwiftSetting] = [.unsafeFlags(["-sanitize-coverage=edge,pc-table,inline-8bit-counters"])]
let edgeCoverageOnly: [SwiftSetting] = ["1", "everywhere"].contains(edgesOnly) ? edgeCoverage : []
let modelEdgeCoverageOnly: [SwiftSetting] = edgesOnly == "everywhere" ? edgeCoverage : []

// The format targets, in registry order (Sources/ArchiveDocuments/Document/FormatRegistry.swift).
let formatTargets: [Target.Dependency] = [
    "BinaryPlist", "XMLPlist", "OpenStepPlist", "KeyedArchive", "Typedstream", "NIBArchive", "IB3XML", "Bookmark",
]

// The library's layers, bottom up: what the `ArchiveModel` target re-exports.
let libraryTargets: [Target.Dependency] = ["ArchiveCore"] + formatTargets + [
    "ArchiveDocuments", "ArchiveRecovery", "ArchivePresentation", "ArchiveOutput", "ArchiveAudit", "ArchiveSources",
]

let package = Package(
    name: "archive-browse",
    // macOS 15: the value model's integers are Int128, and the caches lock with Synchronization's
    // Mutex; both are in the Swift 6 runtime that macOS 15 ships.
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "archive-browse", targets: ["archive-browse"]),
        .library(name: "ArchiveModel", targets: ["ArchiveModel"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // The decoding library: bytes in, results out. No terminal, no global mutable state. Its layers
        // are targets, each importing only those below it (docs/ARCHITECTURE.md, "The targets"); the
        // `ArchiveModel` product re-exports them.
        // Bottom: bytes, diagnostics, text encodings, the plist and graph models, the format descriptor.
        .target(name: "ArchiveCore", dependencies: ["CMappingGuard"], swiftSettings: modelEdgeCoverageOnly),
        // One target per format: each knows the core and nothing of documents, output or other
        // formats, but those it is built on (OpenStep and IB3 XML read with the XML plist's scanner;
        // a keyed archive is a binary or XML plist).
        .target(name: "BinaryPlist", dependencies: ["ArchiveCore"], swiftSettings: modelEdgeCoverageOnly),
        .target(name: "XMLPlist", dependencies: ["ArchiveCore"], swiftSettings: modelEdgeCoverageOnly),
        .target(name: "OpenStepPlist", dependencies: ["ArchiveCore", "XMLPlist"], swiftSettings: modelEdgeCoverageOnly),
        .target(name: "KeyedArchive", dependencies: ["ArchiveCore", "BinaryPlist"], swiftSettings: modelEdgeCoverageOnly),
        .target(name: "Typedstream", dependencies: ["ArchiveCore"], swiftSettings: modelEdgeCoverageOnly),
        .target(name: "NIBArchive", dependencies: ["ArchiveCore"], swiftSettings: modelEdgeCoverageOnly),
        .target(name: "IB3XML", dependencies: ["ArchiveCore", "XMLPlist"], swiftSettings: modelEdgeCoverageOnly),
        .target(name: "Bookmark", dependencies: ["ArchiveCore"], swiftSettings: modelEdgeCoverageOnly),
        // Documents: the format registry, detection, wrappers, foreign content, embedded archives and
        // their check.
        .target(
            name: "ArchiveDocuments",
            dependencies: ["ArchiveCore", "AppleCompression", "CZlib"] + formatTargets,
            swiftSettings: modelEdgeCoverageOnly
        ),
        // Recovery: the full check with its whole-file causes (damage analysis), repair and salvage;
        // they open documents again to judge a reading.
        .target(name: "ArchiveRecovery", dependencies: ["ArchiveDocuments"], swiftSettings: modelEdgeCoverageOnly),
        // Presentation: known Foundation classes as values, NSCoder coercions, the outline's rows.
        .target(name: "ArchivePresentation", dependencies: ["ArchiveRecovery"], swiftSettings: modelEdgeCoverageOnly),
        // Output: dump, JSON, export (JSON, XML and binary plists), the class census, diff, the demo.
        .target(name: "ArchiveOutput", dependencies: ["ArchivePresentation"], swiftSettings: modelEdgeCoverageOnly),
        // The security audit (--audit).
        .target(name: "ArchiveAudit", dependencies: ["ArchiveOutput"], swiftSettings: modelEdgeCoverageOnly),
        // Folders, ZIP files, SQLite databases and iOS backups as sources of archives.
        .target(name: "ArchiveSources", dependencies: ["ArchiveOutput", "CZlib", "CSQLite"], swiftSettings: modelEdgeCoverageOnly),
        // The library's product: re-exports the layers (its public API, docs/public-api.txt) and lists
        // every diagnostic catalog (`DiagnosticRegistry`), which sit in the layers below.
        .target(name: "ArchiveModel", dependencies: ["ArchiveSources", "ArchiveAudit"], swiftSettings: modelEdgeCoverageOnly),
        // LZFSE / LZVN block streams (helpd's help indexes), decoded in Swift: no dependencies, no
        // Foundation (Apple's Compression framework exists only on macOS). In fuzz builds it keeps the
        // comparison tracing, as ArchiveModel does: the input's bytes meet block magics there.
        .target(name: "AppleCompression", swiftSettings: modelEdgeCoverageOnly),
        // The system SQLite (libsqlite3 on macOS, libsqlite3-dev on Debian), for archives in database
        // columns: opened read-only and immutable. No Foundation (GRDB would bring it; see the README).
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite", providers: [.apt(["libsqlite3-dev"])]),
        // The system zlib (libz on macOS, zlib1g-dev on Debian), for gzip- and zlib-wrapped archives:
        // a maintained inflater with a bounded output loop, not a hand-written one.
        .systemLibrary(name: "CZlib", path: "Sources/CZlib", providers: [.apt(["zlib1g-dev"])]),
        // The SIGBUS guard for mapped input files (C: a signal handler). Process-wide state by necessity,
        // since signal dispositions are; nothing else in ArchiveModel keeps any.
        .target(name: "CMappingGuard"),
        // One allocator setting for the executable (glibc's mmap threshold), so that the memory a
        // whole-file pass frees leaves the process; called once at start-up.
        .target(name: "CAllocatorTuning"),
        // ncursesw (the system ncurses on macOS), imported only by the terminal seam in TUI.
        .systemLibrary(name: "CNcursesw", path: "Sources/CNcursesw", providers: [.apt(["libncurses-dev"])]),
        .target(
            name: "TUI", dependencies: ["ArchiveModel", "CNcursesw"], swiftSettings: edgeCoverageOnly,
            // The wide-character curses: libncursesw on Linux; macOS's libncurses is the wide one (no ncursesw).
            linkerSettings: [.linkedLibrary("ncursesw", .when(platforms: [.linux])), .linkedLibrary("ncurses", .when(platforms: [.macOS]))]
        ),
        .executableTarget(
            name: "archive-browse",
            dependencies: ["ArchiveModel", "TUI", "CAllocatorTuning", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            plugins: ["BuildCommit"]
        ),
        // Writes the git commit of each build for --version (scripts/build-commit.sh; no network).
        .plugin(name: "BuildCommit", capability: .buildTool()),
        // What the test targets share: the corpus, the C library for macOS and Linux, memory readings, tags.
        .target(name: "TestSupport", dependencies: ["ArchiveModel", "FuzzSupport", "CSQLite"], path: "Tests/TestSupport"),
        // The model's tests reach each layer's internals (`@testable import` of every library target).
        .testTarget(name: "ArchiveModelTests", dependencies: ["ArchiveModel", "FuzzSupport", "CZlib", "TestSupport"] + libraryTargets),
        .testTarget(name: "AppleCompressionTests", dependencies: ["AppleCompression", "TestSupport"]),
        .testTarget(name: "TUITests", dependencies: ["TUI", "ArchiveModel", "FuzzSupport", "FuzzRenderSupport", "TestSupport"], exclude: ["Snapshots"]),
        // Runs the built executable; depending on it makes `swift test` build it first.
        .testTarget(name: "CLITests", dependencies: ["ArchiveModel", "FuzzSupport", "archive-browse", "foundation-peer", "TestSupport"], exclude: ["Golden"]),
        // Whether Foundation's NSKeyedUnarchiver decodes a file, in a process of its own (Linux
        // Foundation crashes on some inputs): the --salvage tests run it on what --salvage writes.
        .executableTarget(name: "foundation-peer"),
        // Robustness (issue 6): checks shared by the fuzz targets and the corruption campaign.
        .target(name: "FuzzSupport", dependencies: ["ArchiveModel", "ArchiveCore"], swiftSettings: edgeCoverageOnly),
        // The render target's input format and session, shared with the tests that replay its inputs.
        .target(name: "FuzzRenderSupport", dependencies: ["ArchiveModel", "FuzzSupport", "TUI"], swiftSettings: edgeCoverageOnly),
        // libFuzzer targets, one file each; build them with scripts/fuzz.sh (a plain build makes no-op executables).
        .executableTarget(name: "FuzzBinaryPlist", dependencies: ["ArchiveModel", "FuzzSupport"]),
        .executableTarget(name: "FuzzXMLPlist", dependencies: ["ArchiveModel", "FuzzSupport"]),
        .executableTarget(name: "FuzzOpenStepPlist", dependencies: ["ArchiveModel", "FuzzSupport"]),
        .executableTarget(name: "FuzzKeyedArchive", dependencies: ["ArchiveModel", "FuzzSupport"]),
        .executableTarget(name: "FuzzTypedstream", dependencies: ["ArchiveModel", "FuzzSupport"]),
        .executableTarget(name: "FuzzNIBArchive", dependencies: ["ArchiveModel", "FuzzSupport"]),
        .executableTarget(name: "FuzzIB3XML", dependencies: ["ArchiveModel", "FuzzSupport"]),
        .executableTarget(name: "FuzzLZFSE", dependencies: ["AppleCompression", "ArchiveModel", "FuzzSupport"]),
        .executableTarget(name: "FuzzBookmark", dependencies: ["ArchiveModel", "FuzzSupport"]),
        .executableTarget(name: "FuzzSwiftName", dependencies: ["ArchiveModel", "FuzzSupport"]),
        .executableTarget(name: "FuzzRepair", dependencies: ["ArchiveModel", "FuzzSupport"]),
        .executableTarget(name: "FuzzRender", dependencies: ["FuzzSupport", "FuzzRenderSupport"]),
        // Every truncation and random byte changes of every corpus file, decoded in process with a watchdog.
        .executableTarget(name: "corruption-campaign", dependencies: ["ArchiveModel", "FuzzSupport"]),
        // Issue 24's measurement: the share of rejected single-byte corruptions that diagnostics locate.
        .executableTarget(name: "locate-rate", dependencies: ["ArchiveModel"]),
        // Issue 42's measurement: the share of line-ending-converted corpus archives --repair restores.
        .executableTarget(name: "repair-rate", dependencies: ["ArchiveModel"]),
    ],
    swiftLanguageModes: [.v6]
)
