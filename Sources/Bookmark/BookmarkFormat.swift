import ArchiveCore

/// CFURL bookmark data (`book`, or a bookmark-layout `alis`) and classic Alias Manager records (no
/// signature: known by their fields, and inside data values by their FF FF 00 00 end tag). A record,
/// not an archive of objects.
package struct BookmarkFormat: FormatDescriptor {
    package init() {}

    static let book = Array("book".utf8)

    package func owns(_ format: ContainerFormat) -> Bool {
        if case .bookmark = format { return true }
        return false
    }

    package func displayName(of format: ContainerFormat) -> String { format == .bookmark(alias: true) ? "Alias Manager record" : "bookmark data" }
    package func jsonName(of format: ContainerFormat) -> String { format == .bookmark(alias: true) ? "alias-record" : "bookmark" }

    /// Bookmark data: `book` (or a bookmark-layout `alis`) with a header that fits, or followed by a
    /// byte no text has (NUL, a control byte, or a byte past ASCII) in the rest of its header fields: a
    /// bookmark cut inside its header, or with a damaged one (its decoder says what is wrong). The
    /// header's version word always holds NUL bytes. Text that starts with the word "book" stays text.
    package func probeSignature(_ bytes: InputBytes) -> ContainerFormat? {
        guard bytes.matches(Self.book) || bytes.matches(Array("alis".utf8)) else { return nil }
        if BookmarkData.matches(bytes) { return .bookmark(alias: false) }
        let binary = bytes.bytes(in: ByteRange(4, 16)).contains { $0 < 0x09 || ($0 > 0x0D && $0 < 0x20) || $0 >= 0x7F }
        return binary ? .bookmark(alias: false) : nil
    }

    package func probeStructure(_ bytes: InputBytes) -> ContainerFormat? { AliasRecord.matches(bytes) ? .bookmark(alias: true) : nil }

    package func open(_ input: InputBytes, as format: ContainerFormat) -> FormatReading? {
        .graph(BookmarkGraph(input: input, alias: format == .bookmark(alias: true)))
    }

    package func graphKind(of format: ContainerFormat) -> GraphKind { .bookmark }
    package var isRecord: Bool { true }

    /// `book`, and the alias record's end tag, which may sit anywhere in its bytes.
    package var signatures: [FormatSignature] { [FormatSignature(Self.book), FormatSignature([0xFF, 0xFF, 0x00, 0x00], startsData: false)] }

    /// A raw `book` goes on as bookmark data's header does (the version word 0x10040000 at +8, or the
    /// Finder alias-file shape `book\0\0\0\0mark`): the word "book" is common in a binary plist's keys.
    package func confirms(_ signature: FormatSignature, at offset: Int, in input: InputBytes) -> Bool {
        guard signature.bytes == Self.book else { return true }
        return input.matches([0x00, 0x00, 0x04, 0x10], at: offset + 8) || input.matches([0, 0, 0, 0] + Array("mark".utf8), at: offset + 4)
    }

    package func embeddedMinimumCount(of format: ContainerFormat) -> Int? { 8 }
    package func embeddedProbe(_ bytes: [UInt8]) -> ContainerFormat? { AliasRecord.matchesData(bytes) ? .bookmark(alias: true) : nil }
    /// `book` or `alis` (`probeSignature`), or any bytes as long as the shortest alias record, which
    /// has no signature (`probeStructure`, `embeddedProbe`).
    package var embeddedClues: EmbeddedClues {
        EmbeddedClues(firstBytes: [Self.book[0], UInt8(ascii: "a")], anyBytesFrom: AliasRecord.smallestRecord)
    }

    package func evidence(of format: ContainerFormat, in head: [UInt8]) -> ContentEvidence? {
        format == .bookmark(alias: true) ? .structure : .signature
    }

    package var catalog: [DiagnosticKind] { BookmarkCode.kinds }

    /// A record of a file's location, not an archive of objects: there is nothing to write as one.
    package func salvageRefusal(of format: ContainerFormat) -> SalvageOutcome {
        let what = format == .bookmark(alias: true) ? "an Alias Manager record" : "bookmark data"
        return .refused("the input is \(what): a record of a file's location, not an archive of objects, so it cannot be "
            + "salvaged into one; use --json to read the fields that decode")
    }
}

extension AliasRecord {
    /// The fewest bytes `matches` accepts: the fixed fields of a version 3 record (shorter than a
    /// version 2 one) and an end tag.
    static let smallestRecord = Swift.min(AliasRecordDecoder.v2End, AliasRecordDecoder.v3End) + 4

    /// Whether `bytes` (a data value) are a classic alias record (`matches`), which has no signature:
    /// the version and kind words are looked at before any copy is made.
    static func matchesData(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= AliasRecordDecoder.v3End + 4, bytes[6] == 0, bytes[7] == 2 || bytes[7] == 3, bytes[8] == 0, bytes[9] <= 1 else { return false }
        // The record size is a 16-bit field: no record is longer than 64 KiB.
        return matches(InputBytes(bytes.prefix(1 << 16)))
    }
}

extension BookmarkFormat {
    /// Most bytes of a data value summarised as a bookmark: rows are summarised whenever they are shown.
    static let summaryLimit = 1 << 20

    /// `bookmark: /Users/me/file.txt on "Macintosh HD" (/), created …, file ID 706090` when `bytes` are
    /// bookmark data or an alias record (with the number of errors when they are damaged), else nil.
    package static func summary(of bytes: [UInt8]) -> String? {
        // Asked for every data row shown: the first bytes decide before anything is copied or detected.
        let signed = bytes.starts(with: book) || bytes.starts(with: Array("alis".utf8))
        guard bytes.count >= 8, bytes.count <= summaryLimit, signed || AliasRecord.matchesData(bytes) else { return nil }
        let alias: Bool
        if signed, BookmarkFormat().probeSignature(InputBytes(bytes.prefix(64))) != nil { alias = false }
        else if AliasRecord.matchesData(bytes) { alias = true }
        else { return nil }
        let input = InputBytes(bytes)
        let (what, summary, diagnostics) = alias
            ? ("alias record", AliasRecord(input: input).summary, AliasRecord(input: input).diagnostics)
            : ("bookmark", BookmarkData(input: input).summary, BookmarkData(input: input).diagnostics)
        let errors = diagnostics.filter { $0.severity == .error }.count
        return what + ": " + summary.line + (errors > 0 ? " (damaged: \(English.count(errors, "error")))" : "")
    }
}
