import ArchiveCore
import XMLPlist

/// Recognises Interface Builder XML from the root element of a UTF-8 text: an IB3 archive
/// (`<archive type="com.apple.InterfaceBuilder3.Cocoa.XIB" …>`, also the IB 2/3 plug-in variants
/// `com.apple.InterfaceBuilder.…`) or an Xcode 5+ source document (`<document type="com.apple.InterfaceBuilder3…"`).
enum IB3XMLProbe {
    /// Bytes looked at for the root element (the XML declaration and comments come first).
    static let window = 4096

    /// What the text starting at `offset` is, if Interface Builder XML.
    static func format(_ bytes: InputBytes, from offset: Int) -> ContainerFormat? {
        guard bytes.byte(at: offset) == UInt8(ascii: "<") else { return nil }
        let head = bytes.bytes(in: ByteRange(offset, offset.addingReportingOverflow(window).partialValue))
        guard let (name, at, _) = MarkupScan.rootElement(head, from: 0), name == "archive" || name == "document" else { return nil }
        // The type attribute sits in the root's start tag, which ends at the first '>'.
        let tagEnd = head[at...].firstIndex(of: UInt8(ascii: ">")) ?? head.count
        let tag = head[at..<tagEnd]
        guard MarkupScan.find(Array("com.apple.InterfaceBuilder".utf8), in: Array(tag), from: 0) != nil else { return nil }
        return name == "archive" ? .ib3Archive : .interfaceBuilderDocument
    }

    /// The diagnostic for an Xcode 5+ document: one note naming it (never damage), at its root
    /// element; a UTF-16 or UTF-32 document's first characters are transcoded to find it (`TextEncoding/`).
    static func sourceDocumentNote(_ input: InputBytes) -> Diagnostic {
        let encoding = TextEncoding.detect(input)
        var text = InputBytes(input.bytes(in: ByteRange(0, window)))
        var map: TextOffsetMap?
        if encoding.needsTranscoding {
            let head = input.bytes(in: ByteRange(start: 0, count: encoding.byteOrderMarkLength + window * encoding.form.unitWidth))
            let transcoded = TextTranscoder.transcode(InputBytes(head), encoding)
            (text, map) = (transcoded.text, transcoded.map)
        }
        let at = MarkupScan.rootElement(text.bytes(in: ByteRange(0, window)), from: 0)?.1 ?? 0
        var lines = XMLLineIndex(text.buffer)
        let position = withExtendedLifetime(text) { lines.position(of: at) }
        let range = ByteRange(start: at, count: 9)
        return Diagnostic(IB3XMLCode.sourceDocument,
                          "this is an Interface Builder source document (<document type=\"com.apple.InterfaceBuilder3…\">, "
                          + "the .xib/.storyboard format of Xcode 5 and later), not an archive: ibtool compiles it into a nib; not decoded",
                          range: map.map { $0.fileRange(range) } ?? range, position: position)
    }
}
