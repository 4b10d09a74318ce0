import ArchiveCore

/// Parses OpenStep plist bytes into a flat node table, with an explicit stack of open containers
/// instead of recursion, so nesting depth is bounded by memory, not by the call stack.
///
/// The parser never stops at a problem: each becomes a diagnostic and parsing resumes at the next
/// token that makes sense. Nodes are appended in pre-order (a container's id is reserved when it
/// opens and filled in when it closes). The steps for each container state are in
/// `OpenStepParser+Steps.swift`.
struct OpenStepParser {
    var reader: OpenStepReader
    let lines: OpenStepLineTable
    private(set) var nodes: [PlistNode] = []
    private(set) var diagnostics: [Diagnostic] = []
    /// Diagnostics stored per id (prose after a `{` gives one per word): the rest are counted.
    private(set) var budget = DiagnosticBudget()
    var stack: [Frame] = []
    var root: Int?
    /// End offset of the last token consumed; a container cut short ends here.
    var lastEnd = 0
    var openArrays = 0
    var openBracedDicts = 0
    private var depthReported = false
    /// Errors reported so far, and whether decoding was given up (`abandonDensity`).
    private var errorCount = 0
    private(set) var abandoned = false

    /// Decoding is given up once `abandonAfter` errors have been met and they come more often than one
    /// per `abandonDensity` bytes: such input (prose after a `{`, a log, a binary file) is no property
    /// list, and reading it on would cost time and memory in proportion to its words, not its value.
    /// A damaged real plist stays far below both (a few errors around each damaged place).
    static let abandonAfter = 10_000
    static let abandonDensity = 256

    /// CF's nesting limit on 64-bit systems (`MAX_DEPTH` in CFOldStylePList.c; 256 on 32-bit).
    static let maxDepth = CoreFoundationNesting.limit
    /// Longest source text kept as the key of a non-string key (in bytes; longer ones end in "…").
    static let keyTextLimit = 64

    /// An open container.
    struct Frame {
        enum Kind { case array, dict, stringsFile }
        /// What comes next: `value`/`separator` in arrays; `key`, `equals`, `dictValue`,
        /// `semicolon` in dictionaries; `skipEntry` after an entry was abandoned with an error
        /// (its ';' or '}' then ends it without a second error).
        enum State { case value, separator, key, equals, dictValue, semicolon, skipEntry }

        let kind: Kind
        var state: State
        /// The node reserved for the container.
        let id: Int
        /// Offset of `{` or `(`, or of the first key of a strings file.
        let start: Int
        /// Array elements, or dictionary keys and values interleaved.
        var items: [Int] = []
        /// A key read and waiting for its value.
        var pendingKey: Int?
        /// Key text (compared by code units, as CF compares keys) to the id of its first key node, for
        /// duplicate detection.
        var seen: [LiteralText: Int] = [:]
    }

    init(_ bytes: UnsafeRawBufferPointer, start: Int) {
        reader = OpenStepReader(bytes, offset: start)
        lines = OpenStepLineTable(bytes)
        lastEnd = start
    }

    /// Parses everything from the start offset; returns the root node id (nil when there is none).
    mutating func parse() -> Int? {
        let contentStart = reader.offset
        var sawContent = false
        while root == nil, stack.isEmpty {
            skipSpace()
            guard let b = reader.current else { break }
            sawContent = true
            if OpenStepReader.isStringStart(b) {
                beginStringOrStringsFile()
            } else if OpenStepReader.isValueStart(b) {
                startValue()
            } else {
                skipUnexpected(context: "where the root value should start")
            }
        }
        while !stack.isEmpty { step() }
        if root == nil, !sawContent {
            // CF defines an input of only whitespace and comments as an empty dictionary.
            report(.whitespaceOnly, ByteRange(contentStart, reader.count))
            root = append(.dict(keys: [], values: []), ByteRange(contentStart, reader.count))
        }
        skipSpace()
        if root != nil, !reader.isAtEnd {
            let at = reader.offset
            report(.trailingContent(found: reader.describe(at: at), count: reader.count - at), ByteRange(at, reader.count))
            reader.offset = reader.count
        }
        return root
    }

