import ArchiveCore

/// The structural scan of an XML plist: a token loop over `XMLMarkupReader` with an explicit element
/// stack, building a flat node table (`XMLNodeTable`). It never stops at a problem; each one becomes a
/// diagnostic and the parse goes on with the most plausible reading (see the `+Open`, `+Close` and
/// `+Content` extensions). Text elements are not decoded here: their content's range is recorded, and
/// `XMLLeafDecoder` decodes it when the node is read.
struct XMLPlistParser {
    /// Deeper elements are skipped (with one diagnostic), which bounds the stack.
    static let maxDepth = 10_000
    /// At most this many diagnostics of one id are recorded; the rest are counted.
    static let maxDiagnosticsPerID = DiagnosticBudget.defaultPerID

    let input: InputBytes
    let buffer: UnsafeRawBufferPointer
    var reader: XMLMarkupReader
    var lines: XMLLineIndex
    /// Where the document starts (after a UTF-8 byte-order mark).
    let bodyStart: Int
    /// The file's encoding, when `input` is a UTF-8 copy of a UTF-16 or UTF-32 file.
    let transcodedFrom: TextEncoding?
    /// Maps offsets into a transcoded `input` back to the file (for offsets quoted in messages).
    let offsetMap: TextOffsetMap?

    var table: XMLNodeTable
    var stack: [XMLFrame] = []
    /// Children of the open dicts and arrays, innermost last (see `XMLFrame.childStart`).
    var children: [Int32] = []
    /// Open frames per element kind, so closing-tag matching never searches in vain.
    var openCounts = [Int](repeating: 0, count: XMLElementKind.allCases.count)

    var rootID: Int?
    var sawPlist = false
    /// The top-level element has closed; what follows is trailing content.
    var topLevelClosed = false
    var topLevelEnd: Int?
    var rootMissingReported = false
    /// Nesting depth of elements being skipped past `maxDepth`.
    var skipDepth = 0
    var depthReported = false
    /// Set when the rest of the input is not read (trailing content).
    var stopped = false

    var diagnostics: [Diagnostic] = []
    var diagnosticCounts: [XMLPlistCode: Int] = [:]

    /// A parser of `input`, which is UTF-8: the file itself, or a transcoded copy of a file in
    /// `transcodedFrom`, whose offsets `offsetMap` maps back to the file.
    init(input: InputBytes, transcodedFrom: TextEncoding? = nil, offsetMap: TextOffsetMap? = nil) {
        self.transcodedFrom = transcodedFrom
        self.offsetMap = offsetMap
        self.input = input
        self.buffer = input.buffer
        let bom = input.matches([0xEF, 0xBB, 0xBF]) ? 3 : 0
        self.bodyStart = bom
        self.reader = XMLMarkupReader(input.buffer, start: bom)
        self.lines = XMLLineIndex(input.buffer)
        // Every node takes at least 7 bytes (`<true/>`); capacity never written costs no memory.
        let expected = Swift.min(input.count / 8, 1 << 24)
        self.table = XMLNodeTable(expected: expected)
        children.reserveCapacity(expected)
    }

    /// Scans the whole input.
    mutating func run() -> XMLScan {
        if buffer.count == 0 {
            report(.emptyInput, ByteRange(0, 0))
            return makeTree()
        }
        while !stopped {
            if skipDepth == 0, fastStep() { continue }
            let token = reader.next()
            if case .end = token { break }
            if skipDepth > 0 {
                skip(token)
                continue
            }
            switch token {
            case .tag(let tag): tag.isClose ? handleClose(tag) : handleOpen(tag)
            case .text(let range): handleText(range)
            case .markup(let markup): handleMarkup(markup)
            case .invalid(let range): handleInvalid(range)
            case .end: break
            }
        }
        finish()
        return makeTree()
    }

    /// Closes what is still open at the end of the input.
    private mutating func finish() {
        let end = buffer.count
        if !stopped, !stack.isEmpty {
            let top = stack[stack.count - 1]
            report(.eofUnclosed(open: frameName(top), openedAt: position(top), depth: stack.count), ByteRange(end, end))
        }
        while !stack.isEmpty { closeTop(end: end) }
        if rootID == nil && !rootMissingReported {
            report(.rootMissing(reason: "no property-list object found in \(buffer.count - bodyStart) bytes"), ByteRange(bodyStart, end))
        }
    }

