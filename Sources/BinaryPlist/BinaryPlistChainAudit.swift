import ArchiveCore

/// Finds the field behind a break in the object chain of a bplist, so that a damaged offset-table
/// entry or a damaged length is reported where the damage is, not only where its symptoms land.
///
/// CoreFoundation's writer and Python's `plistlib` write objects back to back in id order, each
/// offset-table entry holding where the previous object ended (FORMATS.md A.3). In such a file every
/// object `i` ends where object `i + 1` starts and the last ends where the offset table starts. One
/// damaged field breaks that chain in a recognisable way:
/// - **an offset-table entry**: object `k - 1` ends at `x`, entry `k` says something else, and an
///   object decoded at `x` ends exactly where object `k + 1` starts: entry `k` should read `x`;
/// - **an object's marker or count**: object `k` starts where `k - 1` ended and `k + 1` chains on,
///   but object `k`'s own length (from its marker and count) does not end where `k + 1` starts.
///
/// The audit runs only when the file follows that layout (most of its objects chain), so a file from
/// a writer that orders or pads objects differently gets no root causes, and a healthy file none. A
/// break where another object starts is a different order, not damage: writers that stream children
/// first put the top object (id 0) last, so object 0 and the last object each break the id chain.
struct BinaryPlistChainAudit {
    let input: InputBytes
    let layout: BinaryPlistLayout
    /// Each object's decoded range as the full check found it (-1 when it has none).
    let extents: BinaryPlistExtents

    /// Share of consecutive objects that must chain before a break is read as damage.
    static let requiredChainShare = 0.75
    /// Breaks examined at most (each may decode one object), so a wrecked table costs bounded time.
    static let maxBreaks = 256

    /// A defect found, and the ranges of the symptoms it explains.
    struct Finding: Sendable {
        let cause: Diagnostic
        /// Diagnostics of `object` and layout diagnostics inside `area` are its symptoms.
        let object: Int
        let area: ByteRange
    }

    /// The defects behind the chain's breaks.
    func findings() -> [Finding] {
        let n = layout.objectCount
        guard layout.scannedOffsets == nil, n >= 3, extents.count == n else { return [] }
        let raw = TableOffsets(input: input, layout: layout)
        var breaks: [Int] = []
        var chained = 0
        for k in 0..<n {
            if extents.end(k) >= 0, extents.end(k) == nextStart(after: k, raw) { chained += 1 } else if breaks.count < Self.maxBreaks { breaks.append(k) }
        }
        // One damaged field breaks two links, so a small file is audited when at most that many broke.
        guard breaks.count <= 2 || Double(chained) >= Self.requiredChainShare * Double(n) else { return [] }
        var found: [Finding] = []
        var damagedEntries = Set<Int>()
        let objectStarts = breaks.isEmpty ? [] : self.objectStarts(among: askedStarts(breaks), raw)
        for k in breaks {
            if let finding = damagedEntry(k, raw, objectStarts) {
                found.append(finding)
                damagedEntries.insert(k)
            }
        }
        for k in breaks where !damagedEntries.contains(k) && !damagedEntries.contains(k + 1) {
            if let finding = damagedLength(k, raw, objectStarts) { found.append(finding) }
        }
        return found
    }

    /// The offsets the audit of `breaks` asks about (is it where an object starts?): where the object
    /// before each break ends, and where the break's own object does.
    private func askedStarts(_ breaks: [Int]) -> Set<Int> {
        var asked = Set<Int>()
        for k in breaks {
            if let x = previousEnd(before: k) { asked.insert(x) }
            if extents.end(k) >= 0 { asked.insert(extents.end(k)) }
        }
        return asked
    }

    /// Which of `asked` an offset-table entry holds, in one pass over the table. Only the offsets asked
    /// about are held: a set of every entry's offset was some 40 bytes an object at the peak of the
    /// bplist check (issue 39: the check's RSS).
    private func objectStarts(among asked: Set<Int>, _ raw: TableOffsets) -> Set<Int> {
        var found = Set<Int>()
        guard let low = asked.min(), let high = asked.max() else { return found }
        for j in 0..<layout.objectCount {
            let offset = raw[j]
            if offset >= low, offset <= high, asked.contains(offset) { found.insert(offset) }
        }
        return found
    }

