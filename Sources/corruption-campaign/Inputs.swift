import ArchiveModel
#if canImport(Glibc)
import Glibc
#endif

/// The campaign's inputs: files under the given paths (directories recursively, the corpus's own
/// README/NOTICE/MANIFEST left out) plus the project's built fixtures, each under a stable name.
struct CampaignInput {
    /// A stable name: the path relative to the directory given, or `fixture/…`.
    var name: String
    /// The file to read, or nil for a built fixture.
    var path: String?
    var fixture: [UInt8]?

    func bytes() -> [UInt8]? {
        if let fixture { return fixture }
        guard let path, let input = try? InputBytes.read(path: path) else { return nil }
        return Array(input.buffer)
    }
}

enum Inputs {
    static let skipped: Set<String> = ["MANIFEST.tsv", "README.md", "NOTICE.md"]

    static func collect(paths: [String], fixtures: Bool) -> [CampaignInput] {
        var result: [CampaignInput] = []
        for path in paths {
            var info = stat()
            guard stat(path, &info) == 0 else { printError("corruption-campaign: cannot read \(path)"); continue }
            if (info.st_mode & S_IFMT) == S_IFDIR {
                for relative in walk(path, "") { result.append(CampaignInput(name: relative, path: path + "/" + relative)) }
            } else {
                let base = path.split(separator: "/").last.map(String.init) ?? path
                result.append(CampaignInput(name: base, path: path))
            }
        }
        if fixtures { result += Fixtures.all().map { CampaignInput(name: $0.name, path: nil, fixture: $0.bytes) } }
        return result
    }

    /// Relative paths of regular files under `root/relative`, sorted.
    static func walk(_ root: String, _ relative: String) -> [String] {
        let dirPath = relative.isEmpty ? root : root + "/" + relative
        guard let dir = opendir(dirPath) else { return [] }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if !name.hasPrefix(".") { names.append(name) }
        }
        closedir(dir)
        var files: [String] = []
        for name in names.sorted() {
            let rel = relative.isEmpty ? name : relative + "/" + name
            var info = stat()
            guard stat(root + "/" + rel, &info) == 0 else { continue }
            if (info.st_mode & S_IFMT) == S_IFDIR {
                files += walk(root, rel)
            } else if (info.st_mode & S_IFMT) == S_IFREG, !(relative.isEmpty && skipped.contains(name)) {
                files.append(rel)
            }
        }
        return files
    }
}