    /// A root that starts with a string is that string alone, or, when anything follows it, the
    /// first key of a strings file (CF re-parses from the start as dictionary content).
    private mutating func beginStringOrStringsFile() {
        let start = reader.offset
        let nodeMark = nodes.count
        let diagnosticMark = diagnostics.count
        let budgetMark = budget
        let id = parseString()
        skipSpace()
        if reader.isAtEnd {
            root = id
            return
        }
        nodes.removeSubrange(nodeMark...)
        diagnostics.removeSubrange(diagnosticMark...)
        budget = budgetMark
        reader.offset = start
        stack.append(Frame(kind: .stringsFile, state: .key, id: append(.invalid("unfinished"), nil), start: start))
    }

    /// Starts the value at the cursor, which must be at a byte that can begin one: scalars are
    /// parsed and delivered at once, containers push a frame.
    mutating func startValue() {
        let start = reader.offset
        if stack.count > Self.maxDepth, !depthReported {
            depthReported = true
            report(.depthExceeded(depth: stack.count), ByteRange(start, start + 1))
        }
        switch reader.current {
        case UInt8(ascii: "{"):
            open(.dict, state: .key)
        case UInt8(ascii: "("):
            open(.array, state: .value)
        case UInt8(ascii: "<"):
            let scan = OpenStepDataScanner.scan(reader, at: start)
            for (issue, range) in scan.issues { report(issue, range) }
            consume(to: scan.end)
            deliver(append(scan.value, ByteRange(start, scan.end)))
        default:
            deliver(parseString())
        }
    }

    /// Parses the quoted or unquoted string at the cursor into a new node.
    private mutating func parseString() -> Int {
        let start = reader.offset
        if reader.current == UInt8(ascii: "\"") || reader.current == UInt8(ascii: "'") {
            let scan = OpenStepQuotedString.scan(reader, at: start)
            for (issue, range) in scan.issues { report(issue, range) }
            consume(to: scan.end)
            return append(.string(scan.text), ByteRange(start, scan.end))
        }
        var end = start
        while let b = reader.byte(at: end), OpenStepReader.isUnquoted(b) { end += 1 }
        consume(to: end)
        return append(.string(reader.text(ByteRange(start, end))), ByteRange(start, end))
    }

    private mutating func open(_ kind: Frame.Kind, state: Frame.State) {
        let start = reader.offset
        stack.append(Frame(kind: kind, state: state, id: append(.invalid("unfinished"), nil), start: start))
        if kind == .array { openArrays += 1 } else { openBracedDicts += 1 }
        consume(to: start + 1)
    }

    /// Closes the innermost container, its text ending at `end`, and hands it to its parent. A key
    /// still waiting for its value gets an `.invalid` one.
    mutating func finish(end: Int) {
        guard var frame = stack.popLast() else { return }
        if let key = frame.pendingKey {
            frame.items += [key, append(.invalid("missing value"), ByteRange(end, end))]
        }
        let value: PlistValue
        switch frame.kind {
        case .array:
            openArrays -= 1
            value = .array(frame.items)
        case .dict, .stringsFile:
            if frame.kind == .dict { openBracedDicts -= 1 }
            let keys = stride(from: 0, to: frame.items.count - 1, by: 2).map { frame.items[$0] }
            let values = stride(from: 1, to: frame.items.count, by: 2).map { frame.items[$0] }
            value = .dict(keys: keys, values: values)
        }
        nodes[frame.id] = PlistNode(value, range: ByteRange(frame.start, end), position: position(frame.start))
        deliver(frame.id)
    }