    /// Where object `k + 1` starts by the table, or where the offset table starts after the last object.
    private func nextStart(after k: Int, _ raw: TableOffsets) -> Int {
        k + 1 < raw.count ? raw[k + 1] : layout.tableOffset
    }

    /// Where the object before `k` ends (8, the end of the header, for object 0), when it is known.
    private func previousEnd(before k: Int) -> Int? {
        if k == 0 { return 8 }
        return extents.end(k - 1) >= 0 ? extents.end(k - 1) : nil
    }

    /// Entry `k` is damaged when the object that fits between its neighbours starts elsewhere (and no
    /// other object starts there: then the file is only in another order).
    private func damagedEntry(_ k: Int, _ raw: TableOffsets, _ objectStarts: Set<Int>) -> Finding? {
        guard let x = previousEnd(before: k), raw[k] != x, !objectStarts.contains(x), let entry = layout.tableEntryRange(of: k) else { return nil }
        let y = nextStart(after: k, raw)
        guard x < y, y <= layout.tableOffset, BinaryPlistObjectDecoder.extent(input, layout: layout, at: x) == y else { return nil }
        var notes = [DiagnosticNote("where object \(k) lies, between the end of \(k == 0 ? "the header" : "object \(k - 1)") and the start of \(k + 1 < raw.count ? "object \(k + 1)" : "the offset table")",
                                    range: ByteRange(x, y))]
        if extents.start(k) >= 0 {
            notes.append(DiagnosticNote("the bytes the damaged entry points at, read as object \(k)", range: ByteRange(extents.start(k), Swift.max(extents.end(k), extents.start(k) + 1))))
        }
        let issue = BinaryPlistIssue.offsetDamaged(object: k, entry: raw[k], expected: x)
        return Finding(cause: Diagnostic(issue, range: entry, object: k, notes: notes), object: k,
                       area: ByteRange(Swift.min(x, extents.start(k) >= 0 ? extents.start(k) : x), Swift.max(y, extents.end(k))))
    }

    /// Object `k`'s marker or count is damaged when it starts and is followed where the chain says but
    /// its own length ends elsewhere. Ending short where another object starts is another order of
    /// objects, not a damaged length.
    private func damagedLength(_ k: Int, _ raw: TableOffsets, _ objectStarts: Set<Int>) -> Finding? {
        let s = raw[k], y = nextStart(after: k, raw)
        guard s >= 8, extents.start(k) == s, extents.end(k) >= 0, extents.end(k) != y, previousEnd(before: k) == s, s < y else { return nil }
        if extents.end(k) < y, objectStarts.contains(extents.end(k)) { return nil }
        if k + 1 < raw.count { guard extents.end(k + 1) >= 0, extents.end(k + 1) == nextStart(after: k + 1, raw) else { return nil } }
        guard let header = BinaryPlistObjectHeader(input, at: s) else { return nil }
        var notes = [DiagnosticNote("where object \(k) should end: \(k + 1 < raw.count ? "object \(k + 1) starts" : "the offset table starts") at offset \(y)",
                                    range: ByteRange(start: y, count: 0)),
                     DiagnosticNote("object \(k) as its damaged length reads it", range: ByteRange(s, Swift.min(extents.end(k), input.count)))]
        if let count = header.count(fitting: y - s, refSize: layout.objectRefSize) {
            notes.append(DiagnosticNote("the space between its neighbours holds \(English.count(count, header.unit, plural: header.unit == "entry" ? "entries" : nil)), the count it likely had"))
        }
        let issue = BinaryPlistIssue.objectLengthDamaged(object: k, type: header.typeName, length: extents.end(k) - s, space: y - s)
        return Finding(cause: Diagnostic(issue, range: header.range, object: k, notes: notes), object: k,
                       area: ByteRange(s, Swift.max(y, extents.end(k))))
    }

