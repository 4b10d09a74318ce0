// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "archive-browse",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "archive-browse", targets: ["archive-browse"]),
        .library(name: "ArchiveModel", targets: ["ArchiveModel"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // Pure decoding library: bytes in, results out. No terminal, no global mutable state.
        .target(name: "ArchiveModel"),
        // ncursesw, imported only by the terminal seam in TUI.
        .systemLibrary(name: "CNcursesw", path: "Sources/CNcursesw", providers: [.apt(["libncurses-dev"])]),
        .target(name: "TUI", dependencies: ["ArchiveModel", "CNcursesw"]),
        .executableTarget(
            name: "archive-browse",
            dependencies: ["ArchiveModel", "TUI", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .testTarget(name: "ArchiveModelTests", dependencies: ["ArchiveModel"]),
        .testTarget(name: "TUITests", dependencies: ["TUI", "ArchiveModel"], exclude: ["Snapshots"]),
        // Runs the built executable; depending on it makes `swift test` build it first.
        .testTarget(name: "CLITests", dependencies: ["ArchiveModel", "archive-browse"]),
    ],
    swiftLanguageModes: [.v6]
)
