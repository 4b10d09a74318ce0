import ArchiveCore

/// One reading of bytes damaged by a line-ending conversion that lost information: which of the
/// damaged file's LF bytes (its *sites*) the conversion made, and so the bytes before it.
///
/// - `crToLF`: a chosen site was a CR; the reading has 0x0D there (same size, same offsets).
/// - `crlfToLF`: a chosen site lost the CR before it; the reading puts 0x0D back before it, so every
///   offset after it moves one on.
///
/// Sites are offsets in the damaged bytes; `damagedOffset(of:)` maps an offset of the reading back,
/// so that where a reading breaks can be compared across readings.
struct LineEndingReading: Sendable {
    let damaged: [UInt8]
    let conversion: LineEndingConversion
    /// The chosen sites, ascending.
    private(set) var chosen: [Int] = []

    init(_ damaged: [UInt8], _ conversion: LineEndingConversion, chosen: [Int] = []) {
        self.damaged = damaged
        self.conversion = conversion
        self.chosen = chosen.sorted()
    }

    func isChosen(_ site: Int) -> Bool { binarySearch(site).found }

    /// The reading with `site` chosen or not.
    func toggling(_ site: Int) -> LineEndingReading {
        var copy = self
        let (found, index) = binarySearch(site)
        if found { copy.chosen.remove(at: index) } else { copy.chosen.insert(site, at: index) }
        return copy
    }

    /// The reading with each of `sites` toggled.
    func toggling(_ sites: [Int]) -> LineEndingReading {
        sites.reduce(self) { $0.toggling($1) }
    }

    /// The reading's bytes.
    var bytes: [UInt8] {
        switch conversion {
        case .crlfToLF:
            var out: [UInt8] = []
            out.reserveCapacity(damaged.count + chosen.count)
            var next = 0
            for (offset, byte) in damaged.enumerated() {
                if next < chosen.count, chosen[next] == offset {
                    out.append(LineEndingConversion.cr)
                    next += 1
                }
                out.append(byte)
            }
            return out
        default:
            var out = damaged
            for site in chosen where site >= 0 && site < out.count { out[site] = LineEndingConversion.cr }
            return out
        }
    }

    /// The offset in the damaged bytes of offset `offset` of the reading (a CR put back maps to the
    /// LF it was put before).
    func damagedOffset(of offset: Int) -> Int {
        guard conversion == .crlfToLF else { return offset }
        var shift = 0
        for (i, site) in chosen.enumerated() {
            // The CR put back before `site` sits at `site + i` in the reading.
            guard site + i < offset else { break }
            shift = i + 1
        }
        return offset - shift
    }

    /// The offset in the reading of damaged offset `offset`.
    func readingOffset(of offset: Int) -> Int {
        guard conversion == .crlfToLF else { return offset }
        return offset + binarySearch(offset + 1).index
    }

    /// Whether `site` is in `chosen`, and where it is or would go.
    private func binarySearch(_ site: Int) -> (found: Bool, index: Int) {
        var low = 0, high = chosen.count
        while low < high {
            let mid = (low + high) / 2
            if chosen[mid] < site { low = mid + 1 } else { high = mid }
        }
        return (low < chosen.count && chosen[low] == site, low)
    }
}
