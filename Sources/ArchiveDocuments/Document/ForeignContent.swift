import ArchiveCore

/// What a file holds when it is not an archive: identified from its content with evidence (magic
/// bytes, a document's root element), so that a web page saved under a plist's name gets one
/// diagnostic saying so instead of an error per HTML element.
package struct ForeignContent: Sendable, Equatable {
    /// What it is, with an article: "an HTML page", "a PNG image".
    package let description: String
    /// The bytes that identify it.
    package let evidence: ByteRange
    /// What the identifying bytes are: "the magic bytes 89 50 4E 47", "the root element <html>".
    let evidenceText: String

    /// The foreign content `input` holds, or nil when it may be an archive (or is not recognised).
    /// `format` is what `FormatDetector` decided: only an unknown input, or one whose format's probe
    /// other text may pass (`FormatDescriptor.admitsForeignText`: XML's starts, OpenStep's shape), is
    /// looked at. A format known by its signature or markup is never foreign, nor is a format Apple
    /// writes beside archives that the tool recognises (`ContainerFormat.isRecognised`, the table in
    /// `AppleFormat`): those are named in a note of their own.
    package static func identify(_ input: InputBytes, format: ContainerFormat) -> ForeignContent? {
        guard format == .unknown || FormatRegistry.descriptor(for: format)?.admitsForeignText(format) == true else { return nil }
        if let found = magic(input) { return found }
        // Foreign text is recognised in UTF-8 only: read byte by byte, UTF-16 markup is no element at all.
        if TextEncoding.detect(input).needsTranscoding { return nil }
        return ForeignText.identify(input)
    }

    /// File signatures of formats people find under an archive's name. Apple's formats that sit beside
    /// archives are not here: they are recognised, not foreign (`AppleFormat`).
    static let signatures: [(bytes: [UInt8], at: Int, description: String)] = [
        ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], 0, "a PNG image"),
        ([0xFF, 0xD8, 0xFF], 0, "a JPEG image"),
        (Array("GIF87a".utf8), 0, "a GIF image"), (Array("GIF89a".utf8), 0, "a GIF image"),
        ([0x49, 0x49, 0x2A, 0x00], 0, "a TIFF image (little-endian)"), ([0x4D, 0x4D, 0x00, 0x2A], 0, "a TIFF image (big-endian)"),
        (Array("ftypheic".utf8), 4, "a HEIC image"), (Array("ftypmif1".utf8), 4, "a HEIF image"),
        (Array("ftypqt".utf8), 4, "a QuickTime movie"), (Array("ftyp".utf8), 4, "an MP4/ISO media file"),
        (Array("%PDF-".utf8), 0, "a PDF document"),
        ([0x50, 0x4B, 0x03, 0x04], 0, "a ZIP archive (or an .ipa, .docx, .xlsx…)"), ([0x50, 0x4B, 0x05, 0x06], 0, "an empty ZIP archive"),
        (Array("SQLite format 3".utf8) + [0], 0, "an SQLite database"),
        (Array("BZh".utf8), 0, "a bzip2 stream"), ([0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00], 0, "an xz stream"),
        ([0x37, 0x7A, 0xBC, 0xAF, 0x27, 0x1C], 0, "a 7-Zip archive"), (Array("Rar!".utf8), 0, "a RAR archive"),
        ([0xCF, 0xFA, 0xED, 0xFE], 0, "a 64-bit Mach-O executable"), ([0xCE, 0xFA, 0xED, 0xFE], 0, "a 32-bit Mach-O executable"),
        ([0xCA, 0xFE, 0xBA, 0xBE], 0, "a universal (fat) Mach-O binary or a Java class file"),
        ([0x7F, 0x45, 0x4C, 0x46], 0, "an ELF executable"),
        (Array("!<arch>".utf8), 0, "a Unix ar archive (a static library or .deb)"),
        (Array("ID3".utf8), 0, "an MP3 audio file"), (Array("OggS".utf8), 0, "an Ogg media file"),
        (Array("wOFF".utf8), 0, "a WOFF font"), (Array("wOF2".utf8), 0, "a WOFF2 font"),
        ([0x00, 0x01, 0x00, 0x00, 0x00], 0, "a TrueType font"), (Array("OTTO".utf8), 0, "an OpenType font"),
    ]

    private static func magic(_ input: InputBytes) -> ForeignContent? {
        for (bytes, at, description) in signatures where input.matches(bytes, at: at) {
            let range = ByteRange(start: at, count: bytes.count)
            return ForeignContent(description: description, evidence: range,
                                  evidenceText: "the signature " + bytes.map { byteHex($0) }.joined(separator: " ") + " at offset \(at)")
        }
        if input.matches(Array("RIFF".utf8)), input.matches(Array("WEBP".utf8), at: 8) {
            return ForeignContent(description: "a WebP image", evidence: ByteRange(0, 12), evidenceText: "the signature RIFF…WEBP")
        }
        return nil
    }
}
