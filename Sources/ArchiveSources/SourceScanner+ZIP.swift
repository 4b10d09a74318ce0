import ArchiveCore

/// A ZIP file's entries: each sniffed from its first inflated bytes; a ZIP inside is opened in turn
/// (up to `containerDepth`); entries that cannot be inflated are counted in one diagnostic per kind.
extension SourceScanner {
    mutating func scanZip(_ input: InputBytes, place: SourcePlace, depth: Int) {
        let directory = ZIPDirectory(input, limit: limits.zipEntries)
        for d in directory.diagnostics { report(SourceCode.zipDamaged, d.message, at: place, range: d.range) }
        if directory.skipped > 0 {
            report(.entryLimit, "the ZIP file has \(directory.entries.count + directory.skipped) entries; the first \(limits.zipEntries) are read, \(directory.skipped) are not", at: place)
        }
        var byName: [[UInt8]: ZIPEntry] = [:]
        var unreadable: [SourceCode: (count: Int, first: Diagnostic)] = [:]
        for entry in directory.entries where !entry.isDirectory {
            if byName[entry.name] == nil { byName[entry.name] = entry }
            let head = ZIPDirectory.data(of: entry, in: input, prefix: SourceSniffer.headSize)
            if head.unreadable {
                if let first = head.problems.first, let code = SourceCode(rawValue: first.id) {
                    unreadable[code, default: (0, first)].count += 1
                }
                continue
            }
            let entryPlace = place.appending(.zipEntry(entry.name))
            switch SourceSniffer.classify(head: head.bytes, name: entry.name) {
            case .archive(let format, let wrapper):
                add(SourceEntry(place: entryPlace, format: format, wrapper: wrapper, size: entry.uncompressedSize))
            case .zip:
                guard depth < limits.containerDepth else { depthReached(entryPlace); continue }
                let data = ZIPDirectory.data(of: entry, in: input)
                scanZip(InputBytes(data.bytes), place: entryPlace, depth: depth + 1)
            case .sqlite:
                report(.sqliteNested, "the SQLite database \(DisplayText.escape(bytes: entry.name)) is inside the ZIP file; extract it to search it", at: place)
            case nil:
                continue
            }
        }
        for (code, found) in unreadable.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            let more = found.count > 1 ? " (and \(found.count - 1) more \(English.noun(found.count - 1, "entry", plural: "entries")) like it)" : ""
            report(code, found.first.message + more, at: place, range: found.first.range)
        }
        cache.store(SourceCache.ZIPIndex(input: input, entries: byName), at: place.steps)
    }
}
