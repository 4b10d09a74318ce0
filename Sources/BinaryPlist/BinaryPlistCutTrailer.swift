import ArchiveCore

/// A bplist that lost its last 1–31 bytes: the trailer's start is still there, right after a whole
/// offset table, and the table itself gives the fields the cut removed.
///
/// When the last 32 bytes are read as the trailer of such a file they are shifted garbage whose sizes
/// may even look valid (a 1-byte cut reads an offset width of 0 and the real offset width as the
/// reference width), so the layout tries this reading before trusting any trailer field: the six
/// zero bytes that open a trailer at `n - 32 + cut`, a table ending there whose entries fall back to
/// offset 8, and the trailer fields that remain agreeing with that table.
package struct BinaryPlistCutTrailer: Equatable, Sendable {
    /// Bytes missing from the end of the file.
    package let cut: Int
    /// Where the trailer starts (it runs to the end of the file, `32 - cut` bytes).
    package let trailerStart: Int
    package let tableOffset: Int
    package let offsetSize: Int
    package let count: Int
    /// From the trailer when that byte survived, else the width Apple's writer picks for `count`.
    let refSize: Int
    /// From the trailer when it survived, else 0 (Apple's writer always uses 0).
    let top: Int

    /// The cut reading of `input`, or nil when the file does not look cut inside its trailer.
    package static func find(_ input: InputBytes) -> BinaryPlistCutTrailer? {
        let n = input.count
        for cut in 1...31 {
            if let found = reading(input, cut: cut, fileLength: n) { return found }
        }
        return nil
    }

    private static func reading(_ input: InputBytes, cut: Int, fileLength n: Int) -> BinaryPlistCutTrailer? {
        let p = n - 32 + cut, present = 32 - cut
        guard p >= 9, (0..<Swift.min(6, present)).allSatisfy({ input.byte(at: p + $0) == 0 }) else { return nil }
        let byte = { (i: Int) in present > i ? input.byte(at: p + i).map(Int.init) : nil }
        let widths: [Int]
        if let o = byte(6) { widths = [1, 2, 4, 8].contains(o) ? [o] : [] } else { widths = [1, 2, 4, 8] }
        let claimed = present >= 16 ? input.uintBE(at: p + 8, width: 8) : nil
        for width in widths {
            guard let (table, count) = tableEnding(input, at: p, width: width), count >= (widths.count > 1 ? 4 : 1),
                  claimed.map({ $0 == UInt64(count) }) ?? true else { continue }
            let refSize = byte(7) ?? BinaryPlistBuilder.width(for: UInt64(count))
            guard (1...8).contains(refSize) else { continue }
            let top = present >= 24 ? input.uintBE(at: p + 16, width: 8).map { Int(clamping: $0) } ?? 0 : 0
            guard top < count else { continue }
            return BinaryPlistCutTrailer(cut: cut, trailerStart: p, tableOffset: table, offsetSize: width, count: count,
                                         refSize: refSize, top: top)
        }
        return nil
    }

    /// A table whose last entry ends at `end`: walking back, entries decrease until one is 8, and
    /// every entry points before the table. Returns its start and entry count.
    package static func tableEnding(_ input: InputBytes, at end: Int, width: Int) -> (table: Int, count: Int)? {
        var position = end - width
        var next = Int.max
        var largest = 0
        var count = 0
        while position >= 9, let value = input.uintBE(at: position, width: width).map({ Int(clamping: $0) }), value < next, value >= 8 {
            count += 1
            largest = Swift.max(largest, value)
            if value == 8 { return largest < position ? (position, count) : nil }
            next = value
            position -= width
        }
        return nil
    }

    /// The trailer fields the cut removed, named for a message: "the object count, top object fields".
    package var lostFields: String {
        let present = 32 - cut
        let fields: [(Int, String)] = [(6, "sizes"), (8, "object count"), (16, "top object"), (24, "offset-table offset")]
        let lost = fields.filter { $0.0 + ($0.0 == 6 ? 2 : 8) > present }.map(\.1)
        return "the " + lost.joined(separator: ", ") + (lost.count == 1 ? " field" : " fields")
    }
}
