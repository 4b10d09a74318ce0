/// Bounds on the work of listing a source, so a hostile folder, ZIP file or database takes bounded
/// time and memory. Each limit reached is a diagnostic (`source.limit.*`), never a failure.
public struct SourceLimits: Sendable, Hashable {
    /// Archives listed in one source; more are counted.
    public var archives = 100_000
    /// Files and folders visited in a folder search.
    public var files = 1_000_000
    /// Entries read from one ZIP file's directory.
    public var zipEntries = 200_000
    /// Folder levels below the source searched.
    public var folderDepth = 32
    /// Containers inside containers (a ZIP in a ZIP in a folder) opened.
    public var containerDepth = 3

    public init() {}

    /// The defaults.
    public static let standard = SourceLimits()
}
