import ArchiveModel

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
            guard let kind = Platform.kind(of: path) else { printError("corruption-campaign: cannot read \(path)"); continue }
            if kind == .directory {
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
        let names = Platform.names(inDirectory: dirPath).filter { !$0.hasPrefix(".") }
        var files: [String] = []
        for name in names.sorted() {
            let rel = relative.isEmpty ? name : relative + "/" + name
            guard let kind = Platform.kind(of: root + "/" + rel) else { continue }
            if kind == .directory {
                files += walk(root, rel)
            } else if kind == .regular, !(relative.isEmpty && skipped.contains(name)) {
                files.append(rel)
            }
        }
        return files
    }
}
