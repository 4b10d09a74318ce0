import ArchiveCore

/// Searches back a text-mode transfer that turned every CR (0x0D) of a binary plist into LF (0x0A).
///
/// Every 0x0A byte was either; the format's own structure decides most of them, in this order
/// (FORMATS.md A.3–A.7):
/// 1. the trailer: its sizes must be possible and its table offset + count × width + 32 must be the file's size;
/// 2. the offset table and the objects' lengths together: Apple's writer starts at 8 and puts objects back
///    to back in table order, so each entry is the previous one plus that object's length (which a
///    count byte may hold);
/// 3. references: the order the writers number objects in (CF's exact rule, `cfWriterOrder`, else the
///    looser `flattenOrder`), else ranges alone: a
///    container's references below the object count, a dictionary's keys strings; a keyed archive's
///    UIDs below its `$objects` count and different from its other UIDs.
/// What is left (`openLFs`) is the check's to judge: the repair's search (`GuidedLineEndingSearch`, in
/// the document layer) tries each remaining reading (NSKeyedArchiver's own numbering does not decide
/// them: Apple's archives break a depth-first numbering dozens of times).
///
/// The keyed archive's `$objects` count and whether a data value holds an archive come from the
/// layers above this target, through `LineEndingContext`. Bytes inside values (string and data
/// contents, numbers) have no structure to decide them and stay 0x0A. Bounded: at most `maxSubset`
/// 0x0A bytes enumerated together in one field, and `structureBudget` field readings in all.
struct CRToLFRepair {
    private(set) var bytes: [UInt8]
    /// 0x0A offsets no step could decide (left 0x0A).
    private(set) var undecided: [Int] = []
    /// 0x0A offsets inside values, which the structure does not decide (left 0x0A).
    private(set) var inValues = 0
    /// Field readings tried.
    var tried = 0
    private let original: [UInt8]
    /// What the layers above say of keyed archives and embedded archives.
    private let context: LineEndingContext
    /// A field's 0x0A bytes are enumerated together only up to this many (2^12 readings).
    static let maxSubset = 12
    /// Field readings the structural steps may try in all (a file of 0x0A bytes would otherwise try
    /// thousands per object).
    static let structureBudget = 2_000_000

    init(_ bytes: [UInt8], context: LineEndingContext) {
        self.bytes = bytes
        original = bytes
        self.context = context
    }

    /// Offsets changed from 0x0A to 0x0D.
    var changed: [Int] { bytes.indices.filter { bytes[$0] != original[$0] } }

    /// The LF offsets the structure left open: in fields with several readings it allows
    /// (`openSites`) or none it could decide (`undecided`). Every other LF before the offset table
    /// outside values was decided by a field that fits one reading only.
    var openLFs: Set<Int> {
        var open = Set(undecided).union(embeddedLFs)
        for site in openSites { open.formUnion(site.range.filter { $0 < original.count && original[$0] == 0x0A }) }
        return open
    }

    /// Fields the structure left with several readings (for the check to judge).
    private(set) var openSites: [Site] = []
    /// The 0x0A bytes of the unreferenced copies CF's writer leaves (`cfWriterOrder`), each with the
    /// byte of its original it must read as: not decided on their own.
    private(set) var copyLinks: [(copy: Int, original: Int)] = []
    /// Where the offset table starts: it and the trailer after it are decided by steps 1 and 2.
    private(set) var tableStart: Int?
    /// The LF bytes inside values (number, date, string and data payloads): no structure decides them.
    private(set) var valueSites: [Int] = []
    /// The LF bytes inside data values holding an archive or a bookmark: their own structure decides
    /// them, through the judge's embedded check (so the search tries them; they are open).
    private(set) var embeddedLFs: [Int] = []

    /// What the structure decides; the fields it leaves open are `openSites`. False when
    /// the trailer fits under no reading.
    mutating func runStructure() -> Bool {
        guard bytes.count >= 40, Array(bytes.prefix(6)) == Array("bplist".utf8), !bytes.contains(0x0D) else { return false }
        guard let trailer = fixTrailer() else { return false }
        tableStart = trailer.table
        let offsets = fixTableAndLengths(trailer)
        valueSites = valueLFs(offsets: offsets, refSize: trailer.refSize)
        var sites: [Site]
        var copies: [Int: Int] = [:]
        if let walked = cfWriterOrder(trailer, offsets: offsets) {
            self = walked.repair
            sites = walked.sites
            copies = walked.copies
        } else if let flattened = flattenOrder(trailer, offsets: offsets) {
            self = flattened.repair
            sites = flattened.sites
        } else {
            sites = fixReferences(trailer, offsets: offsets)
        }
        sites += fixUIDs(trailer, offsets: offsets, copies: Set(copies.keys))
        copyLinks = Self.copyLinks(copies, offsets: offsets, in: bytes)
        alignCopies()
        openSites = sites
        return true
    }

