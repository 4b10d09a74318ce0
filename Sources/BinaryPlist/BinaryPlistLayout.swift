import ArchiveCore

/// The validated geometry of a bplist00 file: where the object area and offset table are, and how
/// wide entries and references are. Built from the trailer with every CF check (FORMATS.md A.8)
/// turned into a diagnostic; when the trailer is unusable the layout falls back to a scan.
package struct BinaryPlistLayout: Sendable {
    /// Offset-table entry width (O), 1...16.
    var offsetIntSize: Int
    /// Reference width (R), 1...16.
    var objectRefSize: Int
    /// Object ids available (the claimed N, cut to what the file holds).
    var objectCount: Int
    /// Offset-table start (T).
    var tableOffset: Int
    /// End of the object area: objects must end at or before this offset.
    var objectAreaEnd: Int
    /// The top object's id, if valid.
    var topObject: Int?
    /// Offsets found by scanning when the offset table is unusable (nil when the table is used).
    var scannedOffsets: [Int]?

    /// The start offset of object `id`, or nil when the table has no such entry.
    func offset(of id: Int, in input: InputBytes) -> Int? {
        guard id >= 0, id < objectCount else { return nil }
        if let scannedOffsets { return scannedOffsets[id] }
        let (position, overflow) = id.multipliedReportingOverflow(by: offsetIntSize)
        guard !overflow, let value = input.uintBE(at: tableOffset + position, width: offsetIntSize) else { return nil }
        return Int(clamping: value)
    }

    /// Byte range of the offset-table entry for `id`.
    func tableEntryRange(of id: Int) -> ByteRange? {
        guard scannedOffsets == nil, id >= 0, id < objectCount else { return nil }
        return ByteRange(start: tableOffset + id * offsetIntSize, count: offsetIntSize)
    }
}

extension BinaryPlistLayout {
    /// Validates header and trailer, appending diagnostics; nil when nothing usable remains.
    static func open(_ input: InputBytes, diagnostics: inout [Diagnostic]) -> BinaryPlistLayout? {
        let length = input.count
        if length >= 8, !input.matches(Array("bplist".utf8)) {
            diagnostics.append(Diagnostic(.headerMagicDamaged(bytes: input.bytes(in: ByteRange(0, 8))), range: ByteRange(0, 8)))
        } else if length >= 8, input.byte(at: 7) != UInt8(ascii: "0") {
            diagnostics.append(Diagnostic(.headerVersion(bytes: input.bytes(in: ByteRange(6, 8))), range: ByteRange(6, 8)))
        }
        guard length >= 8 + 32 + 1, let trailer = BinaryPlistTrailer(input) else {
            diagnostics.append(Diagnostic(.fileTooShort(length: length), range: ByteRange(0, length)))
            return nil
        }
        // A file cut inside its trailer: the last 32 bytes are shifted, so no field of theirs is trusted.
        if BinaryPlistTail(input: input).fittingTrailer == nil, let cut = BinaryPlistCutTrailer.find(input) {
            return cutLayout(input, cut, &diagnostics)
        }
        if trailer.unused.contains(where: { $0 != 0 }) {
            diagnostics.append(Diagnostic(.trailerUnusedNonzero(bytes: trailer.unused), range: trailer.fieldRange(0, 6)))
        }
        let widthsOK = checkWidths(trailer, &diagnostics)
        // One damaged field (table offset or object count) beside a whole table: read the table.
        if widthsOK, let repair = BinaryPlistTrailerRepair.find(input, trailer) {
            let place = repair.field.place
            let issue = BinaryPlistIssue.trailerFieldDamaged(field: repair.field.name, stored: repair.stored, repaired: repair.repaired)
            diagnostics.append(Diagnostic(issue, range: trailer.fieldRange(place.offset, place.width),
                                          notes: symptoms(of: trailer, in: input).map { DiagnosticNote("symptom: \($0.message) [\($0.id)]", range: $0.range) }))
            return tableLayout(input, repair.applied(to: trailer), &diagnostics)
        }
        let areaEnd = length - 32
        let t = trailer.offsetTableOffset
        var tableUsable = widthsOK
        if t < 9 || t >= UInt64(areaEnd) {
            diagnostics.append(Diagnostic(.trailerTableOffset(offset: t, areaEnd: areaEnd), range: trailer.fieldRange(24, 8)))
            tableUsable = false
        }
        if trailer.numObjects == 0 {
            diagnostics.append(Diagnostic(.trailerNoObjects, range: trailer.fieldRange(8, 8)))
            tableUsable = false
        }
        guard tableUsable else { return scanLayout(input, trailer, &diagnostics) }
        return tableLayout(input, trailer, &diagnostics)
    }

    /// O and R must be 1...16 to be readable (CF: ≥ 1; writers use 1, 2, 4, 8).
    private static func checkWidths(_ trailer: BinaryPlistTrailer, _ diagnostics: inout [Diagnostic]) -> Bool {
        var ok = true
        let fields: [(BinaryPlistIssue.TrailerWidth, Int, Int)] = [(.offsetInt, trailer.offsetIntSize, 6), (.objectRef, trailer.objectRefSize, 7)]
        for (field, value, at) in fields {
            if value == 0 || value > 16 {
                diagnostics.append(Diagnostic(.trailerWidthUnreadable(field, value: value), range: trailer.fieldRange(at, 1)))
                ok = false
            } else if ![1, 2, 4, 8].contains(value) {
                diagnostics.append(Diagnostic(.trailerWidthUnusual(field, value: value), range: trailer.fieldRange(at, 1)))
            }
        }
        return ok
    }

