import Synchronization
import ArchiveCore

/// Where the fields of an object with very many of them (a typedstream NSArray of a million `@`
/// groups) can be read again from, one block at a time: the indexing pass notes a checkpoint every
/// `blockSize` fields (at a group start: its offset and the number the next new entry gets), so that
/// field *i* is read by replaying from the checkpoint before it instead of from the object's start.
struct TypedstreamFieldLayout: Sendable {
    /// Fields between checkpoints (at least; a checkpoint sits at the first group start past them).
    static let blockSize = 64
    /// Objects with fewer fields are read whole when shown.
    static let lazyThreshold = 256

    /// Number of fields of the object.
    let count: Int
    /// Checkpoints in field order; the first block starts at the object's `84`.
    let checkpoints: [TypedstreamCheckpoint]
    /// The type encoding every field from some position on has, when the last run of groups shares one
    /// type string of one type.
    let tail: FieldCollection.UniformTail?

    /// The block holding field `field`: the index of the checkpoint it starts at (-1: the object's
    /// start).
    func block(holding field: Int) -> Int {
        var low = 0, high = checkpoints.count
        while low < high {
            let mid = low + (high - low) / 2
            if checkpoints[mid].field <= field { low = mid + 1 } else { high = mid }
        }
        return low - 1
    }

    /// The first field of block `block` and the number of fields in it.
    func fields(ofBlock block: Int) -> (first: Int, count: Int) {
        let first = block < 0 ? 0 : checkpoints[block].field
        let end = block + 1 < checkpoints.count ? checkpoints[block + 1].field : count
        return (first, Swift.max(0, end - first))
    }
}

/// A place to resume reading an object's fields: the start of a group (FORMATS.md D.5).
struct TypedstreamCheckpoint: Sendable, Equatable {
    /// The number of the group's first field.
    var field: Int
    /// Where the group's type string starts.
    var offset: Int
    /// The table number the next new entry gets there.
    var nextEntry: Int
}

/// What the indexing pass counts for the innermost open object (`TypedstreamDecoding.tally`); plain
/// numbers, cheap to keep in a frame and to put back.
struct TypedstreamFieldTally {
    /// The object counted (-1: none, the top level).
    var object: ObjectID = -1
    var fields = 0
    /// The field number at which the next checkpoint is due.
    var nextCheckpoint = TypedstreamFieldLayout.blockSize
    /// Where the current run of groups of one single-type string starts, and that string's index (-1:
    /// no run).
    var runStart = 0
    var runType = -1
}

/// Blocks of fields read again, the most recently used kept: listing a million fields in order reads
/// each block once, and rows of two large objects shown together do not evict each other.
final class TypedstreamFieldBlocks: Sendable {
    private struct Block {
        var object: ObjectID
        var index: Int
        var fields: [Field]
    }

    /// Blocks kept (each about `TypedstreamFieldLayout.blockSize` fields).
    static let capacity = 16

    private let blocks = Mutex<[Block]>([])
    private let reads = Atomic<Int>(0)

    /// Blocks read so far (what tests count instead of timing).
    var blocksRead: Int { reads.load(ordering: .relaxed) }

    /// Block `index` of object `object` if it is kept (then the most recently used).
    func kept(of object: ObjectID, block index: Int) -> [Field]? {
        blocks.withLock { all in
            // The block last used is asked for again for each of its fields: found without moving it.
            if let last = all.last, last.object == object, last.index == index { return last.fields }
            guard let at = all.firstIndex(where: { $0.object == object && $0.index == index }) else { return nil }
            let found = all.remove(at: at)
            all.append(found)
            return found.fields
        }
    }

    /// Keeps `made`, block `index` of object `object`, just read; returns it.
    func keep(_ made: [Field], of object: ObjectID, block index: Int) -> [Field] {
        reads.add(1, ordering: .relaxed)
        blocks.withLock { all in
            if all.count >= Self.capacity { all.removeFirst() }
            all.append(Block(object: object, index: index, fields: made))
        }
        return made
    }
}
