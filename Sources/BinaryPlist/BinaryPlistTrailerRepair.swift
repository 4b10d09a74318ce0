import ArchiveCore

/// A trailer whose table offset or object count is damaged while the table itself is whole: the
/// field that disagrees with the table is named, and the table is read as it is.
///
/// Apple's writer puts the offset table right before the trailer, entry 0 pointing at offset 8 and
/// every entry larger than the one before (FORMATS.md A.3). When the trailer's numbers do not fit the
/// file, one changed field explains it if the other fields describe such a table: a table of the
/// claimed count ending at the trailer (the table offset is damaged), or a table from the claimed
/// offset to the trailer (the object count is damaged).
package struct BinaryPlistTrailerRepair: Equatable, Sendable {
    enum Field: Equatable, Sendable {
        case tableOffset, objectCount

        /// The field's place in the trailer (offset, width).
        var place: (offset: Int, width: Int) { self == .tableOffset ? (24, 8) : (8, 8) }
        var name: String { self == .tableOffset ? "offset-table offset" : "object count" }
    }

    let field: Field
    /// What the field holds, and what the table says it must be.
    let stored: UInt64
    let repaired: Int

    /// The repair for `trailer` of `input`, or nil when the trailer fits the file or no single field explains it.
    package static func find(_ input: InputBytes, _ trailer: BinaryPlistTrailer) -> BinaryPlistTrailerRepair? {
        let areaEnd = input.count - 32
        let o = trailer.offsetIntSize
        guard (1...8).contains(o), areaEnd > 9 else { return nil }
        let n = trailer.numObjects, t = trailer.offsetTableOffset
        let (bytes, overflow) = n.multipliedReportingOverflow(by: UInt64(o))
        if !overflow, bytes == UInt64(areaEnd) - Swift.min(t, UInt64(areaEnd)) { return nil }   // it fits
        let tail = BinaryPlistTail(input: input)
        // The count is right: a table of n entries ends at the trailer.
        if !overflow, n >= 1, bytes < UInt64(areaEnd - 8) {
            let start = areaEnd - Int(bytes)
            if UInt64(start) != t, tail.plausibleEntries(table: start, width: o, count: Int(n), limit: start) == Int(n),
               lastObjectEnds(at: start, tail, table: start, width: o, count: Int(n), refSize: trailer.objectRefSize) {
                return BinaryPlistTrailerRepair(field: .tableOffset, stored: t, repaired: start)
            }
        }
        // The offset is right: the entries from it to the trailer are a table.
        if t >= 9, t < UInt64(areaEnd), (areaEnd - Int(t)) % o == 0 {
            let count = (areaEnd - Int(t)) / o
            if UInt64(count) != n, tail.plausibleEntries(table: Int(t), width: o, count: count, limit: Int(t)) == count,
               lastObjectEnds(at: Int(t), tail, table: Int(t), width: o, count: count, refSize: trailer.objectRefSize) {
                return BinaryPlistTrailerRepair(field: .objectCount, stored: n, repaired: count)
            }
        }
        return nil
    }

    /// Whether the object of the table's last entry ends right where the table starts, as Apple's writer
    /// lays them out (bytes lost from the middle of a file leave a whole table whose objects do not).
    private static func lastObjectEnds(at end: Int, _ tail: BinaryPlistTail, table: Int, width: Int, count: Int, refSize: Int) -> Bool {
        guard let last = tail.entry(count - 1, table: table, width: width),
              let length = tail.claimedLength(at: last, refSize: (1...8).contains(refSize) ? refSize : 1) else { return false }
        return last + length == end
    }

    /// `trailer` with the field set to the value the table gives.
    func applied(to trailer: BinaryPlistTrailer) -> BinaryPlistTrailer {
        var fixed = trailer
        switch field {
        case .tableOffset: fixed.offsetTableOffset = UInt64(repaired)
        case .objectCount: fixed.numObjects = UInt64(repaired)
        }
        return fixed
    }
}
