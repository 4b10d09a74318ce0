// swift-tools-version:6.0
import PackageDescription

// An example of ArchiveModel used as a library from another package: prints the classes of the
// objects in an archive. Build it from this folder: `swift build`, then
// `.build/debug/list-classes FILE`.
let package = Package(
    name: "list-classes",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "archive-browse", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "list-classes",
            dependencies: [.product(name: "ArchiveModel", package: "archive-browse")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
