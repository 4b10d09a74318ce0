/// Runs an eager text-plist decoder (OpenStep) on an input in any encoding CF reads: UTF-8 as it is
/// (no copy), UTF-16 and UTF-32 through a transcoded UTF-8 copy whose node ranges and diagnostics are
/// then mapped back to offsets into the file as it is. Line:column positions stay those of the text
/// (columns count UTF-8 bytes of the text, as for a UTF-8 file), so a file reads the same in any
/// encoding. The XML decoder does the same lazily (`XMLPlistTree` keeps the copy and maps each node
/// as it is read), with `remap` for its diagnostics.
package enum TextPlistDecoding {
    /// The tree of `input`, decoded by `parse` from UTF-8 bytes (given the file's encoding, and the
    /// map back to the file when they are a transcoded copy), with the encoding recorded on the tree.
    package static func decode(_ input: InputBytes, parse: (InputBytes, TextEncoding, TextOffsetMap?) -> EagerPlistTree) -> EagerPlistTree {
        let encoding = TextEncoding.detect(input)
        guard encoding.needsTranscoding else {
            let tree = parse(input, encoding, nil)
            return EagerPlistTree(format: tree.format, input: input, nodes: tree.nodes, rootID: tree.rootID,
                                  diagnostics: tree.openDiagnostics, textEncoding: encoding)
        }
        var nodes: [PlistNode]
        let format: ContainerFormat, rootID: Int?, diagnostics: [Diagnostic], map: TextOffsetMap
        do {
            // The transcoded copy and the parsed tree end with this scope, so the node table is then
            // changed in place rather than copied.
            let transcoded = TextTranscoder.transcode(input, encoding)
            map = transcoded.map
            let tree = parse(transcoded.text, encoding, map)
            (format, rootID, nodes) = (tree.format, tree.rootID, tree.nodes)
            diagnostics = (tree.openDiagnostics.map { remap($0, map) } + transcoded.diagnostics).sortedByOffset()
        }
        remap(&nodes, with: map)
        return EagerPlistTree(format: format, input: input, nodes: nodes, rootID: rootID, diagnostics: diagnostics, textEncoding: encoding)
    }

    /// Every node's range and diagnostics mapped to the file. Starts come in file order (nodes are in
    /// pre-order), ends nearly so, so each has a cursor.
    static func remap(_ nodes: inout [PlistNode], with map: TextOffsetMap) {
        var starts = TextOffsetCursor(map), ends = TextOffsetCursor(map)
        for i in nodes.indices {
            if let range = nodes[i].range {
                let start = starts.fileOffset(range.start)
                nodes[i].range = ByteRange(start, range.count == 0 ? start : ends.fileOffset(range.end, roundingUp: true))
            }
            if !nodes[i].diagnostics.isEmpty { nodes[i].diagnostics = nodes[i].diagnostics.map { remap($0, map) } }
        }
    }

    package static func remap(_ d: Diagnostic, _ map: TextOffsetMap) -> Diagnostic {
        let notes = d.notes.map { DiagnosticNote($0.message, range: $0.range.map(map.fileRange), position: $0.position) }
        return d.with(range: .some(d.range.map(map.fileRange)), notes: notes)
    }
}
