import ArchiveCore

/// Something archives are found in: a decoded archive, whose data values may hold archives, and with
/// issue 27 a folder, ZIP file or SQLite database, whose entries are archives. `EmbeddedArchives` asks
/// the holder for its archives, so a new kind of parent is one conformance plus its `ArchivePlace`
/// case, and every front end (check, dump, JSON, browser) lists and opens its archives the same way.
protocol ArchiveHolder: Sendable {
    /// Hands `body` every archive directly inside, in a stable order, until it returns false.
    func forEachArchive(_ body: (FoundArchive) -> Bool)
}

extension ArchiveDocument: ArchiveHolder {
    /// The archives in the graph's data values (see `EmbeddedArchives.forEach(in:_:)`), the objects
    /// holding them searched once for the document and its copies (`archiveHolders`).
    package func forEachArchive(_ body: (FoundArchive) -> Bool) {
        EmbeddedArchives.forEach(in: graph, holders: archiveHolders, body)
    }
}
