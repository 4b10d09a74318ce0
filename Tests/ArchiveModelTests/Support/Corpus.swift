import ArchiveModel
#if canImport(Glibc)
import Glibc
#endif

/// Finds `../shared/corpus` next to the repository. Tests that need it skip with a message when it is
/// absent (a user's clone has no `../shared`) and run in CI, where it is present.
enum Corpus {
    /// The corpus directory, or nil.
    static let root: String? = {
        var dir = "\(#filePath)"
        for _ in 0..<4 { dir = String(dir[..<(dir.lastIndex(of: "/") ?? dir.startIndex)]) }
        let candidate = dir + "/../shared/corpus"
        return access(candidate + "/MANIFEST.tsv", R_OK) == 0 ? candidate : nil
    }()

    static var isPresent: Bool {
        if root == nil { print("skipped: ../shared/corpus not found (corpus tests run only where ../shared exists)") }
        return root != nil
    }

    /// Paths of the files in `folder` (e.g. "keyed-binary"), sorted.
    static func files(_ folder: String) -> [String] {
        guard let root, let dir = opendir(root + "/" + folder) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if !name.hasPrefix(".") { names.append(root + "/" + folder + "/" + name) }
        }
        return names.sorted()
    }

    static func open(_ path: String) throws -> ArchiveDocument {
        ArchiveDocument.open(try InputBytes.read(path: path), name: path)
    }
}
