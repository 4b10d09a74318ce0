import ArchiveCore

/// Searches back a text-mode transfer that turned every CR LF pair of a binary plist into a lone LF,
/// so the file lost one byte per pair and every object after the first pair moved.
///
/// The trailer and the offset table (at the end, after the last pair) still hold the original
/// geometry: the table gives each object's original offset, so each object's original length. Walking
/// the objects from offset 8, the bytes lost inside object *i* are its original length minus the
/// distance to where object *i + 1* starts in the converted bytes; the search tries, object by object,
/// putting a CR back before some of the object's LF bytes, fewest first, keeping a choice when the
/// object then claims exactly its original length (its markers and counts read from the repaired
/// bytes) and the next object starts with a marker bplist00 has; it backtracks when a later object
/// finds no choice, and the pairs put back must add up to the bytes the trailer says are missing.
/// Which of several LF bytes of one value got the CR is not decided by any structure (the count is);
/// those objects are reported undecided, except in a container, whose references must name objects
/// that exist; those placements are handed to the format's check as groups (`alternatives`). When a
/// pair sat in the offset table itself, the table is rebuilt first (`OffsetTableRepair`). Bounded by
/// `budget` choices tried and `maxSubsets` placements per object and count.
struct CRLFToLFRepair {
    let converted: [UInt8]
    /// Where the CRs go back (offsets in the converted bytes: a CR is put before each).
    private(set) var insertions: [Int] = []
    /// Converted offsets of objects whose CR placement is one of several that fit.
    private(set) var undecided: [Int] = []
    /// The damaged bytes of each undecided object: which of its LF bytes had the CR is not decided.
    private(set) var undecidedRanges: [Range<Int>] = []
    /// For each undecided object, every placement of its CRs that fits (the chosen one among them):
    /// what the format's check has to settle (`GuidedLineEndingSearch`'s groups).
    private(set) var alternatives: [[[Int]]] = []
    private(set) var tried = 0
    /// An object's marker and count fit in its first 10 bytes (1 + 1 + 8); a little more for safety.
    static let headLength = 16

    init(_ bytes: [UInt8]) { converted = bytes }

    /// The repaired bytes, or nil when the geometry does not allow a repair or the search found none.
    ///
    /// The lost bytes lie in the object area (the offset table, read back from the end, still holds the
    /// original offsets: `BinaryPlistShortfall`), in the offset table itself (then the table read from
    /// the end is misaligned before the last lost byte, and is rebuilt by `OffsetTableRepair`), or in
    /// both: for each split of the lost bytes between the two, the table is rebuilt and the objects are
    /// walked against it; the first split whose table and objects both fit is kept.
    mutating func run(budget: Int) -> [UInt8]? {
        let tail = BinaryPlistTail(input: InputBytes(converted))
        guard let f = tail.trailerShape else { return nil }
        let n = converted.count
        let (tableBytes, overflow) = f.count.multipliedReportingOverflow(by: f.offsetSize)
        guard !overflow, tableBytes + 32 < n else { return nil }
        if let missing = BinaryPlistShortfall.find(tail), missing > 0 {
            let table = n - 32 - tableBytes
            var offsets: [Int] = []
            for i in 0..<f.count {
                guard let value = tail.entry(i, table: table, width: f.offsetSize), value >= 8, value < f.tableOffset else { break }
                offsets.append(value)
            }
            if offsets.count == f.count, let walked = walk(offsets: offsets, shape: f, missing: missing, end: table, budget: budget) {
                return finish(walked, tableInsertions: [])
            }
        }
        return rebuildingTable(shape: f, tableBytes: tableBytes, budget: budget)
    }