    // MARK: fields

    /// The readings of the big-endian field at `range`: each subset of its 0x0A bytes read as 0x0D,
    /// fewest changes first, with the value it gives.
    func readings(_ range: Range<Int>) -> [(value: UInt64, crs: [Int])] {
        let lfs = range.filter { $0 >= 0 && $0 < bytes.count && bytes[$0] == 0x0A && original[$0] == 0x0A }
        guard lfs.count <= Self.maxSubset, range.lowerBound >= 0, range.upperBound <= bytes.count else {
            return [(value(range, crs: []), [])]
        }
        var all: [(value: UInt64, crs: [Int])] = []
        for mask in 0..<(1 << lfs.count) {
            let crs = lfs.indices.filter { mask & (1 << $0) != 0 }.map { lfs[$0] }
            all.append((value(range, crs: crs), crs))
        }
        return all.sorted { $0.crs.count < $1.crs.count }
    }

    private func value(_ range: Range<Int>, crs: [Int]) -> UInt64 {
        range.reduce(UInt64(0)) { v, i in
            let b = crs.contains(i) ? 0x0D : bytes[i]
            return v << 8 | UInt64(b)
        }
    }

    mutating func apply(_ crs: [Int]) {
        for i in crs { bytes[i] = 0x0D }
    }

    /// Reads the byte at `i` as the 0x0A it is in the damaged file again (a choice undone).
    mutating func restoreLF(_ i: Int) {
        bytes[i] = 0x0A
    }

    private mutating func markUndecided(_ range: Range<Int>) {
        undecided += range.filter { $0 >= 0 && $0 < bytes.count && bytes[$0] == 0x0A }
    }

    // MARK: 1. trailer

    struct Trailer {
        var offsetSize: Int, refSize: Int, count: Int, top: Int, table: Int
    }

    private mutating func fixTrailer() -> Trailer? {
        let t = bytes.count - 32
        for reading in readings(t + 6..<bytes.count) {
            tried += 1
            var probe = self
            probe.apply(reading.crs)
            let o = Int(probe.bytes[t + 6]), r = Int(probe.bytes[t + 7])
            let count = probe.value(t + 8..<t + 16, crs: []), top = probe.value(t + 16..<t + 24, crs: []), table = probe.value(t + 24..<t + 32, crs: [])
            guard (1...8).contains(o), (1...8).contains(r), count >= 1, top < count, count < UInt64(bytes.count), table >= 9,
                  table < UInt64(bytes.count) else { continue }
            let c = Int(count), tableOffset = Int(table)
            guard tableOffset + c * o + 32 == bytes.count else { continue }
            apply(reading.crs)
            return Trailer(offsetSize: o, refSize: r, count: c, top: Int(top), table: tableOffset)
        }
        return nil
    }

    // MARK: 2. offset table and lengths

    /// Fixes the table entries and the count bytes that set lengths; returns each object's offset.
    private mutating func fixTableAndLengths(_ f: Trailer) -> [Int] {
        var offsets: [Int] = []
        offsets.reserveCapacity(f.count)
        let entry = { (i: Int) -> Range<Int> in f.table + i * f.offsetSize..<f.table + (i + 1) * f.offsetSize }
        // The first object starts right after the header.
        let first = readings(entry(0)).first { $0.value == 8 } ?? readings(entry(0))[0]
        apply(first.crs)
        offsets.append(Int(clamping: first.value))
        for i in 0..<f.count {
            // A file of 0x0A bytes gives every field many readings: past the budget, entries are read as they are.
            guard tried < Self.structureBudget else {
                markUndecided(f.table + i * f.offsetSize..<f.table + f.count * f.offsetSize)
                for j in i + 1..<Swift.max(i + 1, f.count) { offsets.append(Int(clamping: value(entry(j), crs: []))) }
                break
            }
            let o = offsets[i]
            let lengths = lengthReadings(at: o, refSize: f.refSize)
            let nextReadings = i + 1 < f.count ? readings(entry(i + 1)) : [(value: UInt64(f.table), crs: [])]
            tried += lengths.count * nextReadings.count
            var matched = false
            search: for l in lengths {
                for next in nextReadings where next.value == UInt64(o + l.length) {
                    apply(l.crs)
                    apply(next.crs)
                    matched = true
                    break search
                }
            }
            guard i + 1 < f.count else { break }
            if !matched {
                // Not back to back here (another writer, or damage besides): keep the table in order.
                let ordered = nextReadings.first { $0.value > UInt64(o) && $0.value < UInt64(f.table) } ?? nextReadings[0]
                apply(ordered.crs)
                if nextReadings.count > 1 { markUndecided(entry(i + 1)) }
            }
            offsets.append(Int(clamping: value(entry(i + 1), crs: [])))
        }
        return offsets
    }

