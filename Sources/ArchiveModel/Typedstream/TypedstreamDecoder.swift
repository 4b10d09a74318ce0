/// Decodes NSArchiver / NeXT typedstreams (FORMATS.md §D) into a `TypedstreamGraph`.
///
/// A typedstream can only be read front to back (every reference number depends on everything
/// before it), so the whole stream is decoded at open, in one linear pass with an explicit stack.
public enum TypedstreamDecoder {
    /// Decodes a typedstream; never throws for bad input: problems become located diagnostics and
    /// everything decoded before (and, where decoding could resume, after) them is kept.
    public static func decode(_ input: InputBytes) -> TypedstreamGraph {
        var decoding = TypedstreamDecoding(input: input)
        decoding.run()
        decoding.checkAttributedStrings()
        return TypedstreamGraph(decoding)
    }
}

/// The decoder's working state: the cursor, both reference tables and the stack of open values.
struct TypedstreamDecoding {
    /// One level of the explicit decoding stack.
    struct Frame {
        enum Kind {
            /// A type-prefixed group; its values become fields of `owner` (nil: the top level).
            case group(owner: ObjectID?)
            /// An array or struct value; its members collect in `items`.
            case compound(node: Int)
            /// An object between its `84` and its `86`.
            case object(ObjectID)
        }
        var kind: Kind
        /// Where the group, value or object starts.
        var start: Int
        var types: TypeEncoding?
        /// Values to read, and how many are done.
        var count = 0
        var next = 0
        var items: [FieldValue] = []
        /// Bytes of the group's type string (for diagnostics about its types).
        var typeRange: ByteRange?
        /// The group's type string in the shared-string table.
        var typeStringIndex: Int?
    }

    var reader: TypedstreamReader
    var entries: [TypedstreamEntry] = []
    /// The shared-string table: where each string's bytes are.
    var sharedStrings: [ByteRange] = []
    /// Parsed type strings by shared-string index (nil: not used as a type string yet).
    var typeCache: [TypeEncoding?] = []
    /// Shared strings already decoded as text (selectors, atoms, class names) or as C-string values, by
    /// index: a two-byte reference naming a 100 KB string 20,000 times gives one copy, not 2 GB.
    var sharedTextCache: [Int: String] = [:]
    var sharedValueCache: [Int: ScalarValue] = [:]
    var topLevel: [Field] = []
    var streamDiagnostics: [Diagnostic] = []
    var frames: [Frame] = []
    /// Objects between their `84` and `86`, innermost last.
    var openObjects: [ObjectID] = []
    /// First version seen for each class name, with the record that had it.
    var classVersions: [LiteralText: (version: Int, id: ObjectID)] = [:]
    var streamerVersion: Int?
    var systemVersion: Int?
    var signatureBigEndian = false

    /// Values produced so far, against a budget that only zero-size types (`!`, `{}`) can exhaust.
    var valueCount = 0
    let valueBudget: Int
    var resyncCount = 0
    /// Where decoding last resumed; the next scan starts after it, so scans never overlap.
    var lastResume = -1
    static let maxResyncs = 1000

    init(input: InputBytes) {
        reader = TypedstreamReader(input: input)
        let (scaled, overflow) = input.count.multipliedReportingOverflow(by: 4)
        valueBudget = overflow ? Int.max : scaled + 65_536
    }

    var input: InputBytes { reader.input }

    /// Decodes the header and then every group until the end of the input.
    mutating func run() {
        guard readHeader() else { return }
        if reader.isAtEnd {
            report(.streamEmpty(headerSize: reader.offset), range: ByteRange(reader.offset, reader.offset))
            return
        }
        while true {
            do {
                guard try step() else { return }
            } catch {
                switch error {
                case .truncated(let diagnostic):
                    report(diagnostic)
                    reader.offset = input.count
                    unwindAll()
                    return
                case .limit(let diagnostic):
                    report(diagnostic)
                    unwindAll()
                    return
                case .desync(let diagnostic, let scanFrom):
                    report(diagnostic)
                    resync(scanFrom: scanFrom)
                }
            }
        }
    }

    /// Advances by one value, group start or object end. Returns false when the stream is done.
    private mutating func step() throws(TypedstreamStop) -> Bool {
        guard let top = frames.last else {
            if reader.isAtEnd { return false }
            try beginGroup(owner: nil)
            return true
        }
        switch top.kind {
        case .object(let id):
            guard let head = reader.peek() else {
                unwindAll()
                return false
            }
            if head == TypedstreamTag.end {
                reader.offset += 1
                finishObject(id)
            } else {
                try beginGroup(owner: id)
            }
        case .group, .compound:
            if top.next < top.count {
                try decodeNextValue()
            } else {
                try finishValueFrame()
            }
        }
        return true
    }

    /// Adds `diagnostic` to `object` (by default the innermost open object), or to the stream.
    mutating func report(_ diagnostic: Diagnostic, to object: ObjectID? = nil) {
        guard let target = object ?? openObjects.last, target >= 0, target < entries.count else {
            streamDiagnostics.append(diagnostic)
            return
        }
        entries[target].diagnostics.append(diagnostic.with(object: target))
    }

    /// Reports `issue` at `range` (see `report(_:to:)`).
    mutating func report(_ issue: TypedstreamIssue, range: ByteRange, to object: ObjectID? = nil) {
        report(issue.diagnostic(range), to: object)
    }
}
