import ArchiveCore

extension BinaryPlistLayout {
    /// Most objects a scan will list; beyond this the file is scanned no further.
    static let scanLimit = 10_000_000
    /// Null objects in a row at which a scan stops.
    static let zeroRunLimit = 16

    /// When the trailer or offset table is unusable, walk the object area from offset 8, decoding
    /// objects one after another (CF's writer lays them out in table order), so a damaged file still
    /// shows its objects. References are then only a guess and are flagged as such.
    static func scanLayout(_ input: InputBytes, _ trailer: BinaryPlistTrailer, _ diagnostics: inout [Diagnostic]) -> BinaryPlistLayout? {
        // Stop at the claimed offset table when that offset is plausible, else at the trailer.
        let t = trailer.offsetTableOffset
        let areaEnd = t >= 9 && t < UInt64(input.count - 32) ? Int(t) : input.count - 32
        let trailerWidth = (1...8).contains(trailer.objectRefSize) ? trailer.objectRefSize : 1
        // A trailer whose table offset is not even plausible is not a trailer (a cut file ends in object
        // bytes): its reference width is noise too. Another width wins when its walk covers at least
        // twice the bytes, over 16 objects or more (in bytes that are not a plist no width walks far).
        let widths = areaEnd == Int(clamping: t) ? [trailerWidth] : [trailerWidth] + [1, 2, 4].filter { $0 != trailerWidth }
        var best: (offsets: [Int], end: Int, width: Int)?
        for width in widths {
            let walk = scanWalk(input, refSize: width, areaEnd: areaEnd)
            guard let current = best else {
                best = (walk.offsets, walk.end, width)
                continue
            }
            if walk.offsets.count >= 16, walk.end - 8 >= 2 * (current.end - 8) { best = (walk.offsets, walk.end, width) }
        }
        let offsets = best?.offsets ?? [], position = best?.end ?? 8
        var probe = BinaryPlistLayout(offsetIntSize: 1, objectRefSize: best?.width ?? trailerWidth, objectCount: Int.max, tableOffset: areaEnd,
                                      objectAreaEnd: areaEnd, topObject: nil, scannedOffsets: [])
        guard !offsets.isEmpty else {
            diagnostics.append(Diagnostic(.scanNothing, range: ByteRange(8, Swift.max(8, areaEnd))))
            return nil
        }
        diagnostics.append(Diagnostic(.scanRecovered(objects: offsets.count, end: position), range: ByteRange(8, position)))
        probe.objectCount = offsets.count
        probe.scannedOffsets = offsets
        probe.topObject = 0
        probe.tableOffset = position
        probe.objectAreaEnd = areaEnd
        return probe
    }

    /// The objects one after another from offset 8 with references `refSize` wide: their offsets and
    /// where the walk stopped (at a byte that starts no object, a long run of zeros, or `areaEnd`).
    private static func scanWalk(_ input: InputBytes, refSize: Int, areaEnd: Int) -> (offsets: [Int], end: Int) {
        let probe = BinaryPlistLayout(offsetIntSize: 1, objectRefSize: refSize, objectCount: Int.max, tableOffset: areaEnd,
                                      objectAreaEnd: areaEnd, topObject: nil, scannedOffsets: [])
        var offsets: [Int] = []
        var position = 8
        var zeros = 0
        while position < areaEnd, offsets.count < scanLimit {
            guard let end = BinaryPlistObjectDecoder.extent(input, layout: probe, at: position), end > position else { break }
            // A run of 0x00 bytes reads as one null object per byte; no writer makes them, so a long run is
            // zeroed space (or a file of zeros), where the scan stops instead of listing every byte.
            zeros = input.byte(at: position) == 0 ? zeros + 1 : 0
            if zeros == zeroRunLimit {
                offsets.removeLast(zeroRunLimit - 1)
                position -= zeroRunLimit - 1
                break
            }
            offsets.append(position)
            position = end
        }
        return (offsets, position)
    }
}