    /// The lengths object `o` may have: one per reading of its count bytes (a single one when it has none).
    private func lengthReadings(at o: Int, refSize: Int) -> [(length: Int, crs: [Int])] {
        guard o >= 8, o < bytes.count else { return [] }
        let marker = bytes[o], low = Int(marker & 0x0F), type = marker >> 4
        let unit: Int
        switch type {
        case 0x4, 0x5: unit = 1
        case 0x6: unit = 2
        case 0xA, 0xC: unit = refSize
        case 0xD: unit = 2 * refSize
        default:
            let tail = BinaryPlistTail(input: InputBytes(bytes[o..<Swift.min(bytes.count, o + 32)]))
            return tail.claimedLength(at: 0, refSize: refSize).map { [($0, [])] } ?? []
        }
        guard low == 0x0F else { return [(1 + low * unit, [])] }
        guard o + 1 < bytes.count, bytes[o + 1] >> 4 == 1, bytes[o + 1] & 0x0F <= 3 else { return [] }
        let width = 1 << Int(bytes[o + 1] & 0x0F)
        return readings(o + 2..<o + 2 + width).compactMap { r in
            // A count the bytes cannot hold is no reading (and `o + length` stays far from overflow).
            guard r.value < UInt64(bytes.count) else { return nil }
            return (2 + width + Int(r.value) * unit, r.crs)
        }
    }

    // MARK: 3. references

    /// A field with several readings the structure allows, left for step 4.
    struct Site {
        var range: Range<Int>
        var readings: [[Int]]
    }

    /// Container references: below the object count, dictionary keys strings.
    private mutating func fixReferences(_ f: Trailer, offsets: [Int]) -> [Site] {
        var sites: [Site] = []
        let isString = { (bytes: [UInt8], id: UInt64) -> Bool in
            guard id < UInt64(offsets.count), offsets[Int(id)] < bytes.count else { return false }
            return [0x5, 0x6].contains(bytes[offsets[Int(id)]] >> 4)
        }
        for o in offsets where o >= 8 && o < bytes.count {
            let type = bytes[o] >> 4
            guard [0xA, 0xC, 0xD].contains(type), let (start, count) = containerRefs(at: o) else {
                if o < bytes.count, [0x1, 0x2, 0x3, 0x4, 0x5, 0x6].contains(bytes[o] >> 4) { countValueLFs(o, refSize: f.refSize) }
                continue
            }
            let n = type == 0xD ? 2 * count : count
            for j in 0..<n {
                let range = start + j * f.refSize..<start + (j + 1) * f.refSize
                guard range.upperBound <= bytes.count, range.contains(where: { bytes[$0] == 0x0A }) else { continue }
                let isKey = type == 0xD && j < count
                guard tried < Self.structureBudget else { markUndecided(range); continue }
                let all = readings(range)
                tried += all.count
                let fits = all.filter { $0.value < UInt64(f.count) && (!isKey || isString(bytes, $0.value)) }
                if fits.count == 1 { apply(fits[0].crs) } else if fits.count > 1 { sites.append(Site(range: range, readings: fits.map(\.crs))) }
                else { markUndecided(range) }
            }
        }
        return sites
    }

    /// Where a container's references start and how many (pairs for a dictionary).
    func containerRefs(at o: Int) -> (start: Int, count: Int)? {
        let low = Int(bytes[o] & 0x0F)
        guard low == 0x0F else { return (o + 1, low) }
        guard o + 1 < bytes.count, bytes[o + 1] >> 4 == 1, bytes[o + 1] & 0x0F <= 3 else { return nil }
        let width = 1 << Int(bytes[o + 1] & 0x0F)
        let count = value(o + 2..<Swift.min(bytes.count, o + 2 + width), crs: [])
        guard count < UInt64(bytes.count) else { return nil }
        return (o + 2 + width, Int(count))
    }