    /// The repair when some of the lost bytes lie in the offset table: for each number of them lost in
    /// the object area (none first), the table's damaged bytes with the rest put back, walked.
    private mutating func rebuildingTable(shape f: BinaryPlistTail.Fields, tableBytes: Int, budget: Int) -> [UInt8]? {
        let n = converted.count
        let (declared, overflow) = f.tableOffset.addingReportingOverflow(tableBytes + 32)
        guard !overflow, declared > n, declared - n <= OffsetTableRepair.maxLost else { return nil }
        let missing = declared - n
        for objectsLost in 0...missing {
            let tableStart = f.tableOffset - objectsLost
            guard tableStart >= 9, tableStart <= n - 32 else { continue }
            var tables = OffsetTableRepair(converted[tableStart..<(n - 32)], lost: missing - objectsLost, width: f.offsetSize,
                                           count: f.count, limit: f.tableOffset)
            while tried <= budget, let table = tables.next(budget: budget - tried) {
                tried += tables.tried
                if let walked = walk(offsets: table.offsets, shape: f, missing: objectsLost, end: tableStart, budget: budget) {
                    return finish(walked, tableInsertions: table.insertions)
                }
            }
            tried += tables.tried
        }
        return nil
    }

    /// A walk's result: the CRs put back in the object area, and the objects whose placement is one of several.
    private struct Walked {
        var insertions: [Int]
        var undecided: [Int]
        var undecidedRanges: [Range<Int>]
        var alternatives: [[[Int]]]
    }

    /// Walks the objects from offset 8 against the original `offsets`, putting `missing` CRs back
    /// before LF bytes of the object area, which ends at `end` in the converted bytes.
    private mutating func walk(offsets: [Int], shape f: BinaryPlistTail.Fields, missing: Int, end table: Int, budget: Int) -> Walked? {
        guard offsets.first == 8, zip(offsets, offsets.dropFirst()).allSatisfy({ $0 < $1 }) else { return nil }
        let lengths = offsets.indices.map { i in (i + 1 < offsets.count ? offsets[i + 1] : f.tableOffset) - offsets[i] }
        // Depth-first over objects: each frame is the object's choices and the one being tried.
        var choices: [[[Int]]] = []
        var picked: [Int] = []
        var position = 8, lost = 0
        var i = 0
        while i < f.count {
            if choices.count == i {
                let options = objectChoices(at: position, length: lengths[i], refSize: f.refSize, objectCount: f.count,
                                            isLast: i + 1 == f.count, lostSoFar: lost, missing: missing, end: table)
                tried += options.count
                choices.append(options)
                picked.append(-1)
            }
            picked[i] += 1
            if picked[i] >= choices[i].count || tried > budget {
                guard tried <= budget, i > 0 else { return nil }
                // Back up: undo the previous object's choice and try its next one.
                choices.removeLast()
                picked.removeLast()
                i -= 1
                let undone = choices[i][picked[i]]
                lost -= undone.count
                position -= lengths[i] - undone.count
                continue
            }
            let chosen = choices[i][picked[i]]
            lost += chosen.count
            position += lengths[i] - chosen.count
            i += 1
        }
        guard lost == missing, position == table else { return nil }
        var walked = Walked(insertions: [], undecided: [], undecidedRanges: [], alternatives: [])
        var start = 8
        for (j, frame) in choices.enumerated() {
            let chosen = frame[picked[j]]
            walked.insertions += chosen
            let alike = frame.filter { $0.count == chosen.count }
            if alike.count > 1 {
                walked.undecided.append(start)
                walked.undecidedRanges.append(start..<(start + lengths[j] - chosen.count))
                walked.alternatives.append(alike)
            }
            start += lengths[j] - chosen.count
        }
        return walked
    }

    /// Records a walk's result and returns the repaired bytes.
    private mutating func finish(_ walked: Walked, tableInsertions: [Int]) -> [UInt8] {
        insertions = walked.insertions + tableInsertions
        undecided = walked.undecided
        undecidedRanges = walked.undecidedRanges
        alternatives = walked.alternatives
        var repaired: [UInt8] = []
        repaired.reserveCapacity(converted.count + insertions.count)
        let put = Set(insertions)
        for (offset, byte) in converted.enumerated() {
            if put.contains(offset) { repaired.append(0x0D) }
            repaired.append(byte)
        }
        return repaired
    }

