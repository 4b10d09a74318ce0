import ArchiveCore

/// Decodes OpenStep ("old-style" ASCII) property lists and `.strings` files, following CF's
/// `CFOldStylePList.c` (FORMATS.md §B.4), into an `EagerPlistTree`.
///
/// Every scalar is a string (OpenStep has no numbers, booleans or dates), except GNUstep's
/// `<*I…>`, `<*R…>`, `<*B…>` and `<*D…>` typed values, which are decoded with a warning. All
/// diagnostics are tree-level (`openDiagnostics`); node diagnostics stay empty.
package enum OpenStepPlistDecoder {
    /// Most invalid UTF-8 sequences listed one by one; the rest are counted in one more diagnostic.
    static let utf8ReportLimit = 20

    /// Parses an OpenStep/ASCII plist (or a .strings file) in UTF-8 (with or without a byte-order
    /// mark), UTF-16 or UTF-32 (see `TextPlistDecoding`); never throws for bad input.
    package static func decode(_ input: InputBytes) -> EagerPlistTree {
        TextPlistDecoding.decode(input) { text, _, _ in decodeUTF8(text) }
    }

    /// Parses UTF-8 bytes (a byte-order mark is skipped).
    static func decodeUTF8(_ input: InputBytes) -> EagerPlistTree {
        var diagnostics: [Diagnostic] = []
        var nodes: [PlistNode] = []
        var root: Int?
        withExtendedLifetime(input) {
            let bytes = input.buffer
            let start = input.matches([0xEF, 0xBB, 0xBF]) ? 3 : 0
            var parser = OpenStepParser(bytes, start: start)
            if bytes.count == start {
                parser.report(.emptyInput, ByteRange(0, bytes.count))
            } else {
                reportInvalidUTF8(bytes, into: &parser)
                root = parser.parse()
            }
            diagnostics = parser.diagnostics + parser.budget.suppressionNotes()
            nodes = parser.nodes
        }
        return EagerPlistTree(
            format: .openStepPlist, input: input, nodes: nodes, rootID: root, diagnostics: diagnostics.sortedByOffset()
        )
    }

    private static func reportInvalidUTF8(_ bytes: UnsafeRawBufferPointer, into parser: inout OpenStepParser) {
        let (ranges, total) = OpenStepUTF8Check.invalidRanges(in: bytes, limit: utf8ReportLimit)
        for range in ranges {
            let shown = (range.start..<range.end).map { "0x" + byteHex(bytes[$0]) }.joined(separator: " ")
            parser.report(.invalidUTF8(offset: range.start, bytes: shown), range)
        }
        if total > ranges.count, let last = ranges.last {
            parser.report(.moreInvalidUTF8(count: total - ranges.count), ByteRange(last.end, bytes.count))
        }
    }
}
