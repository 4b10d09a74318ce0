import ArchiveCore

/// Rebuilds a binary plist's offset table from which a CR LF → LF transfer took bytes: the damaged
/// table bytes with `lost` CRs put back, each before one of their LF bytes, so that the table reads
/// as Apple's writer makes one (the first entry 8, each larger than the one before, all below the
/// trailer's table offset).
///
/// A depth-first search over the LF bytes, in order: at each one the CR is first left out, then put
/// back; an entry that breaks the rule ends the branch as soon as its last byte is read, so a wrong
/// placement costs a few entries. Solutions come one at a time (`next`), so the caller can walk the
/// objects against each. Bounded by the budget of branches abandoned; its state is four integers
/// per decision and the table being rebuilt (the size of the table).
struct OffsetTableRepair {
    /// More bytes lost in one table than this is not searched (each is a branch at every LF after it).
    static let maxLost = 64

    /// One rebuilt table: the entries, and the offsets (in the converted file) of the LF bytes a CR
    /// was put back before.
    struct Table {
        var offsets: [Int]
        var insertions: [Int]
    }

    private let region: ArraySlice<UInt8>
    private let lost: Int
    private let width: Int
    private let count: Int
    private let limit: Int
    /// Branches abandoned so far (the search's cost).
    private(set) var tried = 0

    /// A decision still to take the other way: at region index `index`, put the CR back.
    private struct Decision {
        var index: Int
        var bytes: Int
        var inserted: Int
        var entries: Int
    }

    private var bytes: [UInt8] = []
    private var insertions: [Int] = []
    private var entries: [Int] = []
    private var decisions: [Decision] = []
    private var index: Int
    /// The region index where a CR was just put back (the LF there is read next, with no second CR).
    private var justInserted: Int?
    private var started = false
    private var finished = false

    /// `region`: the damaged table bytes (up to the trailer); `lost`: the CRs to put back; `width`:
    /// the entry width; `count`: the entries the trailer declares; `limit`: the trailer's table offset.
    init(_ region: ArraySlice<UInt8>, lost: Int, width: Int, count: Int, limit: Int) {
        self.region = region
        self.lost = lost
        self.width = width
        self.count = count
        self.limit = limit
        index = region.startIndex
        let (total, overflow) = count.multipliedReportingOverflow(by: width)
        // The damaged region must be exactly the table less the lost bytes.
        finished = overflow || lost < 0 || region.count + lost != total
    }

    /// The next table that fits, or nil when there is none (or `budget` branches were abandoned).
    mutating func next(budget: Int) -> Table? {
        tried = 0
        guard !finished else { return nil }
        if started, !backtrack() { return nil }
        started = true
        while tried <= budget {
            if bytes.count == count * width {
                if insertions.count == lost { return Table(offsets: entries, insertions: insertions) }
                guard backtrack() else { return nil }
                continue
            }
            guard step() else {
                guard backtrack() else { return nil }
                continue
            }
        }
        finished = true
        return nil
    }

    /// Reads the next byte of the table (the region's, or a CR put back is decided later); false when
    /// the entry it completes breaks the rule.
    private mutating func step() -> Bool {
        guard index < region.endIndex else { return false }
        let byte = region[index]
        if byte == LineEndingConversion.lf, justInserted != index, insertions.count < lost {
            decisions.append(Decision(index: index, bytes: bytes.count, inserted: insertions.count, entries: entries.count))
        }
        justInserted = nil
        index += 1
        return append(byte)
    }

    /// Appends one table byte; checks the entry when it is complete.
    private mutating func append(_ byte: UInt8) -> Bool {
        bytes.append(byte)
        guard bytes.count % width == 0 else { return true }
        var wide: UInt64 = 0
        for b in bytes[(bytes.count - width)...] { wide = wide << 8 | UInt64(b) }
        guard wide < UInt64(clamping: limit) else { return false }
        let value = Int(wide)
        guard entries.last.map({ value > $0 }) ?? (value == 8) else { return false }
        entries.append(value)
        return true
    }

    /// Returns to the last decision and takes it the other way (the CR put back); false when none is left.
    private mutating func backtrack() -> Bool {
        tried += 1
        while let decision = decisions.popLast() {
            bytes.removeSubrange(decision.bytes...)
            insertions.removeSubrange(decision.inserted...)
            entries.removeSubrange(decision.entries...)
            index = decision.index
            insertions.append(decision.index)
            justInserted = decision.index
            if append(LineEndingConversion.cr) { return true }
        }
        finished = true
        return false
    }
}
