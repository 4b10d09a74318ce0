/// Runs a text-plist decoder (XML or OpenStep) on an input in any encoding CF reads: UTF-8 as it is
/// (no copy), UTF-16 and UTF-32 through a transcoded UTF-8 copy whose node ranges and diagnostics are
/// then mapped back to offsets into the file as it is. Line:column positions stay those of the text
/// (columns count UTF-8 bytes of the text, as for a UTF-8 file), so a file reads the same in any
/// encoding.
enum TextPlistDecoding {
    /// The tree of `input`, decoded by `parse` from UTF-8 bytes (given the file's encoding, and the
    /// map back to the file when they are a transcoded copy), with the encoding recorded on the tree.
    static func decode(_ input: InputBytes, parse: (InputBytes, TextEncoding, TextOffsetMap?) -> EagerPlistTree) -> EagerPlistTree {
        let encoding = TextEncoding.detect(input)
        guard encoding.needsTranscoding else {
            let tree = parse(input, encoding, nil)
            return EagerPlistTree(format: tree.format, input: input, nodes: tree.nodes, rootID: tree.rootID,
                                  diagnostics: tree.openDiagnostics, textEncoding: encoding)
        }
        let transcoded = TextTranscoder.transcode(input, encoding)
        let tree = parse(transcoded.text, encoding, transcoded.map)
        return remap(tree, with: transcoded.map, onto: input, adding: transcoded.diagnostics, encoding: encoding)
    }

    /// `tree` with every range (nodes, diagnostics, notes) mapped to the file, and `input` as its input.
    static func remap(_ tree: EagerPlistTree, with map: TextOffsetMap, onto input: InputBytes, adding extra: [Diagnostic],
                      encoding: TextEncoding) -> EagerPlistTree {
        let nodes = tree.nodes.map { node -> PlistNode in
            var copy = node
            copy.range = node.range.map(map.fileRange)
            if !node.diagnostics.isEmpty { copy.diagnostics = node.diagnostics.map { remap($0, map) } }
            return copy
        }
        let diagnostics = (tree.openDiagnostics.map { remap($0, map) } + extra).sortedByOffset()
        return EagerPlistTree(format: tree.format, input: input, nodes: nodes, rootID: tree.rootID, diagnostics: diagnostics, textEncoding: encoding)
    }

    static func remap(_ d: Diagnostic, _ map: TextOffsetMap) -> Diagnostic {
        let notes = d.notes.map { DiagnosticNote($0.message, range: $0.range.map(map.fileRange), position: $0.position) }
        return d.with(range: .some(d.range.map(map.fileRange)), notes: notes)
    }
}
