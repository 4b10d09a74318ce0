import ArchiveCore

/// One piece of the content of a text element (`<string>`, `<integer>`, …), in file order.
package enum XMLLeafSegment: Sendable {
    /// Character data; entity references are expanded when decoding.
    case text(ByteRange)
    /// The payload of a CDATA section, taken verbatim.
    case cdata(ByteRange)
    /// A comment, processing instruction or DOCTYPE: not content (XML drops it; CF rejects it here).
    case skipped(XMLMarkupKind, ByteRange)
    /// Bytes of malformed markup (a stray `<`), kept as literal text.
    case literal(ByteRange)
}

/// An entity-reference problem found while expanding text.
struct XMLEntityProblem: Sendable {
    enum Kind: Sendable { case unknown, unterminated, invalidCodePoint }
    var kind: Kind
    /// The reference as written (`&nbsp;`, `&T`, `&#xD800;`).
    var range: ByteRange
    /// How many problems of this kind the element has in all.
    var count: Int
}

/// What decoding the content of one text element found, besides the text itself.
struct XMLTextFindings: Sendable {
    /// Raw C0 control characters other than tab, LF and CR.
    var controlCount = 0
    var firstControl: Int?
    /// Which control characters appeared: bit `n` for byte `n` (0–31).
    var controlSet: UInt32 = 0

    /// The distinct control characters found, in ascending order.
    var controlCharacters: [UInt8] { (0..<32).filter { controlSet & (1 << UInt32($0)) != 0 }.map { UInt8($0) } }
    /// Invalid UTF-8 sequences.
    var invalidUTF8Count = 0
    var firstInvalidUTF8: Int?
    /// First problem of each kind, with counts.
    var entityProblems: [XMLEntityProblem] = []
    /// Whether any entity reference or CDATA section appeared (irrelevant for strings, an error for numbers).
    var firstEntity: Int?
    var firstCDATA: ByteRange?
    /// The first comment, processing instruction or DOCTYPE inside the element.
    var firstSkipped: (kind: XMLMarkupKind, range: ByteRange)?

    mutating func noteEntityProblem(_ kind: XMLEntityProblem.Kind, _ range: ByteRange) {
        if let i = entityProblems.firstIndex(where: { $0.kind == kind }) {
            entityProblems[i].count += 1
        } else {
            entityProblems.append(XMLEntityProblem(kind: kind, range: range, count: 1))
        }
    }
}

/// The decoded content of one text element.
package struct XMLLeafText {
    /// When the content is one stretch of input with nothing to expand: the bytes themselves, so
    /// offsets inside the text are input offsets.
    var raw: ByteRange?
    /// Otherwise, the expanded bytes.
    var bytes: [UInt8] = []
    var findings = XMLTextFindings()

    /// Runs `body` over the decoded bytes.
    package func withBytes<R>(in buffer: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer) -> R) -> R {
        if let raw {
            return body(UnsafeRawBufferPointer(rebasing: buffer[raw.start..<raw.end]))
        }
        return bytes.withUnsafeBytes(body)
    }

    /// The text as a Swift string (invalid UTF-8 becomes U+FFFD).
    package func string(in buffer: UnsafeRawBufferPointer) -> String {
        withBytes(in: buffer) { String(decoding: $0, as: UTF8.self) }
    }

    /// Input offset of the `index`-th decoded byte when known (raw content), else nil.
    func inputOffset(of index: Int) -> Int? { raw.map { $0.start + index } }
}
