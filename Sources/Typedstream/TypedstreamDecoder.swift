import ArchiveCore

/// Decodes NSArchiver / NeXT typedstreams (FORMATS.md §D) into a `TypedstreamGraph`.
///
/// A typedstream can only be read front to back (every reference number depends on everything
/// before it), so open reads the whole stream once, in one linear pass with an explicit stack, but
/// keeps only the object table (where each entry starts and ends, class records, shared strings) and
/// the diagnostics. An object's fields are read again from its bytes when it is asked for
/// (`TypedstreamIndex.fields(of:)`), skipping the objects nested in it. Objects whose decoding met a
/// problem are the exception: resynchronisation depends on the state of the whole stream, so a
/// second pass keeps their fields as decoded.
package enum TypedstreamDecoder {
    /// Decodes a typedstream; never throws for bad input: problems become located diagnostics and
    /// everything decoded before (and, where decoding could resume, after) them is kept.
    package static func decode(_ input: InputBytes) -> TypedstreamGraph {
        TypedstreamGraph(index(input, keepingAllFields: false))
    }

    /// The index of `input`: one pass keeping no fields, and when some objects met problems a second
    /// one keeping theirs. `keepingAllFields` keeps every object's fields as decoded (what the lazy
    /// reads are tested against).
    static func index(_ input: InputBytes, keepingAllFields: Bool) -> TypedstreamIndex {
        var decoding = TypedstreamDecoding(input: input, keeping: keepingAllFields ? .all : .none)
        decoding.table.reserve(expectedEntries(input.count))
        decoding.run()
        if !keepingAllFields {
            let damaged = decoding.objectsWithDiagnostics()
            if !damaged.isEmpty {
                decoding = TypedstreamDecoding(input: input, keeping: .only(damaged))
                decoding.table.reserve(expectedEntries(input.count))
                decoding.run()
            }
        }
        var index = TypedstreamIndex(decoding)
        index.checkAttributedStrings()
        return index
    }
}

