import ArchiveCore

/// The folder walk: depth-first in name order, without following symbolic links out of the folder
/// or into a folder already visited, and never opening anything but regular files (a FIFO would block).
extension SourceScanner {
    mutating func scanFolder(root: [UInt8]) {
        var base = root
        while base.count > 1, base.last == UInt8(ascii: "/") { base.removeLast() }
        let rootReal = Platform.resolvedPath(base) ?? base
        var visited: Set<[UInt64]> = []
        if let status = Platform.pathStatus(base, followLinks: true) { visited.insert([status.device, status.inode]) }
        // (path on disk, path relative to the root, depth)
        var pending: [([UInt8], [UInt8], Int)] = [(base, [], 0)]
        var seen = 0
        while let (directory, relative, depth) = pending.popLast() {
            guard let listing = Platform.directoryNames(directory, limit: limits.files) else {
                report(.folderUnreadable, "cannot list the folder \(DisplayText.escape(bytes: directory)): \(DisplayText.escape(Platform.errorText))", at: SourcePlace([]))
                continue
            }
            var subfolders: [([UInt8], [UInt8], Int)] = []
            for name in listing.names.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
                seen += 1
                if seen > limits.files {
                    report(.entryLimit, "the folder holds more than \(limits.files) files and folders; the search stopped there", at: SourcePlace([]))
                    return
                }
                let path = directory + [UInt8(ascii: "/")] + name
                let rel = relative.isEmpty ? name : relative + [UInt8(ascii: "/")] + name
                guard var status = Platform.pathStatus(path, followLinks: false) else {
                    report(.folderUnreadable, "cannot read \(DisplayText.escape(bytes: path)): \(DisplayText.escape(Platform.errorText))", at: SourcePlace([]))
                    continue
                }
                if status.kind == .symlink {
                    guard let target = Platform.resolvedPath(path), Self.isInside(target, rootReal) else {
                        report(.symlinkOutside, "the symbolic link \(DisplayText.escape(bytes: rel)) leads out of the folder (or nowhere); not followed", at: SourcePlace([]))
                        continue
                    }
                    guard let followed = Platform.pathStatus(path, followLinks: true) else { continue }
                    status = followed
                }
                switch status.kind {
                case .directory:
                    guard visited.insert([status.device, status.inode]).inserted else {
                        report(.symlinkLoop, "\(DisplayText.escape(bytes: rel)) leads to a folder already searched; not searched again", at: SourcePlace([]))
                        continue
                    }
                    guard depth < limits.folderDepth else {
                        report(.depthLimit, "\(DisplayText.escape(bytes: rel)) is more than \(limits.folderDepth) folders deep; not searched", at: SourcePlace([]))
                        continue
                    }
                    subfolders.append((path, rel, depth + 1))
                case .regular:
                    scanFile(path: path, place: SourcePlace([.path(rel)]), depth: 0, name: name, size: status.size)
                default:
                    continue
                }
            }
            if listing.more {
                report(.entryLimit, "the folder \(DisplayText.escape(bytes: relative)) holds more than \(limits.files) names; the rest are not searched", at: SourcePlace([]))
            }
            pending.append(contentsOf: subfolders.reversed())
        }
    }

    /// Whether the resolved path `target` is `root` or inside it.
    static func isInside(_ target: [UInt8], _ root: [UInt8]) -> Bool {
        if target == root { return true }
        let prefix = root.last == UInt8(ascii: "/") ? root : root + [UInt8(ascii: "/")]
        return target.starts(with: prefix)
    }
}
