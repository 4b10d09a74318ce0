import ArchiveCore
import ArchiveDocuments

/// `damage.truncated`: the file ends before its format says it should. Each binary format's own
/// numbers tell where the cut fell and how many bytes are missing, and its descriptor says so
/// (`FormatDescriptor.truncation(of:errors:graph:)`: a binary plist's trailer and offset table in
/// `BinaryPlistCut`, a typedstream's declared lengths and open objects in `TypedstreamCut`, a
/// NIBArchive's table extents in `NIBArchiveCut`); for text formats the decoder's "ends inside"
/// diagnostic is the evidence.
enum TruncationEvidence {
    static func find(_ context: DamageContext) -> Diagnostic? {
        if let descriptor = FormatRegistry.descriptor(for: context.format), descriptor.isBinaryArchive(context.format) {
            return descriptor.truncation(of: context.input, errors: context.errors, graph: context.graph)
        }
        return endsInside(context)
    }

    /// Decoder diagnostics that mean "the input ends inside something".
    static let endsInsideIDs: Set<String> = [
        "xml.eof.unclosed", "openstep.dict.unterminated", "openstep.array.unterminated", "openstep.string.unterminated",
        "openstep.data.unterminated", "openstep.comment.unterminated", "text.encoding.partial-unit",
    ]

    private static func endsInside(_ context: DamageContext) -> Diagnostic? {
        let n = context.input.count
        guard let symptom = context.errors.first(where: { endsInsideIDs.contains($0.id) }) else { return nil }
        // A text file that still ends with its closing tag was not cut: the symptom is something else.
        if case .xmlPlist = context.format, endsWithPlistClose(context.input) { return nil }
        let what = "a text property list has no length field, so how much is missing is not known"
        return Diagnostic(DamageCode.truncated,
                          "the file is cut short: it ends at offset \(n) inside a value that is still open; \(what)",
                          range: ByteRange(n, n),
                          notes: [DiagnosticNote("\(symptom.id): \(symptom.message)", range: symptom.range, position: symptom.position)])
    }

    /// Whether the last characters (blanks aside) are `</plist>`, in UTF-8, UTF-16 or UTF-32: the zero
    /// bytes of the wider encodings are passed over.
    private static func endsWithPlistClose(_ input: InputBytes) -> Bool {
        let tail = input.bytes(in: ByteRange(Swift.max(0, input.count - 256), input.count)).filter { $0 != 0 }
        var end = tail.count
        while end > 0, MarkupScan.isBlank(tail[end - 1]) { end -= 1 }
        return end >= 8 && tail[(end - 8)..<end].elementsEqual("</plist>".utf8)
    }
}
