import ArchiveCore

/// Decodes XML property lists (FORMATS.md §B), above all damaged ones.
///
/// The decoder reads bytes, not a DOM: one structural pass over the input with an explicit element
/// stack (no recursion, so nesting depth costs no call stack), building a flat node table where
/// containers refer to children by index and text elements keep only where their content is (decoded
/// when the node is read). It accepts what CF accepts, including raw control characters inside
/// strings (Xcode writes them), and reports everything else as located diagnostics instead of
/// failing: a truncated file gives the dicts and arrays read so far, a dict with a dangling key keeps
/// its other entries, a cut-off head is read as a dict. Each node's `range` runs from the `<` of its
/// opening tag to after its closing tag, and `position` is the line:column of that `<`.
///
/// Where problems go: structural ones (tags, text between elements, the root) are tree diagnostics;
/// problems in a value (bad integer, invalid base64, control characters, dangling dict keys) sit on
/// that value's node. At most 1000 diagnostics of one id are kept; a note counts the rest.
///
/// Nodes that are not part of the tree (a value without a key, a second root object, the children of
/// an unknown element) stay in the node table, unreferenced, so their diagnostics and bytes can still
/// be shown.
package enum XMLPlistDecoder {
    /// The longest UTF-8 text the node table can address (its offsets are 32-bit).
    static let maxTextLength = Int(UInt32.max) - 1

    /// Scans an XML plist in UTF-8 (with or without a byte-order mark), UTF-16 or UTF-32 (transcoded
    /// to UTF-8 first, offsets mapped back to the file; see `TextPlistDecoding`); never throws for bad
    /// input. Values are decoded when their nodes are read.
    package static func decode(_ input: InputBytes) -> XMLPlistTree {
        let encoding = TextEncoding.detect(input)
        guard encoding.needsTranscoding else {
            return XMLPlistTree(input: input, text: input, offsetMap: nil, encoding: encoding, scan: scan(input),
                                transcodeDiagnostics: [])
        }
        let transcoded = TextTranscoder.transcode(input, encoding)
        let scanned = scan(transcoded.text, transcodedFrom: encoding, offsetMap: transcoded.map)
        return XMLPlistTree(input: input, text: transcoded.text, offsetMap: transcoded.map, encoding: encoding, scan: scanned,
                            transcodeDiagnostics: transcoded.diagnostics)
    }

    private static func scan(_ text: InputBytes, transcodedFrom: TextEncoding? = nil, offsetMap: TextOffsetMap? = nil) -> XMLScan {
        guard text.count <= maxTextLength else {
            // Beyond what 32-bit offsets address (CF reads no such plist either): nothing is decoded.
            let issue = XMLPlistIssue.rootMissing(reason: "the text is \(text.count) bytes; at most \(maxTextLength) can be read")
            let d = Diagnostic(issue.code, issue.message, severity: issue.severity, range: ByteRange(0, text.count),
                               position: TextPosition(line: 1, column: 1))
            return XMLScan(table: XMLNodeTable(expected: 0), rootID: nil, diagnostics: [d], counts: [issue.code: 1])
        }
        var parser = XMLPlistParser(input: text, transcodedFrom: transcodedFrom, offsetMap: offsetMap)
        return parser.run()
    }
}