    private mutating func makeTree() -> XMLScan {
        XMLScan(table: table, rootID: rootID, diagnostics: diagnostics, counts: diagnosticCounts)
    }

    /// The file offset of `offset` in `input`, for offsets quoted in messages (ranges are mapped
    /// back to the file after the parse).
    func fileOffset(_ offset: Int) -> Int { offsetMap?.fileOffset(offset) ?? offset }

    /// Past `maxDepth`: tracks nesting only, until the skipped element closes.
    private mutating func skip(_ token: XMLToken) {
        guard case .tag(let tag) = token, tag.terminated else { return }
        if tag.isClose {
            skipDepth -= 1
        } else if !tag.isEmpty {
            skipDepth += 1
        }
    }

    // MARK: - Diagnostics

    /// A located diagnostic, or nil once `maxDiagnosticsPerID` of its id have been recorded.
    mutating func diagnostic(_ issue: XMLPlistIssue, _ range: ByteRange) -> Diagnostic? {
        let code = issue.code
        let count = (diagnosticCounts[code] ?? 0) + 1
        diagnosticCounts[code] = count
        guard count <= Self.maxDiagnosticsPerID else { return nil }
        return Diagnostic(code, issue.message, severity: issue.severity, range: range, position: lines.position(of: range.start))
    }

    /// Records a tree-level diagnostic.
    mutating func report(_ issue: XMLPlistIssue, _ range: ByteRange) {
        if let d = diagnostic(issue, range) { diagnostics.append(d) }
    }

    /// Records a diagnostic on node `id`.
    mutating func report(_ issue: XMLPlistIssue, _ range: ByteRange, onNode id: Int) {
        guard id >= 0, id < table.count else { return report(issue, range) }
        if let d = diagnostic(issue, range) { table.add(d, to: id) }
    }

    // MARK: - Names and places

    /// The bytes of `range` as a string (for names in messages).
    func text(_ range: ByteRange) -> String {
        let r = input.clamp(range)
        return String(decoding: UnsafeRawBufferPointer(rebasing: buffer[r.start..<r.end]), as: UTF8.self)
    }

    func frameName(_ frame: XMLFrame) -> String { frame.kind?.name ?? text(frame.name) }

    /// The role of the innermost open element, or nil at the top level.
    var topRole: XMLFrame.Role? { stack.isEmpty ? nil : stack[stack.count - 1].role }

    /// Whether the innermost open element is a text element.
    var topIsLeaf: Bool { !stack.isEmpty && stack[stack.count - 1].isLeaf }

    /// "at the top level", "inside <dict> opened at 3:1", for messages about element `index`'s content.
    mutating func placeDescription(_ index: Int) -> String {
        guard index >= 0, index < stack.count else { return "at the top level" }
        return "inside <\(frameName(stack[index]))> opened at \(position(stack[index]))"
    }

    /// Line:column of the opening tag of `frame` (found when a message needs it: the scan counts no
    /// lines where nothing is wrong).
    mutating func position(_ frame: XMLFrame) -> TextPosition { lines.position(of: frame.start) }

    /// Line:column of the start of node `id`.
    mutating func position(ofNode id: Int) -> TextPosition { lines.position(of: table.start(id)) }

    /// The decoded text of `<key>` (or other text) node `id`, "" when it is not text.
    func keyText(_ id: Int) -> String {
        guard id >= 0, id < table.count else { return "" }
        switch table.kind(id) {
        case .string, .key:
            let content = table.content(id)
            if let raw = XMLPlistTree.plainText(content, in: buffer) {
                return String(decoding: UnsafeRawBufferPointer(rebasing: buffer[raw.start..<raw.end]), as: UTF8.self)
            }
            if case .string(let s) = XMLLeafDecoder.decode(.string, content: content, buffer: buffer, offsetMap: offsetMap).value { return s }
            return ""
        default:
            return ""
        }
    }
}

/// What the structural scan leaves: the node table, the root, and the tree-level diagnostics with
/// the number reported of each id (for the notes on those past the limit).
struct XMLScan {
    var table: XMLNodeTable
    var rootID: Int?
    var diagnostics: [Diagnostic]
    var counts: [XMLPlistCode: Int]
}
