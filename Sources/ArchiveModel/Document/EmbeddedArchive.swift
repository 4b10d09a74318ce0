/// What makes bytes an archive: the format tests by content, the search for an archive behind a
/// foreign header, and where embedded bytes lie in their input. `EmbeddedArchives` uses these to find
/// and open archives inside documents.
public enum EmbeddedArchive {
    /// The format of `bytes` when they hold an archive this tool decodes (binary plist, typedstream,
    /// NIBArchive, or an XML plist) or a record it decodes (bookmark data, an alias record), else nil.
    /// Text that merely looks like OpenStep is not treated as an archive.
    public static func format(of bytes: [UInt8]) -> ContainerFormat? {
        guard bytes.count >= 8 else { return nil }
        let format = FormatDetector.detect(InputBytes(bytes.prefix(64)))
        switch format {
        case .binaryPlist, .typedstream, .nibArchive, .bookmark: return format
        case .xmlPlist: return bytes.count >= 20 ? format : nil
        default: return isAliasRecord(bytes) ? .bookmark(alias: true) : nil
        }
    }

    /// Whether `bytes` are a classic alias record (`AliasRecord.matches`), which has no signature: the
    /// version and kind words are looked at before any copy is made.
    static func isAliasRecord(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= AliasRecordDecoder.v3End + 4, bytes[6] == 0, bytes[7] == 2 || bytes[7] == 3, bytes[8] == 0, bytes[9] <= 1 else { return false }
        // The record size is a 16-bit field: no record is longer than 64 KiB.
        return AliasRecord.matches(InputBytes(bytes.prefix(1 << 16)))
    }

    /// Most bytes of a data value summarised as a bookmark: rows are summarised whenever they are shown.
    static let bookmarkSummaryLimit = 1 << 20

    /// `bookmark: /Users/me/file.txt on "Macintosh HD" (/), created …, file ID 706090` when `bytes` are
    /// bookmark data or an alias record (with the number of errors when they are damaged), else nil.
    public static func bookmarkSummary(_ bytes: [UInt8]) -> String? {
        // Asked for every data row shown: the first bytes decide before anything is copied or detected.
        let signed = bytes.starts(with: Array("book".utf8)) || bytes.starts(with: Array("alis".utf8))
        guard bytes.count <= bookmarkSummaryLimit, signed || isAliasRecord(bytes),
              case .bookmark(let alias)? = format(of: bytes) else { return nil }
        let input = InputBytes(bytes)
        let (what, summary, diagnostics) = alias
            ? ("alias record", AliasRecord(input: input).summary, AliasRecord(input: input).diagnostics)
            : ("bookmark", BookmarkData(input: input).summary, BookmarkData(input: input).diagnostics)
        let errors = diagnostics.filter { $0.severity == .error }.count
        return what + ": " + summary.line + (errors > 0 ? " (damaged: \(English.count(errors, "error")))" : "")
    }

    /// Opens `bytes` as a nested document named after where it was found (e.g. `#12.NS.data`).
    public static func open(_ bytes: [UInt8], name: String) -> ArchiveDocument {
        ArchiveDocument.open(InputBytes(bytes), name: name)
    }

    /// `open(_:name:)` with a name already made safe to show (from escaped labels), shown as it is.
    static func open(_ bytes: [UInt8], displayName: String) -> ArchiveDocument {
        ArchiveDocument.open(InputBytes(bytes), name: ArchiveDocument.Name(text: displayName, display: displayName, isExact: true))
    }

    /// How far into an unreadable input `archive(after:)` looks.
    public static let scanLimit = 1 << 20

    /// The first archive this tool decodes that starts past the beginning of `input`, within its first
    /// `scanLimit` bytes: a binary plist, typedstream or XML plist behind a header of some other format
    /// (a transport frame, a carved block). Judged from the magic bytes and what follows them.
    public static func archive(after input: InputBytes) -> (offset: Int, format: ContainerFormat)? {
        let end = Swift.min(input.count, scanLimit)
        guard end > 1 else { return nil }
        for offset in 1..<end {
            guard let first = input.byte(at: offset), first == 0x62 || first == 0x04 || first == 0x3C || first == 0x4E else { continue }
            let looksLikeStart = input.matches(Array("bplist00".utf8), at: offset)
                || input.matches([0x04, 0x0B] + Array("streamtyped".utf8), at: offset)
                || input.matches([0x04, 0x0B] + Array("typedstream".utf8), at: offset)
                || input.matches(Array("<?xml".utf8), at: offset) || input.matches(Array("<plist".utf8), at: offset)
                || input.matches(NIBArchiveLayout.signature, at: offset)
            guard looksLikeStart else { continue }
            let head = input.bytes(in: ByteRange(offset, offset.addingReportingOverflow(64).partialValue))
            if let format = format(of: head) { return (offset, format) }
        }
        return nil
    }

    /// Where `bytes` lie in `input` as they are: the offset of the last `bytes.count` bytes of the
    /// first of `candidates` (the ranges of the value and of what holds it) that ends with exactly
    /// those bytes. A binary plist's data and a typedstream's byte array end their object's range.
    /// nil when no candidate does (base64 in an XML plist), so no offset is claimed that the bytes
    /// are not at.
    public static func offset(of bytes: [UInt8], candidates: [ByteRange], in input: InputBytes) -> Int? {
        for range in candidates {
            let (start, overflow) = range.end.subtractingReportingOverflow(bytes.count)
            if !overflow, start >= range.start, input.matches(bytes, at: start) { return start }
        }
        return nil
    }
}
