import Synchronization
import ArchiveCore

/// What a pass over a typedstream keeps: the object table, the shared strings, the parsed type
/// strings, the diagnostics, and the fields of the objects whose decoding met a problem. Any other
/// object's fields are read again from its bytes (`fields(of:)`).
package struct TypedstreamIndex: Sendable {
    let input: InputBytes
    let bigEndian: Bool
    package var table: TypedstreamTable
    let sharedStrings: [ByteRange]
    let typeCache: [TypeEncoding?]
    var keptFields: [ObjectID: [Field]]
    /// Objects with very many fields, read again a block at a time (`TypedstreamFieldLayout`).
    let fieldLayouts: [ObjectID: TypedstreamFieldLayout]
    /// The blocks of fields last read again.
    let fieldBlocks = TypedstreamFieldBlocks()
    var entryDiagnostics: [ObjectID: [Diagnostic]]
    let topLevel: [Field]
    let streamDiagnostics: [Diagnostic]
    let streamerVersion: Int?
    let systemVersion: Int?
    /// Shared strings decoded as text by the pass (selectors, atoms, class names), by index.
    let sharedTexts: [Int: String]
    /// C string values by shared-string index, decoded once when first shown.
    let cStringValues = TypedstreamValueCache()
    /// Whether a value holding a new entry was dropped, so that some entry may be unreachable.
    var mayHaveLostEntries: Bool
    /// Where the input first ended inside the stream, if it did.
    package let ending: TypedstreamEnding?

    init(_ decoding: TypedstreamDecoding) {
        input = decoding.input
        bigEndian = decoding.reader.bigEndian
        table = decoding.table
        sharedStrings = decoding.sharedStrings
        typeCache = decoding.typeCache
        keptFields = decoding.keptFields
        fieldLayouts = decoding.fieldLayouts
        entryDiagnostics = decoding.entryDiagnostics
        topLevel = decoding.topLevel
        streamDiagnostics = decoding.streamDiagnostics
        streamerVersion = decoding.streamerVersion
        systemVersion = decoding.systemVersion
        mayHaveLostEntries = decoding.droppedNewEntry
        ending = decoding.ending
        sharedTexts = decoding.sharedTextCache
    }

    /// The class record of object `id`, if it has a readable one.
    package func classID(ofObject id: ObjectID) -> ObjectID? { table.classID(ofObject: id, in: input, bigEndian: bigEndian) }

    /// The fields of object `id`: kept from the pass, or read again from its bytes, nested objects
    /// stepped over to where the table says they end.
    func fields(of id: ObjectID) -> [Field] {
        if let kept = keptFields[id] { return kept }
        guard id >= 0, id < table.count, table.kind(id) == .object else { return [] }
        var decoding = TypedstreamDecoding(replaying: id, in: self)
        return decoding.replayFields()
    }

    /// `fields(of:)` as a collection: an object with very many fields (and no problem) reads field *i*
    /// when asked, from the block holding it.
    func fieldCollection(of id: ObjectID, owner: ObjectIdentifier) -> FieldCollection {
        guard keptFields[id] == nil, let layout = fieldLayouts[id] else { return FieldCollection(fields(of: id)) }
        let index = self
        let blocks = fieldBlocks
        return FieldCollection(count: layout.count, identity: FieldList.Identity(owner: owner, node: id), tail: layout.tail) { i in
            let block = layout.block(holding: i)
            // A kept block is found without a closure over the index: one made per field copied the
            // whole index (its tables retained and released) for each of a million fields.
            let fields: [Field]
            if let kept = blocks.kept(of: id, block: block) {
                fields = kept
            } else {
                fields = blocks.keep(index.readBlock(block, of: id, layout: layout), of: id, block: block)
            }
            let first = layout.fields(ofBlock: block).first
            let at = i - first
            // A block cut short (never for an object that decoded cleanly) shows what is missing.
            return at >= 0 && at < fields.count ? fields[at] : Field(key: String(i), value: .invalid("field \(i) could not be read again"))
        }
    }

    /// The fields of block `block` of object `id` (`TypedstreamFieldLayout`), read again.
    func readBlock(_ block: Int, of id: ObjectID, layout: TypedstreamFieldLayout) -> [Field] {
        let wanted = layout.fields(ofBlock: block).count
        if block < 0 {
            var decoding = TypedstreamDecoding(replaying: id, in: self)
            return decoding.replayFields(limit: wanted)
        }
        var decoding = TypedstreamDecoding(replaying: id, from: layout.checkpoints[block], in: self)
        return decoding.replayFields(limit: wanted)
    }

    /// A C string's value, when its shared string could be read.
    func cStringValue(_ id: ObjectID) -> ScalarValue? {
        guard let index = table.cStringIndex(id), index < sharedStrings.count else { return nil }
        return cStringValues.value(index) { TypedstreamDecoding.textOrData(input.bytes(in: sharedStrings[index])) }
    }

    /// The bytes of C string `id`: its `84`, then a literal shared string or a reference to one.
    func cStringRange(_ id: ObjectID) -> ByteRange {
        let start = table.start(id)
        guard let head = input.byte(at: start + 1) else { return ByteRange(start, start + 1) }
        if head == TypedstreamTag.new, let index = table.cStringIndex(id), index < sharedStrings.count {
            return ByteRange(start, sharedStrings[index].end)
        }
        return ByteRange(start, Swift.min(input.count, start + 1 + TypedstreamReader.integerSize(head: head)))
    }
}

