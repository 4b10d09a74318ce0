import Synchronization
@_spi(ArchiveInternals) import ArchiveCore

/// An XML property list as one structural scan leaves it: every element's kind, bytes and children in
/// flat arrays (`XMLNodeTable`), with text elements (strings, numbers, dates, data) decoded when their
/// node is read, as a binary plist's objects are.
///
/// The diagnostics are those of a decode of the whole text: the structural ones come from the scan
/// (`openDiagnostics` and node diagnostics); a text element's come with its node. At most
/// `XMLPlistParser.maxDiagnosticsPerID` of one id are kept, in file order, and a note counts the rest:
/// `fullCheck` applies that limit to the text elements' problems too, and once it has run, nodes read
/// leave out the problems past the limit as it does (before, a node read shows all of its own).
package final class XMLPlistTree: PlistTree, Sendable {
    package var format: ContainerFormat { .xmlPlist }
    package let input: InputBytes
    /// The UTF-8 text the scan read: `input` itself, or a transcoded copy of a UTF-16 or UTF-32 file.
    let text: InputBytes
    /// Maps offsets into a transcoded `text` back to the file.
    let offsetMap: TextOffsetMap?
    let table: XMLNodeTable
    package let rootID: Int?
    package let openDiagnostics: [Diagnostic]
    package let textEncoding: TextEncoding?
    /// The scan's tree-level diagnostics (mapped to the file) without limit notes.
    private let scanDiagnostics: [Diagnostic]
    /// How many diagnostics of each id the scan reported.
    private let scanCounts: [XMLPlistCode: Int]
    /// Problems of the transcoding (`text.encoding.*`).
    private let transcodeDiagnostics: [Diagnostic]
    /// Line:column of any offset (every node read gives its position).
    private let lines: XMLLineTable
    /// Once a full check has run: for each text-element id past the limit, the last node whose problem
    /// of that id is kept.
    private let leafLimits = Mutex<[XMLPlistCode: Int]?>(nil)
    /// Whether `leafLimits` is set (read without the lock on every node read).
    private let leafLimitsKnown = Atomic<Bool>(false)

    init(input: InputBytes, text: InputBytes, offsetMap: TextOffsetMap?, encoding: TextEncoding, scan: XMLScan,
         transcodeDiagnostics: [Diagnostic]) {
        self.input = input
        self.text = text
        self.offsetMap = offsetMap
        textEncoding = encoding
        rootID = scan.rootID
        scanCounts = scan.counts
        self.transcodeDiagnostics = transcodeDiagnostics
        var table = scan.table
        if let map = offsetMap {
            for key in Array(table.diagnostics.keys) {
                table.diagnostics[key] = table.diagnostics[key]?.map { TextPlistDecoding.remap($0, map) }
            }
            scanDiagnostics = scan.diagnostics.map { TextPlistDecoding.remap($0, map) }
        } else {
            scanDiagnostics = scan.diagnostics
        }
        self.table = table
        lines = XMLLineTable(text.buffer)
        openDiagnostics = Self.treeDiagnostics(scanDiagnostics, Self.limitNotes(scan.counts), transcodeDiagnostics,
                                               transcoded: offsetMap != nil)
    }

    /// The tree-level diagnostics as a whole decode gives them: the scan's, the limit notes, and for a
    /// transcoded file the transcoding's, in offset order.
    private static func treeDiagnostics(_ scan: [Diagnostic], _ notes: [Diagnostic], _ transcoding: [Diagnostic],
                                        transcoded: Bool) -> [Diagnostic] {
        transcoded ? (scan + notes + transcoding).sortedByOffset() : scan + notes
    }

    /// A note per id reported more than the limit allows, in id order.
    private static func limitNotes(_ counts: [XMLPlistCode: Int]) -> [Diagnostic] {
        let limit = XMLPlistParser.maxDiagnosticsPerID
        return counts.sorted(by: { $0.key.rawValue < $1.key.rawValue }).compactMap { code, count in
            guard count > limit else { return nil }
            let issue = XMLPlistIssue.suppressed(code: code, count: count - limit)
            return Diagnostic(issue.code, issue.message, suppression: DiagnosticSuppression(id: code.rawValue, count: count - limit, severity: code.severity))
        }
    }

    package var nodeCount: Int { table.count }

    package func node(_ id: Int) -> PlistNode {
        guard id >= 0, id < table.count else {
            return PlistNode(.invalid("node \(id) does not exist (the tree has \(table.count) nodes)"), range: nil)
        }
        let limits = leafLimitsKnown.load(ordering: .acquiring) ? leafLimits.withLock { $0 } : nil
        let kind = table.kind(id)
        let value: PlistValue, issues: [XMLLeafIssue]
        if kind == .string || kind == .key, let raw = Self.plainText(table.content(id), in: text.buffer) {
            // The common case, looked at once: plain text is its own decoding.
            value = .string(String(decoding: UnsafeRawBufferPointer(rebasing: text.buffer[raw.start..<raw.end]), as: UTF8.self))
            issues = Self.isCleanPlain(raw, kind, in: text.buffer) ? [] : leafIssues(id)
        } else {
            value = self.value(id)
            issues = leafIssues(id)
        }
        var node = PlistNode(value, range: fileRange(table.range(id)), position: lines.position(of: table.start(id), in: text.buffer))
        node.diagnostics = table.diagnostics(id)
        for issue in issues {
            if let last = limits?[issue.issue.code], id > last { continue }
            node.diagnostics.append(diagnostic(issue) { self.lines.position(of: $0, in: self.text.buffer) })
        }
        return node
    }

    /// The bytes of a `<data>` node; any other node is told from its kind in the table, without being
    /// decoded.
    package func dataValue(_ id: Int) -> [UInt8]? {
        guard id >= 0, id < table.count, table.kind(id) == .data, case .data(let bytes) = node(id).value else { return nil }
        return bytes
    }

    /// Every node, with the problems a whole decode keeps (runs the full check first; for tests and
    /// small inputs).
    package var nodes: [PlistNode] {
        _ = fullCheck()
        return (0..<nodeCount).map(node)
    }

    // MARK: - Values

    /// The value of node `id` (which is in the table).
    private func value(_ id: Int) -> PlistValue {
        let kind = table.kind(id)
        switch kind {
        case .invalid: return .invalid(table.reasons[Int32(truncatingIfNeeded: id)] ?? "")
        case .dict:
            let (first, n) = (Int(table.a(id)), Int(table.b(id)))
            return .dict(keys: table.childIDs(first, n), values: table.childIDs(first + n, n))
        case .array: return .array(table.childIDs(Int(table.a(id)), Int(table.b(id))))
        case .uid: return .uid(UInt64(table.a(id)) | UInt64(table.b(id)) << 32)
        case .boolTrue: return .bool(true)
        case .boolFalse: return .bool(false)
        case .emptyString: return .string("")
        case .emptyData: return .data([])
        case .string, .key, .integer, .real, .date, .data:
            guard let element = kind.leafElement else { return .invalid("") }
            let content = table.content(id)
            if kind == .string || kind == .key, let raw = Self.plainText(content, in: text.buffer) {
                return .string(String(decoding: UnsafeRawBufferPointer(rebasing: text.buffer[raw.start..<raw.end]), as: UTF8.self))
            }
            return XMLLeafDecoder.decode(element, content: content, buffer: text.buffer, offsetMap: offsetMap).value
        }
    }

    /// `content` when it is one stretch of text with nothing to expand (no `<` or `&`): then it is its
    /// own decoding. Nil otherwise.
    static func plainText(_ content: ByteRange, in buffer: UnsafeRawBufferPointer) -> ByteRange? {
        guard content.start >= 0, content.start <= content.end, content.end <= buffer.count else { return nil }
        guard content.count > 0, let base = buffer.baseAddress else { return content }
        if Platform.firstByte(UInt8(ascii: "<"), in: base + content.start, count: content.count) != nil { return nil }
        if Platform.firstByte(UInt8(ascii: "&"), in: base + content.start, count: content.count) != nil { return nil }
        return content
    }

    /// Whether plain `content` of a `kind` node decodes without a problem for certain: text of printable
    /// ASCII, tabs and line breaks; an integer of up to 18 ASCII digits after an optional `-`.
    static func isClean(_ content: ByteRange, _ kind: XMLNodeTable.Kind, in buffer: UnsafeRawBufferPointer) -> Bool {
        guard let raw = plainText(content, in: buffer) else { return false }
        return isCleanPlain(raw, kind, in: buffer)
    }

    /// `isClean` for content already known to be plain.
    static func isCleanPlain(_ raw: ByteRange, _ kind: XMLNodeTable.Kind, in buffer: UnsafeRawBufferPointer) -> Bool {
        var i = raw.start
        switch kind {
        case .string, .key:
            while i < raw.end {
                let b = buffer[i]
                guard (b >= 0x20 && b < 0x7F) || b == 0x09 || b == 0x0A || b == 0x0D else { return false }
                i += 1
            }
            return true
        case .integer:
            if i < raw.end, buffer[i] == UInt8(ascii: "-") { i += 1 }
            guard i < raw.end, raw.end - i <= 18 else { return false }
            while i < raw.end {
                guard buffer[i] >= UInt8(ascii: "0"), buffer[i] <= UInt8(ascii: "9") else { return false }
                i += 1
            }
            return true
        default:
            return false
        }
    }

    // MARK: - Problems

    /// The text-element problems of node `id` (its own, or for a `CF$UID` dict its key's and integer's).
    private func leafIssues(_ id: Int) -> [XMLLeafIssue] {
        let kind = table.kind(id)
        if kind == .uid { return table.absorbed(id) }
        guard let element = kind.leafElement else { return [] }
        let content = table.content(id)
        if Self.isClean(content, kind, in: text.buffer) { return [] }
        return XMLLeafDecoder.decode(element, content: content, buffer: text.buffer, offsetMap: offsetMap, withValue: false).issues
    }

    /// The diagnostic for `issue`, located with `position` and mapped to the file.
    private func diagnostic(_ issue: XMLLeafIssue, position: (Int) -> TextPosition) -> Diagnostic {
        let d = Diagnostic(issue.issue.code, issue.issue.message, severity: issue.issue.severity, range: issue.range,
                           position: position(issue.range.start))
        return offsetMap.map { TextPlistDecoding.remap(d, $0) } ?? d
    }

    /// The file range of text range `range`.
    private func fileRange(_ range: ByteRange) -> ByteRange {
        offsetMap.map { $0.fileRange(range) } ?? range
    }

    package func fullCheck(progress: (Double) -> Bool) -> [Diagnostic] {
        let limit = XMLPlistParser.maxDiagnosticsPerID
        var counts: [XMLPlistCode: Int] = [:]
        var lastKept: [XMLPlistCode: Int] = [:]
        var cursor = XMLLineIndex(text.buffer)
        var nodeDiagnostics: [Diagnostic] = []
        let n = table.count
        var finished = true
        for id in 0..<n {
            if id & 0xFFFF == 0, !progress(Double(id) / Double(n)) {
                finished = false
                break
            }
            if !table.diagnostics.isEmpty { nodeDiagnostics += table.diagnostics(id) }
            for issue in leafIssues(id) {
                let code = issue.issue.code
                let count = (counts[code] ?? 0) + 1
                counts[code] = count
                guard count <= limit else { continue }
                lastKept[code] = id
                nodeDiagnostics.append(diagnostic(issue) { cursor.position(of: $0) })
            }
        }
        var allCounts = scanCounts
        for (code, count) in counts { allCounts[code, default: 0] += count }
        if finished {
            leafLimits.withLock { $0 = lastKept.filter { (counts[$0.key] ?? 0) > limit } }
            leafLimitsKnown.store(true, ordering: .releasing)
        }
        let tree = Self.treeDiagnostics(scanDiagnostics, Self.limitNotes(allCounts), transcodeDiagnostics,
                                        transcoded: offsetMap != nil)
        return (tree + nodeDiagnostics).sortedByOffset()
    }

    // MARK: - Containers without building nodes

    package func arrayElements(_ id: Int) -> PlistArrayElements? {
        guard id >= 0, id < table.count, table.kind(id) == .array else { return nil }
        return PlistArrayElements(narrow: table.children, start: Int(table.a(id)), count: Int(table.b(id)),
                                  isSet: false, range: fileRange(table.range(id)))
    }

    package func containerValues(_ id: Int) -> PlistArrayElements? {
        guard id >= 0, id < table.count else { return nil }
        switch table.kind(id) {
        case .array: return arrayElements(id)
        case .dict:
            let n = Int(table.b(id))
            return PlistArrayElements(narrow: table.children, start: Int(table.a(id)) + n, count: n, isSet: false,
                                      range: fileRange(table.range(id)))
        default: return nil
        }
    }

    package func isString(_ id: Int, equalTo other: String) -> Bool {
        guard id >= 0, id < table.count else { return false }
        switch table.kind(id) {
        case .emptyString: return other.isEmpty
        case .string, .key:
            if let raw = Self.plainText(table.content(id), in: text.buffer),
               !text.buffer[raw.start..<raw.end].contains(where: { $0 >= 0x80 }) {
                // Plain ASCII content is its own decoding.
                return raw.count == other.utf8.count && text.buffer[raw.start..<raw.end].elementsEqual(other.utf8)
            }
            if case .string(let s) = value(id) { return s.isLiterally(other) }
            return false
        default:
            return false
        }
    }
}
