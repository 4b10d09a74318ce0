import ArchiveCore

/// Reads back the 0x0A bytes of a NIBArchive's object and value tables after a CR → LF transfer, by
/// their own arithmetic (FORMATS.md, NIBArchive). The object table: each object is three varints (class index, first value,
/// value count), and `UINibEncoder` writes the objects' runs of values back to back in object order,
/// so each object's first value is the previous one's first value plus its count, the first is 0, and
/// the last run ends at the header's value count.
///
/// A varint's last byte has its high bit set, so only its lower groups can be 0x0A or 0x0D, and a
/// reading never moves a byte: the table's layout is the same under every reading. Each object's first
/// value is decided by the running sum; a count with several readings by the next object's first value
/// (or the value count, for the last); a class index only where one reading is below the class count.
/// The value table: each value is a key index (a varint below the key count), a type byte (0x0A is
/// type 10, an object reference; 0x0D is no type) and its payload. A reference's bytes are decided
/// when one reading is below the object count, else left to the check; the bytes of numbers, data and
/// strings have no structure (`valueSites`: listed undecided without a judgement). A data length with
/// an 0x0A byte would move every later value: the value table is then left to the check whole.
/// What the arithmetic leaves open is left to the check (`GuidedLineEndingSearch`). Bounded by the
/// tables: at most 2^5 readings per varint (`NIBArchiveReader.varintLimit` bytes, at most 5 lower groups tried).
struct NIBArchiveStructureRepair {
    /// Offsets of 0x0A bytes read back as 0x0D.
    private(set) var chosen: [Int] = []
    /// Offsets of 0x0A bytes the arithmetic decided (either way): the search need not try them.
    private(set) var decided: Set<Int> = []
    /// Offsets of 0x0A bytes inside numbers, data and strings of the value table.
    private(set) var valueSites: [Int] = []
    private let bytes: [UInt8]

    /// Varint bytes enumerated together (2^5 readings).
    static let maxLFs = 5

