import ArchiveCore

/// Bounds on the work of listing a source, so a hostile folder, ZIP file or database takes bounded
/// time and memory. Each limit reached is a diagnostic (`source.limit.*`), never a failure.
package struct SourceLimits: Sendable, Hashable {
    /// Archives listed in one source; more are counted.
    package var archives = 100_000
    /// Files and folders visited in a folder search.
    package var files = 1_000_000
    /// Entries read from one ZIP file's directory.
    package var zipEntries = 200_000
    /// Folder levels below the source searched.
    package var folderDepth = 32
    /// Containers inside containers (a ZIP in a ZIP in a folder) opened.
    package var containerDepth = 3

    package init() {}

    /// The defaults.
    package static let standard = SourceLimits()
}
