import ArchiveModel
import Foundation

/// One file's share of located corruptions: single-byte changes that an independent reader
/// (Foundation's `PropertyListSerialization`, CoreFoundation's bplist parser) rejects, and how many
/// of those archive-browse locates: a diagnostic (error or warning) whose range, or one of whose
/// notes' ranges, covers the changed byte or overlaps the object the byte belongs to.
struct LocateMeasurement {
    enum Region: String, CaseIterable {
        case objects = "object bytes", table = "offset table", trailer
    }

    struct Tally {
        var rejected = 0
        var located = 0
        /// A few variants that were not located, for the report: (offset, new byte).
        var misses: [(Int, UInt8)] = []
    }

    let name: String
    let original: [UInt8]
    /// Each bplist object's byte range in the original, by object index.
    let objectRanges: [ByteRange?]
    let tableStart: Int

    /// Nil when `bytes` is not a clean binary keyed archive that Foundation reads.
    init?(name: String, bytes: [UInt8]) {
        let doc = ArchiveDocument.open(InputBytes(bytes), name: name)
        guard doc.format == .binaryPlist, doc.graph is KeyedArchiveGraph, let tree = doc.tree,
              !DocumentCheck.fullCheck(of: doc.graph).contains(where: { $0.severity == .error }),
              Self.accepted(bytes), bytes.count >= 48 else { return nil }
        let trailer = bytes.suffix(8).reduce(0) { $0 << 8 | Int($1) }
        guard trailer >= 9, trailer < bytes.count - 32 else { return nil }
        self.name = name
        original = bytes
        tableStart = trailer
        objectRanges = (0..<tree.nodeCount).map { tree.node($0).range }
    }

    /// Whether CoreFoundation's reader (through Foundation, in a child process) parses `bytes`.
    ///
    /// A file with a container cycle, or nested past CF's limit, counts as rejected without asking
    /// Foundation: CF on macOS rejects both, and Linux Foundation recurses on a cycle until the stack
    /// overflows (TOOLCHAIN.md).
    static func accepted(_ bytes: [UInt8]) -> Bool {
        let fatal: Set<String> = ["bplist.container.cycle", "bplist.depth.exceeded"]
        if BinaryPlistTree(InputBytes(bytes)).fullCheck(progress: { _ in true }).contains(where: { fatal.contains($0.id) }) { return false }
        return reader.accepts(bytes)
    }

    /// The one Foundation reader process of this run.
    nonisolated(unsafe) static let reader = FoundationReader()

    func region(of offset: Int) -> Region? {
        if offset < 8 { return nil }
        if offset < tableStart { return .objects }
        return offset < original.count - 32 ? .table : .trailer
    }

    /// The object a changed byte belongs to: the object whose bytes hold it, or for an offset-table
    /// byte the object its entry places.
    func damagedObject(at offset: Int, entrySize: Int) -> ByteRange? {
        switch region(of: offset) {
        case .objects: return objectRanges.lazy.compactMap { $0 }.first { $0.contains(offset) }
        case .table:
            let index = (offset - tableStart) / Swift.max(1, entrySize)
            return index < objectRanges.count ? objectRanges[index] : nil
        default: return nil
        }
    }

    /// Measures `positions` with `values` new bytes each, adding to `tallies`.
    func measure(positions: [Int], values: (Int, UInt8) -> [UInt8], into tallies: inout [Region: Tally]) {
        let entrySize = Int(original[original.count - 26])
        for offset in positions {
            guard let region = region(of: offset) else { continue }
            let object = damagedObject(at: offset, entrySize: entrySize)
            for value in values(offset, original[offset]) {
                var bytes = original
                bytes[offset] = value
                guard !Self.accepted(bytes) else { continue }
                tallies[region, default: Tally()].rejected += 1
                if located(bytes, offset: offset, object: object) {
                    tallies[region, default: Tally()].located += 1
                } else if (tallies[region]?.misses.count ?? 0) < 5 {
                    tallies[region, default: Tally()].misses.append((offset, value))
                }
            }
        }
    }

    func located(_ bytes: [UInt8], offset: Int, object: ByteRange?) -> Bool {
        let doc = ArchiveDocument.open(InputBytes(bytes), name: name)
        let byte = ByteRange(start: offset, count: 1)
        for d in DocumentCheck.fullCheck(of: doc.graph) where d.severity >= .warning {
            for range in [d.range].compactMap({ $0 }) + d.notes.compactMap(\.range) {
                if range.overlaps(byte) || (range.count == 0 && range.start == offset) { return true }
                if let object, range.overlaps(object) { return true }
            }
        }
        return false
    }
}
