import Testing
@testable import ArchiveModel

/// One input that must produce a diagnostic with `id` at an exact place.
struct XMLPlistDiagnosticCase: CustomTestStringConvertible, Sendable {
    let id: String
    let severity: Severity
    let input: [UInt8]
    /// Expected range start and length (nil: length not asserted).
    let start: Int
    let length: Int?
    let line: Int
    let column: Int
    /// Whether the diagnostic belongs to a node rather than the tree.
    let onNode: Bool

    var testDescription: String { id }

    /// A case whose location is the `occurrence`-th `needle` in `xml` (or the end of `xml` when nil).
    init(_ id: String, _ severity: Severity, _ xml: String, at needle: String?, occurrence: Int = 0, length: Int? = nil,
         line: Int, column: Int, onNode: Bool = false) {
        self.init(id, severity, Array(xml.utf8), start: needle.flatMap { XMLPlistFixture.offset(of: $0, in: xml, occurrence: occurrence) } ?? xml.utf8.count,
                  length: length, line: line, column: column, onNode: onNode)
    }

    init(_ id: String, _ severity: Severity, _ input: [UInt8], start: Int, length: Int?, line: Int, column: Int, onNode: Bool) {
        self.id = id
        self.severity = severity
        self.input = input
        self.start = start
        self.length = length
        self.line = line
        self.column = column
        self.onNode = onNode
    }

    /// Decodes the input and checks the first diagnostic with this id.
    func check(sourceLocation: SourceLocation = #_sourceLocation) {
        let tree = XMLPlistDecoder.decode(InputBytes(input))
        XMLPlistFixture.checkInvariants(tree, sourceLocation: sourceLocation)
        let inTree = tree.openDiagnostics.filter { $0.id == id }
        let inNodes = tree.nodes.flatMap(\.diagnostics).filter { $0.id == id }
        guard let found = (onNode ? inNodes : inTree).first else {
            Issue.record("no \(id) \(onNode ? "on a node" : "in the tree"); got \(XMLPlistFixture.diagnostics(tree))",
                         sourceLocation: sourceLocation)
            return
        }
        #expect((onNode ? inTree : inNodes).isEmpty, "\(id) also stored in the other place", sourceLocation: sourceLocation)
        #expect(found.severity == severity, sourceLocation: sourceLocation)
        #expect(found.range?.start == start, "\(found)", sourceLocation: sourceLocation)
        if let length { #expect(found.range?.count == length, "\(found)", sourceLocation: sourceLocation) }
        #expect(found.position == TextPosition(line: line, column: column), "\(found)", sourceLocation: sourceLocation)
        #expect(!found.message.isEmpty && found.message.first?.isUppercase == false, sourceLocation: sourceLocation)
    }
}

/// Every diagnostic id the decoder can produce (`xml.diagnostics.suppressed` is tested on its own).
enum XMLPlistDiagnosticIDs {
    static let all: Set<String> = [
        "xml.root.missing", "xml.encoding.mismatch", "xml.encoding.unsupported", "xml.declaration.misplaced",
        "xml.declaration.swallows-markup", "xml.declaration.malformed",
        "xml.doctype.entity-declaration", "xml.markup.invalid", "xml.markup.unterminated", "xml.tag.unterminated",
        "xml.tag.malformed", "xml.tag.mismatched", "xml.tag.unmatched", "xml.tag.unclosed", "xml.eof.unclosed",
        "xml.depth.exceeded", "xml.element.unknown", "xml.element.misplaced", "xml.key.outside-dict",
        "xml.text.unexpected", "xml.root.extra-object", "xml.plist.missing", "xml.document.trailing-content",
        "xml.dict.key-without-value", "xml.dict.value-without-key", "xml.dict.duplicate-key", "xml.uid.wide",
        "xml.uid.negative", "xml.string.control-character", "xml.text.invalid-utf8", "xml.entity.unknown",
        "xml.entity.unterminated", "xml.entity.invalid-codepoint", "xml.content.markup", "xml.element.empty",
        "xml.bool.not-empty", "xml.integer.empty", "xml.integer.invalid", "xml.integer.overflow", "xml.real.invalid",
        "xml.date.invalid", "xml.date.truncated", "xml.date.out-of-range", "xml.data.invalid-character",
        "xml.data.ignored-character", "xml.data.leftover-digits",
    ]
}