extension TypedstreamDecoder {
    /// Entries a stream of `size` bytes is likely to have: real streams take ten bytes or more per
    /// entry (the 1M-element benchmark file eleven), so this is room enough, reserved up front.
    static func expectedEntries(_ size: Int) -> Int { size / 8 }
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
        /// Whether values delivered to this frame are kept (as fields or list items).
        var keeps = true
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
        // Object frames hold the tally of the object around them in the four fields above, which only
        // groups and compounds use (`pushObjectFrame`, `endTally`): a frame is moved at every
        // value, and a larger one costs more than the tally saves.
    }

    /// Whose fields a pass keeps.
    enum FieldPolicy {
        case all
        case none
        /// The objects marked true (by id).
        case only([Bool])
        /// One object, read again from its start (`TypedstreamReplay`).
        case replay(ObjectID)
    }

    var reader: TypedstreamReader
    var table = TypedstreamTable()
    let policy: FieldPolicy
    /// Diagnostics of table entries, by id, in the order found.
    var entryDiagnostics: [ObjectID: [Diagnostic]] = [:]
    /// Fields of the objects the policy keeps.
    var keptFields: [ObjectID: [Field]] = [:]
    /// Objects with very many fields: where to read them again block by block.
    var fieldLayouts: [ObjectID: TypedstreamFieldLayout] = [:]
    /// Set when a value holding a new entry was dropped (a `#` value cut inside its class chain), so
    /// that some entry may be unreachable.
    var droppedNewEntry = false
    /// Replays only: the object read again and the number of the next new entry.
    var replay: TypedstreamReplay?
    /// Replays only: the fields of the object read again.
    var replayedFields: [Field] = []
    /// Per shared string: 0 not looked at yet, 1 no zero byte, 2 a zero byte (C strings' check).
    var zeroByteCache: [UInt8] = []
    /// The shared-string table: where each string's bytes are.
    var sharedStrings: [ByteRange] = []
    /// Parsed type strings by shared-string index (nil: not used as a type string yet).
    var typeCache: [TypeEncoding?] = []
    /// Shared strings already decoded as text (selectors, atoms, class names) or as C-string values, by
    /// index: a two-byte reference naming a 100 KB string 20,000 times gives one copy, not 2 GB.
    var sharedTextCache: [Int: String] = [:]
    var topLevel: [Field] = []
    var streamDiagnostics: [Diagnostic] = []
    var frames: [Frame] = []
    /// Objects between their `84` and `86`, innermost last.
    var openObjects: [ObjectID] = []
    /// Indexing passes: the fields so far of the innermost open object (groups only ever belong to
    /// it); the tally of the object around it waits in this object's frame.
    var tally = TypedstreamFieldTally()
    /// Indexing passes: the checkpoints of the open objects that have any (`TypedstreamFieldLayout`).
    var openCheckpoints: [ObjectID: [TypedstreamCheckpoint]] = [:]
    /// First version seen for each class name, with the record that had it.
    var classVersions: [LiteralText: (version: Int, id: ObjectID)] = [:]
    var streamerVersion: Int?
    var systemVersion: Int?
    /// Where the input first ended inside the stream, if it did (what `damage.truncated` is told from).
    var ending: TypedstreamEnding?
    var signatureBigEndian = false

    /// Values produced so far, against a budget that only zero-size types (`!`, `{}`) can exhaust.
    var valueCount = 0
    let valueBudget: Int
    var resyncCount = 0
    /// Where decoding last resumed; the next scan starts after it, so scans never overlap.
    var lastResume = -1
    static let maxResyncs = 1000

    init(input: InputBytes, keeping policy: FieldPolicy = .all) {
        reader = TypedstreamReader(input: input)
        self.policy = policy
        valueBudget = Self.valueBudget(inputSize: input.count)
    }

    /// Values a stream of `size` bytes may produce before decoding stops (four a byte, and some).
    static func valueBudget(inputSize size: Int) -> Int {
        let (scaled, overflow) = size.multipliedReportingOverflow(by: 4)
        return overflow ? Int.max : scaled + 65_536
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
                case .truncated(let diagnostic, let cut):
                    report(diagnostic)
                    noteEnding(cut)
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
    @discardableResult
    mutating func step() throws(TypedstreamStop) -> Bool {
        // Read through the index: copying the frame would retain its types and items on every value.
        guard let top = frames.indices.last else {
            if reader.isAtEnd { return false }
            try beginGroup(owner: nil)
            return true
        }
        switch frames[top].kind {
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
            if frames[top].next < frames[top].count {
                try decodeNextValue()
            } else {
                try finishValueFrame()
            }
        }
        return true
    }

    /// Adds `diagnostic` to `object` (by default the innermost open object), or to the stream. A
    /// replay reports nothing (the pass that built the index did).
    mutating func report(_ diagnostic: Diagnostic, to object: ObjectID? = nil) {
        if replay != nil { return }
        guard let target = object ?? openObjects.last, target >= 0, target < table.count else {
            streamDiagnostics.append(diagnostic)
            return
        }
        entryDiagnostics[target, default: []].append(diagnostic.with(object: target))
    }

    /// Objects (by id, marked true) that have diagnostics of their own.
    func objectsWithDiagnostics() -> [Bool] {
        var marked: [Bool] = []
        for id in entryDiagnostics.keys where id < table.count && table.kind(id) == .object {
            if marked.isEmpty { marked = [Bool](repeating: false, count: table.count) }
            marked[id] = true
        }
        return marked
    }

    /// Whether the policy keeps the fields of `owner` (nil: the top level, always kept).
    func keepsFields(of owner: ObjectID?) -> Bool {
        guard let owner else { return replay == nil }
        switch policy {
        case .all: return true
        case .none: return false
        case .only(let marked): return owner >= 0 && owner < marked.count && marked[owner]
        case .replay(let target): return owner == target
        }
    }

    /// The number the next new table entry gets.
    var nextEntryID: Int {
        guard let replay else { return table.count }
        return Swift.min(replay.nextID, table.count)
    }

    /// Reports `issue` at `range` (see `report(_:to:)`).
    mutating func report(_ issue: TypedstreamIssue, range: ByteRange, to object: ObjectID? = nil) {
        report(issue.diagnostic(range), to: object)
    }
}
