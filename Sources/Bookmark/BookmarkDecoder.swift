import ArchiveCore

/// Reads bookmark data in one pass: the header, the chain of tables of contents, and every item the
/// entries lead to. It never stops at the first problem: each one becomes a diagnostic at the range
/// of the damaged field, and everything else is still read. Every loop is bounded: the TOC chain by
/// a visited set and `Limits.tocs`, items by an explicit stack (no recursion) to `Limits.depth`, and
/// the total work by `Limits.items` and `Limits.links`.
struct BookmarkDecoder {
    /// Bounds on the work any input can cause.
    enum Limits {
        /// Tables of contents followed (real bookmarks have 1 or 2).
        static let tocs = 64
        /// Nesting of arrays, dictionaries and relative URLs (real bookmarks nest 2 deep).
        static let depth = 64
        /// Distinct items read.
        static let items = 100_000
        /// Offsets read inside containers, over the whole bookmark.
        static let links = 1_000_000
        /// Payload bytes checked for UTF-8 validity, over the whole bookmark.
        static let textScan = 64 << 20
        /// Diagnostics listed; a flood past it ends with one `bookmark.item.too-many`.
        static let diagnostics = 1_000
    }

    let reader: BookmarkReader
    var header: BookmarkHeader?
    var tocs: [BookmarkTOC] = []
    var items: [BookmarkItem] = []
    var diagnostics: [Diagnostic] = []
    /// Item index by stored offset: an item named twice is read once.
    var itemAt: [UInt32: Int] = [:]
    var linkCount = 0
    var textScanned = 0
    var reportedLimits: Set<String> = []

    init(reader: BookmarkReader) { self.reader = reader }

    /// Where the data area starts (0 before the header is read).
    var dataOffset: Int { header?.dataOffset ?? 0 }

    mutating func report(_ issue: BookmarkIssue, _ range: ByteRange, notes: [DiagnosticNote] = []) {
        if diagnostics.count == Limits.diagnostics {
            diagnostics.append(BookmarkIssue.itemTooMany(what: "problems", limit: Limits.diagnostics).diagnostic(range))
        }
        guard diagnostics.count < Limits.diagnostics else { return }
        diagnostics.append(issue.diagnostic(range, notes: notes))
    }

    /// Reports a limit once per bookmark.
    mutating func reportLimit(_ issue: BookmarkIssue, _ range: ByteRange, key: String) {
        guard reportedLimits.insert(key).inserted else { return }
        report(issue, range)
    }

    mutating func decode() {
        guard let header = readHeader() else { return }
        self.header = header
        readTOCs(header)
        checkKnownKeys()
    }

    /// The header and its checks; nil when nothing past it can be read.
    mutating func readHeader() -> BookmarkHeader? {
        let size = reader.count
        guard let shape = BookmarkHeader.shape(reader) else {
            if size < 4 {
                report(.headerTruncated(size: size, needed: 4, shape: nil), ByteRange(0, size))
            } else {
                report(.headerBadMagic(reader.bytes(ByteRange(0, 4))), ByteRange(0, 4))
            }
            return nil
        }
        let needed = BookmarkHeader.size(of: shape) + 4
        guard let header = BookmarkHeader(reader, shape: shape) else {
            report(.headerTruncated(size: size, needed: needed, shape: shape), ByteRange(0, size))
            return nil
        }
        if header.declaredLength != size {
            report(.headerLengthMismatch(declared: header.declaredLength, actual: size), header.lengthField)
        }
        if header.version != BookmarkHeader.knownVersion {
            report(.headerVersion(header.version), header.versionField)
        }
        // The data area may not hold the fields that say where it is (16 bytes; 32 for the alias-file shape).
        let minimum = shape == .standard ? 16 : 32
        if !reader.has(header.dataOffset, 4) {
            report(.headerDataOffset(offset: header.dataOffset, size: size, minimum: minimum), header.dataOffsetField)
            return nil
        }
        if header.dataOffset < minimum {
            report(.headerDataOffset(offset: header.dataOffset, size: size, minimum: minimum), header.dataOffsetField)
        }
        return header
    }
}
