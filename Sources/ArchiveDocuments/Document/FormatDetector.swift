import ArchiveCore

/// Decides the container format from the first bytes of an input, by asking each format of the
/// registry (`FormatRegistry`) in three stages, surest first: a signature at the start, then the shape
/// of text (UTF-16/32 transcoded first), then a structure that fits without either.
public enum FormatDetector {
    /// The format of `bytes`.
    public static func detect(_ bytes: InputBytes) -> ContainerFormat {
        if bytes.count == 0 { return .empty }
        let formats = FormatRegistry.descriptors
        for descriptor in formats { if let format = descriptor.probeSignature(bytes) { return format } }
        if let format = detectText(bytes, formats) { return format }
        for descriptor in formats { if let format = descriptor.probeStructure(bytes) { return format } }
        return .unknown
    }

    /// Most characters of a UTF-16 or UTF-32 input transcoded to judge its format.
    static let transcodedHeadLimit = 1024

    /// The text format of `bytes`, judged from the first non-blank, non-BOM characters. A UTF-16 or
    /// UTF-32 input (by its byte-order mark or the zero bytes of its first characters, as CF detects
    /// it) is judged by its first characters transcoded.
    static func detectText(_ bytes: InputBytes, _ formats: [any FormatDescriptor]) -> ContainerFormat? {
        guard let (text, offset) = textStart(bytes) else { return nil }
        for descriptor in formats { if let format = descriptor.probeText(text, from: offset) { return format } }
        return nil
    }

    /// The text the text probes read (`bytes`, or their first characters transcoded to UTF-8) and the
    /// offset of its first character that is not blank or a UTF-8 byte-order mark (the end of the text
    /// when it is all blank: CF reads whitespace alone as an empty dictionary); nil when there is none.
    static func textStart(_ bytes: InputBytes) -> (text: InputBytes, offset: Int)? {
        var text = bytes
        let encoding = TextEncoding.detect(bytes)
        if encoding.needsTranscoding {
            let width = encoding.form.unitWidth
            let head = bytes.bytes(in: ByteRange(start: 0, count: encoding.byteOrderMarkLength + transcodedHeadLimit * width))
            text = TextTranscoder.transcode(InputBytes(head), encoding).text
        }
        var offset = text.matches([0xEF, 0xBB, 0xBF]) ? 3 : 0
        while let b = text.byte(at: offset), b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D { offset += 1 }
        return text.byte(at: offset) == nil && offset == 0 ? nil : (text, offset)
    }
}