/// A replay's state: the object being read and the number the next new entry has in the index.
struct TypedstreamReplay {
    let target: ObjectID
    var nextID: ObjectID
    /// The number of the first field read (a replay from a checkpoint starts past the first).
    var fieldBase = 0
}

extension TypedstreamDecoding {
    /// A decoder that reads object `id` again from its `84`, with the index's tables. Its members are
    /// set here rather than through `init(input:keeping:)`, and the index is borrowed: delegating and
    /// passing the index copied the whole decoding state and the index once more for every object
    /// read again (a third of making the decoder).
    init(replaying id: ObjectID, in index: borrowing TypedstreamIndex) {
        reader = TypedstreamReader(input: index.input, bigEndian: index.bigEndian)
        policy = .replay(id)
        valueBudget = Self.valueBudget(inputSize: index.input.count)
        table = index.table
        sharedStrings = index.sharedStrings
        typeCache = index.typeCache
        sharedTextCache = index.sharedTexts
        replay = TypedstreamReplay(target: id, nextID: id)
    }

    /// A decoder that reads object `id` again from `checkpoint`, a group start inside it.
    init(replaying id: ObjectID, from checkpoint: TypedstreamCheckpoint, in index: borrowing TypedstreamIndex) {
        self.init(replaying: id, in: index)
        replay = TypedstreamReplay(target: id, nextID: checkpoint.nextEntry, fieldBase: checkpoint.field)
        reader.offset = checkpoint.offset
        frames = [Frame(kind: .object(id), keeps: true, start: table.start(id))]
        openObjects = [id]
    }

    /// Reads the replayed object to its `86` (or, given a `limit`, until that many fields are read,
    /// at a group's end) and returns its fields. The object decoded without a problem the first time,
    /// so the same steps give the same values; should anything stop it, the fields read so far are
    /// returned.
    mutating func replayFields(limit: Int = .max) -> [Field] {
        guard let target = replay?.target else { return [] }
        do {
            if frames.isEmpty {
                reader.offset = table.start(target)
                try objectValue(start: reader.offset)
            }
            while !frames.isEmpty, frames.count > 1 || replayedFields.count < limit {
                try step()
            }
        } catch {
            return replayedFields
        }
        return replayedFields
    }
}

/// Values decoded once per shared string and handed to every C string naming it (a two-byte
/// reference can name a 100 KB string thousands of times).
final class TypedstreamValueCache: Sendable {
    private let values = Mutex<[Int: ScalarValue]>([:])

    /// The value for shared string `index`, made by `make` the first time.
    func value(_ index: Int, make: () -> ScalarValue) -> ScalarValue {
        if let known = values.withLock({ $0[index] }) { return known }
        let made = make()
        values.withLock { $0[index] = made }
        return made
    }
}
