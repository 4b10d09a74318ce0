import ArchiveCore

/// Reads a binary plist's geometry straight from the bytes, trusting nothing: whether the last 32
/// bytes are a self-consistent trailer, whether an offset table sits at a given place, and how long
/// the object starting at an offset claims to be. The damage detectors use it to tell a cut file, a
/// file that lost bytes in the middle and a file whose bytes were rewritten apart (FORMATS.md A.3–A.5).
package struct BinaryPlistTail {
    package let input: InputBytes

    package init(input: InputBytes) {
        self.input = input
    }

    /// The trailer fields (offset int size, ref size, object count, top object, table offset).
    package struct Fields: Equatable {
        package var offsetSize: Int
        package var refSize: Int
        package var count: Int
        var top: Int
        package var tableOffset: Int
    }

    /// The fields of the last 32 bytes when their sizes are possible (1–8 bytes, at least one object,
    /// the top object in range, the table after the header), whether or not they fit the file.
    package var trailerShape: Fields? {
        guard let trailer = BinaryPlistTrailer(input), (1...8).contains(trailer.offsetIntSize), (1...8).contains(trailer.objectRefSize),
              trailer.numObjects >= 1, trailer.numObjects < UInt64(input.count), trailer.topObject < trailer.numObjects,
              trailer.offsetTableOffset >= 9, trailer.offsetTableOffset < UInt64(Int.max / 2) else { return nil }
        return Fields(offsetSize: trailer.offsetIntSize, refSize: trailer.objectRefSize, count: Int(trailer.numObjects),
                      top: Int(trailer.topObject), tableOffset: Int(trailer.offsetTableOffset))
    }

    /// The trailer when it is possible and fits the file exactly: table offset + count × size + 32 = size.
    package var fittingTrailer: Fields? {
        guard let f = trailerShape, f.tableOffset + f.count * f.offsetSize + 32 == input.count else { return nil }
        return f
    }

    /// Table entry `index` of a table at `tableOffset` with entries `width` bytes wide.
    package func entry(_ index: Int, table tableOffset: Int, width: Int) -> Int? {
        let (position, overflow) = index.multipliedReportingOverflow(by: width)
        guard !overflow, let value = input.uintBE(at: tableOffset + position, width: width) else { return nil }
        return Int(clamping: value)
    }

    /// How many of the first `count` entries at `tableOffset` read as a table Apple's writer makes:
    /// the first is 8 and each is larger than the one before and below `limit`. Stops at the first
    /// entry that is not, so the result is the length of the plausible prefix.
    package func plausibleEntries(table tableOffset: Int, width: Int, count: Int, limit: Int) -> Int {
        var previous = 7
        for i in 0..<count {
            guard let value = entry(i, table: tableOffset, width: width), value > previous, value < limit,
                  i > 0 || value == 8 else { return i }
            previous = value
        }
        return count
    }

    /// The number of bytes the object starting at `offset` claims (marker, count and payload; for
    /// containers the references at `refSize` bytes each), or nil for a marker bplist00 does not have.
    /// The end may lie past the file: that is what a cut looks like.
    package func claimedLength(at offset: Int, refSize: Int) -> Int? {
        guard let marker = input.byte(at: offset) else { return nil }
        let low = Int(marker & 0x0F)
        func counted(_ unit: Int) -> Int? {
            var header = 1
            var count = low
            if low == 0x0F {
                guard let intMarker = input.byte(at: offset + 1), intMarker >> 4 == 1, intMarker & 0x0F <= 3 else { return nil }
                let width = 1 << Int(intMarker & 0x0F)
                guard let value = input.uintBE(at: offset + 2, width: width), value < UInt64(Int.max / 16) else { return nil }
                count = Int(value)
                header = 2 + width
            }
            return header + count * unit
        }
        switch marker >> 4 {
        case 0x0: return [0x00, 0x08, 0x09, 0x0F].contains(marker) ? 1 : nil
        case 0x1, 0x2: return low <= 4 ? 1 + (1 << low) : nil
        case 0x3: return marker == 0x33 ? 9 : nil
        case 0x4, 0x5: return counted(1)
        case 0x6: return counted(2)
        case 0x8: return 2 + low
        case 0xA, 0xC: return counted(refSize)
        case 0xD: return counted(2 * refSize)
        default: return nil
        }
    }

    /// Walks objects from offset 8 by their claimed lengths until one is not a bplist00 object or
    /// `limit` is reached: the starts seen and where the walk ended (past the file when the last
    /// object claims more bytes than remain).
    package func walkObjects(refSize: Int, limit: Int, maxObjects: Int = 10_000_000) -> (starts: [Int], end: Int) {
        var starts: [Int] = []
        var position = 8
        while position < limit, starts.count < maxObjects, let length = claimedLength(at: position, refSize: refSize), length > 0 {
            starts.append(position)
            let (next, overflow) = position.addingReportingOverflow(length)
            if overflow { return (starts, Int.max) }
            position = next
        }
        return (starts, position)
    }
}