    private static func tableLayout(_ input: InputBytes, _ trailer: BinaryPlistTrailer, _ diagnostics: inout [Diagnostic]) -> BinaryPlistLayout {
        let areaEnd = input.count - 32
        let t = Int(trailer.offsetTableOffset)
        let o = trailer.offsetIntSize, r = trailer.objectRefSize
        let n = trailer.numObjects
        let fits = UInt64((areaEnd - t) / o)
        if let mismatch = sizeMismatch(input, trailer) { diagnostics.append(mismatch) }
        if n > fits {
            diagnostics.append(Diagnostic(.tableTruncated(claimed: n, fits: fits, tableOffset: t), range: ByteRange(t, areaEnd)))
        }
        let count = Int(Swift.min(n, fits))
        checkSizeLimits(trailer, count: count, &diagnostics)
        var top: Int? = nil
        if trailer.topObject >= n {
            diagnostics.append(Diagnostic(.trailerTopObject(top: trailer.topObject, objects: n), range: trailer.fieldRange(16, 8)))
        } else if trailer.topObject < UInt64(count) {
            top = Int(trailer.topObject)
            if top != 0 {
                diagnostics.append(Diagnostic(.trailerTopObjectNonzero(top: trailer.topObject), range: trailer.fieldRange(16, 8)))
            }
        }
        let layout = BinaryPlistLayout(offsetIntSize: o, objectRefSize: r, objectCount: count, tableOffset: t,
                                       objectAreaEnd: t, topObject: top, scannedOffsets: nil)
        if let top, let start = layout.offset(of: top, in: input), start < 8 || start >= t {
            diagnostics.append(Diagnostic(.trailerTopObjectOffset(top: top, offset: start, tableOffset: t),
                                          range: layout.tableEntryRange(of: top), object: top))
        }
        return layout
    }

    /// `bplist.trailer.size-mismatch` when the table the trailer describes does not end at the trailer
    /// (its table offset must lie in the object area).
    private static func sizeMismatch(_ input: InputBytes, _ trailer: BinaryPlistTrailer) -> Diagnostic? {
        let areaEnd = input.count - 32
        let t = Int(clamping: trailer.offsetTableOffset), o = trailer.offsetIntSize, n = trailer.numObjects
        let (tableBytes, overflow) = n.multipliedReportingOverflow(by: UInt64(o))
        guard overflow || tableBytes != UInt64(Swift.max(0, areaEnd - t)) else { return nil }
        // N × O can be near 2^64 without overflowing; the implied file size then can overflow.
        let (withTable, over1) = UInt64(t).addingReportingOverflow(tableBytes)
        let (implied, over2) = withTable.addingReportingOverflow(32)
        let issue = BinaryPlistIssue.trailerSizeMismatch(length: input.count, implied: overflow || over1 || over2 ? nil : implied,
                                                         tableOffset: t, objects: n, width: o, tableBytes: overflow ? nil : tableBytes)
        return Diagnostic(issue, range: trailer.fieldRange(8, 8))
    }

    /// What the unrepaired trailer's numbers would be reported as: the symptoms of a damaged field.
    private static func symptoms(of trailer: BinaryPlistTrailer, in input: InputBytes) -> [Diagnostic] {
        let areaEnd = input.count - 32, t = trailer.offsetTableOffset
        if trailer.numObjects == 0 { return [Diagnostic(.trailerNoObjects, range: trailer.fieldRange(8, 8))] }
        if t < 9 || t >= UInt64(areaEnd) {
            return [Diagnostic(.trailerTableOffset(offset: t, areaEnd: areaEnd), range: trailer.fieldRange(24, 8))]
        }
        return sizeMismatch(input, trailer).map { [$0] } ?? []
    }

    /// The layout of a file cut inside its trailer, from the table before it and the fields that survived.
    private static func cutLayout(_ input: InputBytes, _ cut: BinaryPlistCutTrailer, _ diagnostics: inout [Diagnostic]) -> BinaryPlistLayout {
        let issue = BinaryPlistIssue.trailerCut(cut: cut.cut, lostFields: cut.lostFields, entries: cut.count, width: cut.offsetSize, tableOffset: cut.tableOffset)
        diagnostics.append(Diagnostic(issue, range: ByteRange(cut.trailerStart, input.count)))
        return BinaryPlistLayout(offsetIntSize: cut.offsetSize, objectRefSize: cut.refSize, objectCount: cut.count, tableOffset: cut.tableOffset,
                                 objectAreaEnd: cut.tableOffset, topObject: cut.top, scannedOffsets: nil)
    }

    /// CF checks 10 and 11: references must reach every object, offsets must reach the table.
    private static func checkSizeLimits(_ trailer: BinaryPlistTrailer, count: Int, _ diagnostics: inout [Diagnostic]) {
        let r = trailer.objectRefSize, o = trailer.offsetIntSize
        if r < 8, trailer.numObjects >= (UInt64(1) << UInt64(8 * r)) {
            diagnostics.append(Diagnostic(.trailerRefSizeTooSmall(width: r, objects: trailer.numObjects), range: trailer.fieldRange(7, 1)))
        }
        if o < 8, trailer.offsetTableOffset >= (UInt64(1) << UInt64(8 * o)) {
            diagnostics.append(Diagnostic(.trailerOffsetSizeTooSmall(width: o, tableOffset: trailer.offsetTableOffset), range: trailer.fieldRange(6, 1)))
        }
    }
}
