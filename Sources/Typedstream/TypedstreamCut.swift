import ArchiveCore

/// `damage.truncated` for a typedstream, from where its decoder met the end of the input
/// (`TypedstreamEnding`): inside a value whose declared length runs past the end, inside a read the
/// end cut, or between the groups of objects whose end-of-object markers `86` never came. The stream
/// has no length field of its own, so the bytes missing are a lower bound: what the cut value still
/// needed plus one `86` per open object.
///
/// Asserted only when the end is the first problem in the stream: an error before it (a zeroed block,
/// a converted byte) means the decoder was already lost, and the end it met is a consequence.
package enum TypedstreamCut {
    /// The diagnostic when `input`'s own numbers show it was cut; `errors` are its reading's errors,
    /// `graph` its graph when the caller has it.
    package static func find(input: InputBytes, errors: [Diagnostic], graph: (any ObjectGraph)?) -> Diagnostic? {
        let n = input.count
        if let header = errors.first(where: { $0.id == TypedstreamCode.headerTruncated.rawValue }) {
            return Diagnostic(DamageCode.truncated,
                              "the file is cut short: it ends at offset \(n) inside the typedstream header, before any value",
                              range: ByteRange(n, n), notes: [DiagnosticNote("\(header.id): \(header.message)", range: header.range)])
        }
        let graph = graph as? TypedstreamGraph ?? TypedstreamDecoder.decode(input)
        guard let ending = graph.index.ending, ending.missingAtLeast > 0 else { return nil }
        let site = ending.cut?.start ?? n
        guard !errors.contains(where: { Self.site(of: $0, inputSize: n) < site }) else { return nil }
        return diagnostic(ending, graph: graph, inputSize: n)
    }

    /// Where an error shows in the stream: an object left open by the end shows at the end, anything
    /// else where its bytes start.
    static func site(of diagnostic: Diagnostic, inputSize n: Int) -> Int {
        guard let range = diagnostic.range else { return n }
        if diagnostic.id == TypedstreamCode.objectUnterminated.rawValue, range.end == n { return n }
        return range.start
    }

    private static func diagnostic(_ ending: TypedstreamEnding, graph: TypedstreamGraph, inputSize n: Int) -> Diagnostic {
        let open = ending.innermostOpen, openCount = ending.openCount
        var parts: [String] = []
        var notes: [DiagnosticNote] = []
        if let cut = ending.cut {
            let needs = cut.declared
                ? "whose declared length runs \(ValueFormatter.byteCount(cut.missing)) past the end"
                : "which needs at least \(ValueFormatter.byteCount(cut.missing)) more"
            parts.append("it ends at offset \(n) inside \(cut.what) that starts at offset \(cut.start), \(needs)")
            notes.append(DiagnosticNote("the value the end of the file cut: \(cut.what)", range: ByteRange(cut.start, n)))
        } else {
            parts.append("it ends at offset \(n) between the values of an object, after a whole group")
        }
        if let innermost = open.last {
            parts.append("\(English.count(openCount, "object")) \(openCount == 1 ? "is" : "are") still open and "
                         + "\(openCount == 1 ? "lacks its" : "lack their") end-of-object marker 86 (the innermost, "
                         + "\(describe(innermost, graph)), starts at offset \(innermost.start))")
        }
        for object in open.reversed() {
            notes.append(DiagnosticNote("\(describe(object, graph)), still open at the end: no 86 ends it", range: ByteRange(object.start, n)))
        }
        if openCount > open.count { notes.append(DiagnosticNote("\(openCount - open.count) more open objects around these")) }
        let missing = ending.missingAtLeast
        return Diagnostic(DamageCode.truncated,
                          "the file is cut short: " + parts.joined(separator: "; ")
                          + "; at least \(ValueFormatter.byteCount(missing)) \(missing == 1 ? "is" : "are") missing "
                          + "(a typedstream has no length field for the whole stream, so the exact number is not known)",
                          range: ByteRange(n, n), notes: notes)
    }

    /// "object #3 (NSView)".
    private static func describe(_ object: TypedstreamEnding.OpenObject, _ graph: TypedstreamGraph) -> String {
        let name = graph.index.classID(ofObject: object.id).flatMap { graph.index.table.classRecord($0).name }
        return "object #\(object.id)" + (name.map { " (\(ValueFormatter.excerpt($0)))" } ?? "")
    }
}