    /// The LF offsets in the payloads of the scalar objects at `offsets` (after the marker and, for
    /// data and strings, after the count).
    mutating func valueLFs(offsets: [Int], refSize: Int) -> [Int] {
        var found: [Int] = []
        for o in offsets where o >= 8 && o < bytes.count {
            let type = bytes[o] >> 4, low = Int(bytes[o] & 0x0F)
            let start: Int
            switch type {
            case 0x1, 0x2, 0x3: start = o + 1
            case 0x4, 0x5, 0x6:
                guard low == 0x0F else { start = o + 1; break }
                guard o + 1 < bytes.count, bytes[o + 1] >> 4 == 1, bytes[o + 1] & 0x0F <= 3 else { continue }
                start = o + 2 + (1 << Int(bytes[o + 1] & 0x0F))
            default: continue
            }
            guard let length = lengthReadings(at: o, refSize: refSize).first?.length else { continue }
            let end = Swift.min(bytes.count, o + length)
            // Data holding an archive or a bookmark has a structure of its own, which the judge reads
            // (the embedded check): its bytes are searched like the file's.
            if type == 0x4, start < end, context.holdsArchive(Array(bytes[start..<end])) {
                embeddedLFs += (start..<end).filter { bytes[$0] == 0x0A }
                continue
            }
            if start < end { found += (start..<end).filter { bytes[$0] == 0x0A } }
        }
        return found.sorted()
    }

    private mutating func countValueLFs(_ o: Int, refSize: Int) {
        // No length read (a bad count marker), or one that ends at the marker: no payload to count.
        let end = Swift.min(bytes.count, lengthReadings(at: o, refSize: refSize).first.map { o + $0.length } ?? o)
        guard end > o + 1 else { return }
        inValues += (o + 1..<end).filter { bytes[$0] == 0x0A }.count
    }

    /// A keyed archive's UIDs: below its `$objects` count, and (when the file's other UIDs are all
    /// different, as CF's and Python's writers make them: they write each value once) a value no
    /// other UID object has.
    /// `copies`: the objects CF's writer left as unreferenced copies (`cfWriterOrder`), read as their
    /// originals are (`alignCopies`), so neither counted nor decided here.
    private mutating func fixUIDs(_ f: Trailer, offsets: [Int], copies: Set<Int>) -> [Site] {
        guard let entries = context.keyedObjectCount(BinaryPlistTree(InputBytes(bytes))) else { return [] }
        var used = Set<UInt64>()
        var unique = true
        var pending: [(range: Range<Int>, fits: [(value: UInt64, crs: [Int])])] = []
        for (id, o) in offsets.enumerated() where o >= 8 && o < bytes.count && bytes[o] >> 4 == 0x8 && !copies.contains(id) {
            let range = o + 1..<o + 2 + Int(bytes[o] & 0x0F)
            guard range.upperBound <= bytes.count else { continue }
            guard range.contains(where: { bytes[$0] == 0x0A }) else {
                if !used.insert(value(range, crs: [])).inserted { unique = false }
                continue
            }
            tried += 1
            pending.append((range, readings(range).filter { $0.value < UInt64(entries) }))
        }
        // Deciding one UID can decide another: repeat until nothing changes.
        var changed = true
        while changed {
            changed = false
            for i in pending.indices {
                let fits = unique ? pending[i].fits.filter { !used.contains($0.value) } : pending[i].fits
                guard fits.count == 1 || pending[i].fits.count == 1 else { continue }
                let chosen = fits.count == 1 ? fits[0] : pending[i].fits[0]
                apply(chosen.crs)
                used.insert(chosen.value)
                pending[i].fits = []
                changed = true
            }
            pending.removeAll { $0.fits.isEmpty && !$0.range.contains(where: { bytes[$0] == 0x0A }) }
            pending.removeAll { $0.fits.isEmpty }
        }
        var sites: [Site] = []
        for p in pending {
            let fits = unique ? p.fits.filter { !used.contains($0.value) } : p.fits
            if fits.count > 1 { sites.append(Site(range: p.range, readings: fits.map(\.crs))) } else { markUndecided(p.range) }
        }
        return sites
    }
}
