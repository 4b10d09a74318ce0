import ArchiveCore

/// The 32-byte trailer of a bplist00 file (FORMATS.md A.3).
package struct BinaryPlistTrailer: Sendable, Equatable {
    /// Byte width of offset-table entries (O), trailer offset 6.
    package var offsetIntSize: Int
    /// Byte width of object references (R), trailer offset 7.
    package var objectRefSize: Int
    /// Number of objects (N), trailer offset 8, u64.
    var numObjects: UInt64
    /// Index of the top object, trailer offset 16, u64.
    package var topObject: UInt64
    /// Start of the offset table (T), trailer offset 24, u64.
    var offsetTableOffset: UInt64
    /// The five unused bytes and the sort-version byte, trailer offsets 0–5.
    package var unused: [UInt8]
    /// Where the trailer sits in the file.
    package var range: ByteRange

    /// Reads the trailer from the last 32 bytes, or nil when the input is shorter than that.
    package init?(_ input: InputBytes) {
        let start = input.count - 32
        guard start >= 0,
              let o = input.byte(at: start + 6), let r = input.byte(at: start + 7),
              let n = input.uintBE(at: start + 8, width: 8), let top = input.uintBE(at: start + 16, width: 8),
              let t = input.uintBE(at: start + 24, width: 8) else { return nil }
        offsetIntSize = Int(o)
        objectRefSize = Int(r)
        numObjects = n
        topObject = top
        offsetTableOffset = t
        unused = input.bytes(in: ByteRange(start, start + 6))
        range = ByteRange(start, input.count)
    }

    /// The fewest bytes `fitsExactly` accepts: a header, one object byte and the trailer.
    static let smallestFit = 8 + 1 + 32

    /// Whether the last 32 bytes of `input` are a bplist00 trailer that fits the file exactly: zero
    /// unused bytes, widths 1–8, at least one object and the top one among them, and an offset table
    /// that starts past the header and ends where the trailer starts, with its first entry in the
    /// object area. Chance gives this about never, so it identifies a bplist whose header is damaged.
    static func fitsExactly(_ input: InputBytes) -> Bool {
        guard input.count >= smallestFit, let t = BinaryPlistTrailer(input), t.unused.allSatisfy({ $0 == 0 }),
              (1...8).contains(t.offsetIntSize), (1...8).contains(t.objectRefSize),
              t.numObjects >= 1, t.numObjects < (1 << 32), t.topObject < t.numObjects,
              t.offsetTableOffset >= 9, t.offsetTableOffset < UInt64(t.range.start) else { return false }
        let (table, overflow) = t.numObjects.multipliedReportingOverflow(by: UInt64(t.offsetIntSize))
        guard !overflow, t.offsetTableOffset + table == UInt64(t.range.start),
              let first = input.uintBE(at: Int(t.offsetTableOffset), width: t.offsetIntSize) else { return false }
        return first >= 8 && first < t.offsetTableOffset
    }

    /// Trailer field ranges, for precise diagnostics.
    func fieldRange(_ offset: Int, _ width: Int) -> ByteRange { ByteRange(start: range.start + offset, count: width) }
}