    /// `diagnostics` with each finding in front of the symptoms it explains, which become its notes.
    static func fold(_ findings: [Finding], into diagnostics: [Diagnostic]) -> [Diagnostic] {
        guard !findings.isEmpty else { return diagnostics }
        var symptoms = [[DiagnosticNote]](repeating: [], count: findings.count)
        var kept: [Diagnostic] = []
        for d in diagnostics {
            if let i = findings.firstIndex(where: { explains($0, d) }) {
                symptoms[i].append(DiagnosticNote("symptom: \(d.message) [\(d.id)]", range: d.range))
            } else {
                kept.append(d)
            }
        }
        let causes = findings.indices.map { i in
            findings[i].cause.with(notes: findings[i].cause.notes + symptoms[i].prefix(Self.maxSymptomNotes))
        }
        return causes + kept
    }

    /// Symptom notes kept per cause.
    static let maxSymptomNotes = 8

    private static let layoutIDs: Set<String> = [BinaryPlistCode.objectOverlap.rawValue, BinaryPlistCode.offsetDuplicate.rawValue,
                                                 BinaryPlistCode.bytesUnreferenced.rawValue]

    /// Facts about the graph (reachability, cycles, depth), which hold whatever the object's bytes are.
    private static let graphIDs: Set<String> = [BinaryPlistCode.objectUnreferenced.rawValue, BinaryPlistCode.containerCycle.rawValue,
                                                BinaryPlistCode.depthExceeded.rawValue]

    private static func explains(_ finding: Finding, _ d: Diagnostic) -> Bool {
        if d.object == finding.object, d.id.hasPrefix("bplist."), !graphIDs.contains(d.id) { return true }
        guard layoutIDs.contains(d.id), let r = d.range else { return false }
        return r.start >= finding.area.start && r.end <= finding.area.end
    }
}

/// The offset-table entries as written (-1 for an entry that cannot be read), read when asked for.
private struct TableOffsets {
    let input: InputBytes
    let layout: BinaryPlistLayout

    var count: Int { layout.objectCount }

    subscript(id: Int) -> Int { layout.offset(of: id, in: input) ?? -1 }
}

/// The marker and count bytes at the start of a bplist object: the fields that set its length.
struct BinaryPlistObjectHeader {
    let marker: UInt8
    /// The marker and, for long objects, the count integer after it.
    let range: ByteRange

    init?(_ input: InputBytes, at s: Int) {
        guard let marker = input.byte(at: s) else { return nil }
        self.marker = marker
        var end = s + 1
        if Self.counted.contains(marker >> 4), marker & 0x0F == 0x0F, let countMarker = input.byte(at: s + 1), countMarker >> 4 == 0x1 {
            end = s + 2 + (1 << Int(countMarker & 0x0F))
        }
        // A damaged count marker can claim a width past the end of the file.
        range = ByteRange(s, Swift.min(end, input.count))
    }

    /// Types whose length is a count in the marker (or after it).
    private static let counted: Set<UInt8> = [0x4, 0x5, 0x6, 0x8, 0xA, 0xB, 0xC, 0xD]

    var typeName: String {
        switch marker >> 4 {
        case 0x0: "null/bool/fill"
        case 0x1: "integer"
        case 0x2: "real"
        case 0x3: "date"
        case 0x4: "data"
        case 0x5: "ASCII string"
        case 0x6: "UTF-16 string"
        case 0x8: "UID"
        case 0xA: "array"
        case 0xC: "set"
        case 0xD: "dictionary"
        default: "unknown"
        }
    }

    /// What the count counts.
    var unit: String {
        switch marker >> 4 {
        case 0x4: "byte"
        case 0x5, 0x6: "character"
        case 0xD: "entry"
        case 0xA, 0xC: "reference"
        default: "byte"
        }
    }

    /// The count that fills `space` bytes (header included), when the type has one and it divides evenly.
    func count(fitting space: Int, refSize: Int) -> Int? {
        let body = space - range.count
        guard body >= 0 else { return nil }
        let unitSize: Int
        switch marker >> 4 {
        case 0x4, 0x5: unitSize = 1
        case 0x6: unitSize = 2
        case 0xA, 0xC: unitSize = refSize
        case 0xD: unitSize = 2 * refSize
        default: return nil
        }
        guard unitSize > 0, body % unitSize == 0 else { return nil }
        return body / unitSize
    }
}