    /// Gives a finished value to the innermost container (or makes it the root).
    mutating func deliver(_ id: Int) {
        let top = stack.count - 1
        guard top >= 0 else {
            root = id
            return
        }
        switch stack[top].kind {
        case .array:
            stack[top].items.append(id)
            stack[top].state = .separator
        case .dict, .stringsFile:
            if stack[top].state == .key {
                acceptKey(id)
                return
            }
            let key = stack[top].pendingKey ?? append(.string(""), nodes[id].range.map { ByteRange($0.start, $0.start) })
            stack[top].items += [key, id]
            stack[top].pendingKey = nil
            stack[top].state = .semicolon
        }
    }

    /// Takes `id` as the pending key of the innermost dictionary. A key that is not a string (its
    /// error was reported when it started) is replaced by a string node of its source text.
    private mutating func acceptKey(_ id: Int) {
        let top = stack.count - 1
        var keyID = id
        if case .string = nodes[id].value {} else {
            let range = nodes[id].range ?? ByteRange(reader.offset, reader.offset)
            // Nodes are in pre-order, so everything from `id` on belongs to the rejected key.
            nodes.removeSubrange(id...)
            // The text is capped so that nested non-string keys (`{{{{…`) stay linear.
            var text = reader.text(ByteRange(range.start, min(range.end, range.start + Self.keyTextLimit)))
            if range.count > Self.keyTextLimit { text += "…" }
            keyID = append(.string(text), range)
        }
        if case .string(let text) = nodes[keyID].value {
            if let first = stack[top].seen[LiteralText(text)] {
                report(.duplicateKey(key: quoted(text), first: position(nodes[first].range?.start ?? 0)), nodes[keyID].range)
            } else {
                stack[top].seen[LiteralText(text)] = keyID
            }
        }
        stack[top].pendingKey = keyID
        stack[top].state = .equals
    }

    /// Appends a node and returns its id.
    mutating func append(_ value: PlistValue, _ range: ByteRange?) -> Int {
        nodes.append(PlistNode(value, range: range, position: range.map { position($0.start) }))
        return nodes.count - 1
    }

    /// Copies node `id` (for the `key;` shortcut, whose value is the key itself).
    mutating func duplicate(_ id: Int) -> Int {
        nodes.append(nodes[id])
        return nodes.count - 1
    }

    mutating func consume(to end: Int) {
        reader.offset = min(max(reader.offset, end), reader.count)
        lastEnd = reader.offset
    }

    mutating func skipSpace() {
        if let start = reader.skipSpace() { report(.unterminatedComment, ByteRange(start, reader.count)) }
    }

    mutating func report(_ issue: OpenStepIssue, _ range: ByteRange?) {
        guard !abandoned else { return }
        let located = range ?? ByteRange(reader.offset, reader.offset)
        if issue.code.severity == .error {
            errorCount += 1
            if errorCount >= Self.abandonAfter, errorCount * Self.abandonDensity >= located.end { abandon(at: located.end) }
        }
        guard budget.admit(issue.code) else { return }
        diagnostics.append(Diagnostic(issue.code, issue.message, range: located, position: position(located.start)))
    }

    /// Stops decoding at `offset`: one diagnostic says why, the cursor goes to the end, and the open
    /// containers close there without further reports (they are not cut short: reading stopped).
    private mutating func abandon(at offset: Int) {
        let at = Swift.min(Swift.max(offset, 0), reader.count)
        let issue = OpenStepIssue.abandoned(errors: errorCount, offset: at, remaining: reader.count - at)
        diagnostics.append(Diagnostic(issue.code, issue.message, range: ByteRange(at, reader.count), position: position(at)))
        abandoned = true
        reader.offset = reader.count
        lastEnd = at
    }

    func position(_ offset: Int) -> TextPosition { lines.position(of: offset) }

    /// A key or string for a message: quoted and escaped, long ones cut to 40 characters.
    func quoted(_ text: String) -> String {
        guard text.utf8.count > 40 else { return text.debugDescription }
        return String(text.prefix(40)).debugDescription + "…"
    }
}
