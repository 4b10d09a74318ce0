import ArchiveCore

/// XML property lists: text that opens with an XML declaration, a DOCTYPE, `<plist` or a comment, or
/// whose first bytes are lost (`<plist`, `<dict>` or `<array>` within its first 1024 bytes).
package struct XMLPlistFormat: FormatDescriptor {
    package init() {}

    package func owns(_ format: ContainerFormat) -> Bool { format == .xmlPlist }
    package func displayName(of format: ContainerFormat) -> String { "XML plist" }
    package func jsonName(of format: ContainerFormat) -> String { "xml" }

    package func probeText(_ text: InputBytes, from offset: Int) -> ContainerFormat? {
        if Self.looksLikeHeadlessXML(text, from: offset) { return .xmlPlist }
        guard text.byte(at: offset) == UInt8(ascii: "<") else { return nil }
        let opens = ["<?xml", "<!DOCTYPE", "<plist", "<!--"].contains { text.matches(Array($0.utf8), at: offset) }
        return opens ? .xmlPlist : nil
    }

    /// XML whose first bytes are lost (a cut-off declaration or a fragment): text that opens a
    /// `<plist`, `<dict>` or `<array>` element within its first 1024 bytes, before any `{` or `(`.
    private static func looksLikeHeadlessXML(_ bytes: InputBytes, from offset: Int) -> Bool {
        guard bytes.byte(at: offset) != UInt8(ascii: "{"), bytes.byte(at: offset) != UInt8(ascii: "("),
              TextShape.looksLikeText(bytes, from: offset) else { return false }
        let head = bytes.bytes(in: ByteRange(offset, offset + 1024))
        for marker in ["<plist", "<dict>", "<array>", "<?xml"] {
            let m = Array(marker.utf8)
            if head.count >= m.count, (0...(head.count - m.count)).contains(where: { head[$0..<($0 + m.count)].elementsEqual(m) }) { return true }
        }
        return false
    }

    package func open(_ input: InputBytes, as format: ContainerFormat) -> FormatReading? { .tree(XMLPlistDecoder.decode(input)) }
    package func graphKind(of format: ContainerFormat) -> GraphKind { .keyedArchive }
    /// An HTML page or JSON passes the probe too: `ForeignContent` looks.
    package func admitsForeignText(_ format: ContainerFormat) -> Bool { true }
    package var signatures: [FormatSignature] { [FormatSignature(Array("<?xml".utf8)), FormatSignature(Array("<plist".utf8))] }
    package func embeddedMinimumCount(of format: ContainerFormat) -> Int? { 20 }
    /// Every text `probeText` accepts has a `<` in its first characters, and so a 0x3C byte in UTF-8,
    /// UTF-16 and UTF-32 alike.
    package var embeddedClues: EmbeddedClues { EmbeddedClues(firstBytes: [UInt8(ascii: "<")], markBytes: [UInt8(ascii: "<")]) }

    /// Plist markup (`<plist`, `<dict>`) in the first bytes, zero bytes passed over so the markup of a
    /// UTF-16 or UTF-32 plist is found too; XML without it (an SVG, any other XML) shows nothing.
    package func evidence(of format: ContainerFormat, in head: [UInt8]) -> ContentEvidence? {
        let text = Array(head.prefix(4096).filter { $0 != 0 })
        return TextShape.contains("<plist", in: text) || TextShape.contains("<dict>", in: text) ? .markup : nil
    }

    package var catalog: [DiagnosticKind] { XMLPlistCode.kinds }

    /// Text kept in version control: its merge conflicts are looked for.
    package func damageTraits(of format: ContainerFormat) -> DamageTraits { DamageTraits(mayHoldMergeConflicts: true) }
}
