/// The validated geometry of a bplist00 file: where the object area and offset table are, and how
/// wide entries and references are. Built from the trailer with every CF check (FORMATS.md A.8)
/// turned into a diagnostic; when the trailer is unusable the layout falls back to a scan.
struct BinaryPlistLayout: Sendable {
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
        if length >= 8, input.byte(at: 7) != UInt8(ascii: "0") {
            let v = input.bytes(in: ByteRange(6, 8)).map { byteHex($0) }.joined(separator: " ")
            diagnostics.append(Diagnostic("bplist.header.version", .warning,
                "header version bytes are \(v), not \"00\": CF accepts any bplist0?, Python and rust-plist reject it",
                range: ByteRange(6, 8)))
        }
        guard length >= 8 + 32 + 1, let trailer = BinaryPlistTrailer(input) else {
            diagnostics.append(Diagnostic("bplist.file.too-short", .error,
                "file is \(length) bytes; a bplist needs at least 41 (8 header + 1 object + 32 trailer)",
                range: ByteRange(0, length)))
            return nil
        }
        if trailer.unused.contains(where: { $0 != 0 }) {
            diagnostics.append(Diagnostic("bplist.trailer.unused-nonzero", .note,
                "trailer bytes 0–5 (unused, sort version) are not zero: " + trailer.unused.map { byteHex($0) }.joined(separator: " "),
                range: trailer.fieldRange(0, 6)))
        }
        let widthsOK = checkWidths(trailer, &diagnostics)
        let areaEnd = length - 32
        let t = trailer.offsetTableOffset
        var tableUsable = widthsOK
        if t < 9 || t >= UInt64(areaEnd) {
            diagnostics.append(Diagnostic("bplist.trailer.table-offset", .error,
                "offset table offset \(t) is outside the object area [9, \(areaEnd))", range: trailer.fieldRange(24, 8)))
            tableUsable = false
        }
        if trailer.numObjects == 0 {
            diagnostics.append(Diagnostic("bplist.trailer.no-objects", .error, "trailer claims 0 objects", range: trailer.fieldRange(8, 8)))
            tableUsable = false
        }
        guard tableUsable else { return scanLayout(input, trailer, &diagnostics) }
        return tableLayout(input, trailer, &diagnostics)
    }

    /// O and R must be 1...16 to be readable (CF: ≥ 1; writers use 1, 2, 4, 8).
    private static func checkWidths(_ trailer: BinaryPlistTrailer, _ diagnostics: inout [Diagnostic]) -> Bool {
        var ok = true
        for (name, value, at, id) in [("offset int size", trailer.offsetIntSize, 6, "bplist.trailer.offset-int-size"),
                                      ("object ref size", trailer.objectRefSize, 7, "bplist.trailer.object-ref-size")] {
            if value == 0 || value > 16 {
                diagnostics.append(Diagnostic(id, .error, "\(name) is \(value); it must be at least 1 (and this tool reads up to 16)",
                                              range: trailer.fieldRange(at, 1)))
                ok = false
            } else if ![1, 2, 4, 8].contains(value) {
                diagnostics.append(Diagnostic(id, .note, "\(name) is \(value); Apple writers use 1, 2, 4 or 8 (CF and rust-plist still read it)",
                                              range: trailer.fieldRange(at, 1)))
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
        let (tableBytes, overflow) = n.multipliedReportingOverflow(by: UInt64(o))
        if overflow || tableBytes != UInt64(areaEnd - t) {
            let claimed = overflow ? "more than 2^64" : "\(tableBytes)"
            // N × O can be near 2^64 without overflowing; the implied file size then can overflow.
            let (withTable, over1) = UInt64(t).addingReportingOverflow(tableBytes)
            let (implied, over2) = withTable.addingReportingOverflow(32)
            diagnostics.append(Diagnostic("bplist.trailer.size-mismatch", .error,
                "file is \(input.count) bytes but the trailer implies \(overflow || over1 || over2 ? "an impossible size" : "\(implied)") "
                + "(table at \(t) + \(n) objects × \(o) bytes = \(claimed) + 32-byte trailer)",
                range: trailer.fieldRange(8, 8)))
        }
        if n > fits {
            diagnostics.append(Diagnostic("bplist.table.truncated", .error,
                "offset table claims \(n) entries but only \(fits) fit between offset \(t) and the trailer; objects \(fits) and above are unreadable",
                range: ByteRange(t, areaEnd)))
        }
        let count = Int(Swift.min(n, fits))
        checkSizeLimits(trailer, count: count, &diagnostics)
        var top: Int? = nil
        if trailer.topObject >= n {
            diagnostics.append(Diagnostic("bplist.trailer.top-object", .error,
                "top object \(trailer.topObject) is out of range (the table has \(n) objects)", range: trailer.fieldRange(16, 8)))
        } else if trailer.topObject < UInt64(count) {
            top = Int(trailer.topObject)
            if top != 0 {
                diagnostics.append(Diagnostic("bplist.trailer.top-object-nonzero", .note,
                    "top object is \(trailer.topObject); CF's writer always uses 0", range: trailer.fieldRange(16, 8)))
            }
        }
        let layout = BinaryPlistLayout(offsetIntSize: o, objectRefSize: r, objectCount: count, tableOffset: t,
                                       objectAreaEnd: t, topObject: top, scannedOffsets: nil)
        if let top, let start = layout.offset(of: top, in: input), start < 8 || start >= t {
            diagnostics.append(Diagnostic("bplist.trailer.top-object-offset", .error,
                "top object \(top) starts at offset \(start), outside the object area [8, \(t))",
                range: layout.tableEntryRange(of: top), object: top))
        }
        return layout
    }

    /// CF checks 10 and 11: references must reach every object, offsets must reach the table.
    private static func checkSizeLimits(_ trailer: BinaryPlistTrailer, count: Int, _ diagnostics: inout [Diagnostic]) {
        let r = trailer.objectRefSize, o = trailer.offsetIntSize
        if r < 8, trailer.numObjects >= (UInt64(1) << UInt64(8 * r)) {
            diagnostics.append(Diagnostic("bplist.trailer.ref-size-too-small", .error,
                "object ref size \(r) cannot address \(trailer.numObjects) objects", range: trailer.fieldRange(7, 1)))
        }
        if o < 8, trailer.offsetTableOffset >= (UInt64(1) << UInt64(8 * o)) {
            diagnostics.append(Diagnostic("bplist.trailer.offset-size-too-small", .error,
                "offset int size \(o) cannot express the table offset \(trailer.offsetTableOffset)", range: trailer.fieldRange(6, 1)))
        }
    }
}
