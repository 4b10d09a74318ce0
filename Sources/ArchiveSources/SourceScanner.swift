import ArchiveCore

/// Lists the archives of a source: walks folders, reads ZIP directories and database values,
/// classifies each file or value by its first bytes, and records what it could not read. Every
/// count is bounded by `SourceLimits`; a limit reached is a diagnostic.
struct SourceScanner {
    let limits: SourceLimits
    let cache = SourceCache()
    private(set) var entries: [SourceEntry] = []
    private var diagnostics: [Diagnostic] = []
    /// Archives found past `limits.archives`.
    private var unlisted = 0

    init(limits: SourceLimits) { self.limits = limits }

    /// Adds an archive, or counts it when the list is full.
    mutating func add(_ entry: SourceEntry) {
        if entries.count < limits.archives { entries.append(entry) } else { unlisted += 1 }
    }

    mutating func report(_ code: SourceCode, _ message: String, at place: SourcePlace, range: ByteRange? = nil) {
        let prefix = place.steps.isEmpty ? "" : "in \(place.displayText): "
        diagnostics.append(Diagnostic(code, prefix + message, range: range))
    }

    /// The entries in place order (folders are walked in name order, but containers add theirs as met).
    func sortedEntries() -> [SourceEntry] { entries.sorted { $0.place < $1.place } }

    /// The diagnostics, with the archive limit's when it was reached.
    mutating func finish() -> [Diagnostic] {
        if unlisted > 0 {
            diagnostics.append(Diagnostic(SourceCode.entryLimit,
                "the source holds \(English.count(entries.count + unlisted, "archive")); the first \(limits.archives) are listed, \(unlisted) more are not"))
        }
        return diagnostics
    }

    /// Classifies the file at `path` (shown as `place`) and lists it: an archive, or the archives of a
    /// ZIP file or database. `depth` counts the containers already entered.
    mutating func scanFile(path: [UInt8], place: SourcePlace, depth: Int, name: [UInt8], size: Int? = nil) {
        guard let head = Platform.head(of: path, count: SourceSniffer.headSize) else {
            report(.folderUnreadable, "cannot read \(DisplayText.escape(bytes: path)): \(DisplayText.escape(Platform.errorText))", at: SourcePlace([]))
            return
        }
        switch SourceSniffer.classify(head: head, name: name) {
        case .archive(let format, let wrapper):
            let size = size ?? Platform.pathStatus(path, followLinks: true)?.size ?? head.count
            add(SourceEntry(place: place, format: format, wrapper: wrapper, size: size))
        case .zip:
            guard depth < limits.containerDepth else { return depthReached(place) }
            do {
                let input = try InputBytes.read(path: path)
                scanZip(input, place: place, depth: depth + 1)
            } catch {
                report(.folderUnreadable, "cannot read \(DisplayText.escape(bytes: path)): \(error.description)", at: SourcePlace([]))
            }
        case .sqlite:
            scanDatabase(path: path, place: place)
        case nil:
            break
        }
    }

    mutating func depthReached(_ place: SourcePlace) {
        report(.depthLimit, "containers are nested more than \(limits.containerDepth) deep here; this one is not opened", at: place)
    }
}
