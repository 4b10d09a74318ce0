import ArchiveModel
import Testing

/// The shared corpus, `../shared/corpus` next to the repository, for the tests that read it. A clone
/// without `../shared` has none: such tests carry `.enabled(if: Corpus.isPresent)` and show as
/// skipped. `ARCHIVE_BROWSE_CORPUS=DIR` looks in DIR instead (a missing DIR skips them, which is how
/// to check that none passes without the corpus).
public enum Corpus {
    /// The environment variable that names another corpus directory.
    public static let environmentVariable = "ARCHIVE_BROWSE_CORPUS"

    /// The repository's root directory, from this source file (Tests/TestSupport/Corpus.swift).
    public static let repositoryRoot: String = {
        var dir = "\(#filePath)"
        for _ in 0..<3 { dir = String(dir[..<(dir.lastIndex(of: "/") ?? dir.startIndex)]) }
        return dir
    }()

    /// The corpus directory, or nil when there is none.
    public static let root: String? = {
        let candidate = TestPlatform.environment(environmentVariable).flatMap { $0.isEmpty ? nil : $0 }
            ?? repositoryRoot + "/../shared/corpus"
        return access(candidate + "/MANIFEST.tsv", R_OK) == 0 ? candidate : nil
    }()

    /// Whether the corpus is there (the condition of the corpus tests' `.enabled(if:)`).
    public static var isPresent: Bool { root != nil }

    /// Paths of the files in `folder` (e.g. "keyed-binary"), sorted; empty without the corpus.
    public static func files(_ folder: String) -> [String] {
        guard let root, let dir = opendir(root + "/" + folder) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            // d_name is a fixed-size C array on both systems (256 bytes on Linux, 1024 on macOS).
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if !name.hasPrefix(".") { names.append(root + "/" + folder + "/" + name) }
        }
        return names.sorted()
    }

    /// The path of a corpus file (e.g. `plist/x.plist`), or nil when the corpus or the file is missing.
    public static func path(_ relative: String) -> String? {
        guard let root else { return nil }
        let path = root + "/" + relative
        return access(path, R_OK) == 0 ? path : nil
    }

    /// The document read from `path` (a full path, as `files` gives), named by it.
    public static func open(_ path: String) throws -> ArchiveDocument {
        ArchiveDocument.open(try InputBytes.read(path: path), name: path)
    }

    /// The document of the corpus file `relative`, named by it; nil when it is missing or unreadable.
    public static func document(_ relative: String) -> ArchiveDocument? {
        guard let path = path(relative), let input = try? InputBytes.read(path: path) else { return nil }
        return ArchiveDocument.open(input, name: relative)
    }
}

extension Trait where Self == ConditionTrait {
    /// Runs the test or suite only where the corpus is (see `Corpus`); elsewhere it shows as skipped.
    public static var needsCorpus: Self {
        .enabled(if: Corpus.isPresent, "needs ../shared/corpus (or ARCHIVE_BROWSE_CORPUS)")
    }
}
