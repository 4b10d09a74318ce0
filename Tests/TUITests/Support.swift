import ArchiveModel
#if canImport(Glibc)
import Glibc
#endif

/// Finds `../shared/corpus` next to the repository. Tests that need it print why they skip and pass
/// when it is absent (a user's clone has no `../shared`).
enum Corpus {
    /// The corpus directory, or nil.
    static let root: String? = {
        let candidate = repositoryRoot + "/../shared/corpus"
        return access(candidate + "/MANIFEST.tsv", R_OK) == 0 ? candidate : nil
    }()

    /// The repository's root directory, from this source file (Tests/TUITests/Support.swift).
    static let repositoryRoot: String = {
        var dir = "\(#filePath)"
        for _ in 0..<3 { dir = String(dir[..<(dir.lastIndex(of: "/") ?? dir.startIndex)]) }
        return dir
    }()

    /// The path of a corpus file (e.g. `plist/x.plist`), or nil with a printed message when the
    /// corpus or the file is missing.
    static func path(_ relative: String) -> String? {
        guard let root else {
            print("skipped: ../shared/corpus not found (corpus tests run only where ../shared exists)")
            return nil
        }
        let path = root + "/" + relative
        guard access(path, R_OK) == 0 else {
            print("skipped: \(relative) is not in ../shared/corpus")
            return nil
        }
        return path
    }

    static func open(_ relative: String) -> ArchiveDocument? {
        guard let path = path(relative), let input = try? InputBytes.read(path: path) else { return nil }
        return ArchiveDocument.open(input, name: relative)
    }
}