    /// Runs over `bytes` (a CR → LF copy); nil when the header's table fields hold an 0x0A byte (they
    /// would need a reading of their own) or the table does not fit the file.
    init?(_ bytes: [UInt8]) {
        self.bytes = bytes
        guard bytes.count >= NIBArchiveLayout.headerSize, bytes.starts(with: NIBArchiveLayout.signature),
              !bytes[18..<NIBArchiveLayout.headerSize].contains(0x0A) else { return nil }
        let field = { (at: Int) -> Int in (0..<4).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) } }
        let (objectCount, objectTable, valueCount, classCount) = (field(18), field(22), field(34), field(42))
        let (keyCount, valueTable) = (field(26), field(38))
        guard let varints = Self.varints(bytes, from: objectTable, count: 3 * objectCount) else { return nil }
        var start = 0
        for i in 0..<objectCount {
            let (classIndex, first, count) = (varints[3 * i], varints[3 * i + 1], varints[3 * i + 2])
            decide(classIndex) { $0 < classCount }
            let firstValue = decide(first) { $0 == start }
            let nextFirst = i + 1 < objectCount ? varints[3 * (i + 1) + 1] : nil
            let ends = nextFirst.map { next in Set(readings(next).map(\.value)) } ?? [valueCount]
            start = firstValue &+ decide(count) { ends.contains(firstValue &+ $0) }
        }
        readValues(from: valueTable, count: valueCount, keys: keyCount, objects: objectCount)
    }

    /// The value table's key indexes, references and payloads (see the type's documentation); stops at
    /// the first value it cannot lay out for sure.
    private mutating func readValues(from offset: Int, count: Int, keys: Int, objects: Int) {
        guard offset >= NIBArchiveLayout.headerSize, count >= 0 else { return }
        var at = offset
        for _ in 0..<count {
            guard let key = Self.varints(bytes, from: at, count: 1)?.first, key.upperBound < bytes.count else { return }
            decide(key) { $0 < keys }
            let type = bytes[key.upperBound]
            at = key.upperBound + 1
            let payload: Int
            switch type {
            case 0: payload = 1
            case 1: payload = 2
            case 2, 6: payload = 4
            case 3, 7: payload = 8
            case 4, 5, 9: payload = 0
            case 10:
                // The type byte itself: 0x0D is no type, so an 0x0A here was one.
                decided.insert(key.upperBound)
                guard at + 4 <= bytes.count else { return }
                decideReference(at..<at + 4, objects: objects)
                at += 4
                continue
            case 8:
                guard let length = Self.varints(bytes, from: at, count: 1)?.first, !bytes[length].contains(0x0A) else { return }
                at = length.upperBound
                payload = value(length, crs: [])
            default: return
            }
            guard payload >= 0, payload <= bytes.count - at else { return }
            valueSites += (at..<at + payload).filter { bytes[$0] == 0x0A }
            at += payload
        }
    }

    /// A little-endian object reference: decided when one reading is below the object count.
    private mutating func decideReference(_ range: Range<Int>, objects: Int) {
        let lfs = range.filter { bytes[$0] == 0x0A }
        guard !lfs.isEmpty else { return }
        let fitting = (0..<(1 << lfs.count)).compactMap { mask -> [Int]? in
            let crs = lfs.indices.filter { mask & (1 << $0) != 0 }.map { lfs[$0] }
            let value = range.reversed().reduce(0) { $0 << 8 | (crs.contains($1) ? 0x0D : Int(bytes[$1])) }
            return value < objects ? crs : nil
        }
        guard fitting.count == 1 else { return }
        chosen += fitting[0]
        decided.formUnion(lfs)
    }

    /// Takes the reading of the varint at `range` that `fits` when it is the only one (its 0x0A bytes
    /// then decided); leaves it open otherwise. Returns the value read: the one that fits, the first
    /// of several that fit, else the bytes as they are.
    @discardableResult
    private mutating func decide(_ range: Range<Int>, fits: (Int) -> Bool) -> Int {
        let all = readings(range)
        let fitting = all.filter { fits($0.value) }
        if all.count > 1, fitting.count == 1 {
            chosen += fitting[0].crs
            decided.formUnion(range.filter { bytes[$0] == 0x0A })
        }
        return fitting.first?.value ?? value(range, crs: [])
    }

    /// Each subset of the varint's 0x0A bytes read as 0x0D, with the value it gives (one reading, as
    /// it is, past `maxLFs` such bytes).
    private func readings(_ range: Range<Int>) -> [(value: Int, crs: [Int])] {
        let lfs = range.filter { bytes[$0] == 0x0A }
        guard lfs.count <= Self.maxLFs else { return [(value(range, crs: []), [])] }
        return (0..<(1 << lfs.count)).map { mask in
            let crs = lfs.indices.filter { mask & (1 << $0) != 0 }.map { lfs[$0] }
            return (value(range, crs: crs), crs)
        }
    }

    /// The varint at `range` with the bytes at `crs` read as 0x0D (little-endian groups of 7 bits).
    private func value(_ range: Range<Int>, crs: [Int]) -> Int {
        var result = 0
        // Nine groups fill 63 bits; a longer varint is no count this table can hold.
        for (shift, i) in range.prefix(9).enumerated() {
            let byte = crs.contains(i) ? 0x0D : Int(bytes[i])
            result |= (byte & 0x7F) << (7 * shift)
        }
        return result
    }

    /// The ranges of `count` varints from `offset`; nil when they run past the end or one is longer
    /// than a varint can be.
    private static func varints(_ bytes: [UInt8], from offset: Int, count: Int) -> [Range<Int>]? {
        guard offset >= NIBArchiveLayout.headerSize, count >= 0, count <= bytes.count else { return nil }
        var ranges: [Range<Int>] = []
        ranges.reserveCapacity(count)
        var at = offset
        for _ in 0..<count {
            let start = at
            while at < bytes.count, bytes[at] & 0x80 == 0 {
                at += 1
                guard at - start < NIBArchiveReader.varintLimit else { return nil }
            }
            guard at < bytes.count else { return nil }
            at += 1
            ranges.append(start..<at)
        }
        return ranges
    }
}
