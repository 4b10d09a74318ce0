import ArchiveCore

/// What makes bytes an archive: the format tests by content, the search for an archive behind a
/// foreign header, and where embedded bytes lie in their input. `EmbeddedArchives` uses these to find
/// and open archives inside documents; which formats count, and by which signatures, is each format
/// descriptor's (`FormatRegistry`).
package enum EmbeddedArchive {
    /// The format of `bytes` when they hold an archive this tool decodes (binary plist, typedstream,
    /// NIBArchive, or an XML plist) or a record it decodes (bookmark data, an alias record), else nil:
    /// the detected format when its descriptor opens a data value of that size
    /// (`FormatDescriptor.embeddedMinimumCount`), else a format with no signature that its descriptor
    /// knows by its fields (`embeddedProbe`: an alias record). Text that merely looks like OpenStep is
    /// not treated as an archive. Asked for every data value exported or shown: a value that shows
    /// no format's clue (`pretest`) is answered without the probes.
    package static func format(of bytes: [UInt8]) -> ContainerFormat? {
        guard bytes.count >= 8, pretest.mayHold(bytes) else { return nil }
        return probedFormat(of: bytes)
    }

    /// How many first bytes of a data value the format detector is given.
    static let probedHead = 64

    /// The registry's clues joined (`EmbeddedPretest`).
    static let pretest = EmbeddedPretest(FormatRegistry.descriptors, head: probedHead)

    /// `format(of:)` without the pretest: every probe asked.
    static func probedFormat(of bytes: [UInt8]) -> ContainerFormat? {
        guard bytes.count >= 8 else { return nil }
        let format = FormatDetector.detect(InputBytes(bytes.prefix(probedHead)))
        if let minimum = FormatRegistry.descriptor(for: format)?.embeddedMinimumCount(of: format), bytes.count >= minimum { return format }
        for descriptor in FormatRegistry.descriptors { if let format = descriptor.embeddedProbe(bytes) { return format } }
        return nil
    }

    /// Opens `bytes` as a nested document named after where it was found (e.g. `#12.NS.data`).
    package static func open(_ bytes: [UInt8], name: String) -> ArchiveDocument {
        ArchiveDocument.open(InputBytes(bytes), name: name)
    }

    /// `open(_:name:)` with a name already made safe to show (from escaped labels), shown as it is.
    static func open(_ bytes: [UInt8], displayName: String) -> ArchiveDocument {
        ArchiveDocument.open(InputBytes(bytes), name: ArchiveDocument.Name(text: displayName, display: displayName, isExact: true))
    }

    /// How far into an unreadable input `archive(after:)` looks.
    package static let scanLimit = 1 << 20

    /// The raw signatures an archive behind a foreign header is looked for by: those that start an
    /// archive (not a record) of the registry's formats.
    static let headerStarts: [[UInt8]] = FormatRegistry.signatures.filter { $0.signature.startsData && !$0.descriptor.isRecord }.map(\.signature.bytes)

    /// The first archive this tool decodes that starts past the beginning of `input`, within its first
    /// `scanLimit` bytes: a binary plist, typedstream or XML plist behind a header of some other format
    /// (a transport frame, a carved block). Judged from the magic bytes and what follows them.
    package static func archive(after input: InputBytes) -> (offset: Int, format: ContainerFormat)? {
        let end = Swift.min(input.count, scanLimit)
        guard end > 1 else { return nil }
        var isFirst = [Bool](repeating: false, count: 256)
        for start in headerStarts { if let b = start.first { isFirst[Int(b)] = true } }
        for offset in 1..<end {
            guard let first = input.byte(at: offset), isFirst[Int(first)],
                  headerStarts.contains(where: { input.matches($0, at: offset) }) else { continue }
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
    package static func offset(of bytes: [UInt8], candidates: [ByteRange], in input: InputBytes) -> Int? {
        for range in candidates {
            let (start, overflow) = range.end.subtractingReportingOverflow(bytes.count)
            if !overflow, start >= range.start, input.matches(bytes, at: start) { return start }
        }
        return nil
    }
}