    /// The ways object `length` bytes long (originally) at converted offset `position` can have lost
    /// CRs: sets of its LF offsets, fewest first, each leaving an object that claims exactly `length`
    /// bytes and followed by a marker (or by the table, for the last).
    private func objectChoices(at position: Int, length: Int, refSize: Int, objectCount: Int, isLast: Bool, lostSoFar: Int,
                               missing: Int, end: Int) -> [[Int]] {
        guard position < end else { return [] }
        let window = Swift.min(end, position + length)
        let lfs = (position..<window).filter { converted[$0] == 0x0A }
        var found: [[Int]] = []
        for k in 0...Swift.min(lfs.count, missing - lostSoFar) {
            let next = position + length - k
            guard next <= end else { continue }
            if isLast ? next != end : !startsObject(at: next, refSize: refSize) { continue }
            let candidates = lfs.filter { $0 < next }
            // Too many ways to place k CRs among them: not searched (the object stays undecided).
            guard Self.binomial(candidates.count, k) <= Self.maxSubsets else { continue }
            for subset in Self.subsets(of: candidates, size: k) where fits(subset, at: position, next: next, length: length,
                                                                              refSize: refSize, objectCount: objectCount) {
                found.append(subset)
            }
        }
        return found
    }

    /// Whether the object at `position` with CRs put back before `subset` claims `length` bytes and,
    /// for a container of up to 64 KiB, refers only to objects that exist.
    private func fits(_ subset: [Int], at position: Int, next: Int, length: Int, refSize: Int, objectCount: Int) -> Bool {
        let marker = converted[position] >> 4
        let isContainer = [0xA, 0xC, 0xD].contains(marker) && length <= 1 << 16
        // The length an object claims is in its first bytes (marker, count): only those are rebuilt, unless its references are checked.
        let end = isContainer ? next : Swift.min(next, position + Self.headLength)
        var bytes = Array(converted[position..<end])
        for offset in subset.reversed() where offset < end { bytes.insert(0x0D, at: offset - position) }
        let tail = BinaryPlistTail(input: InputBytes(bytes))
        guard tail.claimedLength(at: 0, refSize: refSize) == length else { return false }
        guard isContainer else { return true }
        let low = Int(bytes[0] & 0x0F)
        var start = 1
        if low == 0x0F, bytes.count > 1 { start = 2 + (1 << Int(bytes[1] & 0x0F)) }
        var offset = start
        while offset + refSize <= bytes.count {
            guard let ref = tail.input.uintBE(at: offset, width: refSize), ref < UInt64(objectCount) else { return false }
            offset += refSize
        }
        return true
    }

    static let maxSubsets = 4_096

    static func binomial(_ n: Int, _ k: Int) -> Int {
        guard k >= 0, k <= n else { return 0 }
        var result = 1
        for i in 0..<Swift.min(k, n - k) {
            result = result * (n - i) / (i + 1)
            if result > maxSubsets { return result }
        }
        return result
    }

    private func startsObject(at offset: Int, refSize: Int) -> Bool {
        guard offset < converted.count else { return false }
        return BinaryPlistTail(input: InputBytes(converted[offset..<Swift.min(converted.count, offset + 16)])).claimedLength(at: 0, refSize: refSize) != nil
    }

    /// The subsets of `items` with `size` elements, in order.
    static func subsets(of items: [Int], size: Int) -> [[Int]] {
        guard size > 0 else { return [[]] }
        guard size <= items.count else { return [] }
        var result: [[Int]] = []
        var indices = Array(0..<size)
        while true {
            result.append(indices.map { items[$0] })
            var i = size - 1
            while i >= 0 && indices[i] == items.count - size + i { i -= 1 }
            if i < 0 { return result }
            indices[i] += 1
            for j in (i + 1)..<size { indices[j] = indices[j - 1] + 1 }
        }
    }
}
