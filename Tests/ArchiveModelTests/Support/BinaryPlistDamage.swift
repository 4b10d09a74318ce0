@testable import ArchiveModel
@testable import ArchiveCore
@testable import BinaryPlist
@testable import XMLPlist
@testable import OpenStepPlist
@testable import KeyedArchive
@testable import Typedstream
@testable import NIBArchive
@testable import IB3XML
@testable import Bookmark
@testable import ArchiveDocuments
@testable import ArchivePresentation
@testable import ArchiveOutput
@testable import ArchiveAudit
@testable import ArchiveSources

/// A damaged binary plist built for one diagnostic: the bytes, and where the diagnostic must be.
struct BinaryPlistDamage: Sendable, CustomStringConvertible {
    let id: String
    let bytes: [UInt8]
    let range: ByteRange?
    var object: Int? = nil
    /// The severity expected when it is not the catalog's default.
    var severity: Severity? = nil
    var description: String { id }
}

/// Built fixtures for every `bplist.*` id, each with the exact range of its diagnostic.
enum BinaryPlistDamageFixtures {
    /// A small valid file: a root array of two strings, with the offsets of its parts.
    ///
    /// `padded` leaves a byte after the last object, so the objects no longer sit back to back as
    /// Apple's writer puts them: the chain audit then cannot name a damaged table entry as the cause,
    /// and the symptoms it would fold into that cause are reported on their own.
    static func valid(padded: Bool = false) -> (bytes: [UInt8], ranges: [ByteRange], trailer: Int, table: Int) {
        var b = BinaryPlistBuilder()
        b.add(.array([1, 2]))
        b.add(.string("a"))
        b.add(padded ? .raw([0x52, 0x62, 0x63, 0x00]) : .string("bc"))
        let built = b.build()
        return (built.bytes, built.ranges, built.trailerOffset, built.tableOffset)
    }

    /// `valid()` with one change made by `edit` (given the bytes, the trailer's and the table's offsets).
    static func edited(padded: Bool = false, _ edit: (inout [UInt8], Int, Int) -> Void) -> (bytes: [UInt8], trailer: Int, table: Int) {
        var f = valid(padded: padded)
        edit(&f.bytes, f.trailer, f.table)
        return (f.bytes, f.trailer, f.table)
    }

    /// A root array referring to object 1, given raw, and `extra` objects: the bytes and object 1's range.
    static func object(_ raw: [UInt8], extra: [BinaryPlistBuilder.Object] = []) -> (bytes: [UInt8], at: ByteRange, table: Int) {
        var b = BinaryPlistBuilder()
        b.add(.array([1]))
        b.add(.raw(raw))
        for e in extra { b.add(e) }
        let built = b.build()
        return (built.bytes, built.ranges[1], built.tableOffset)
    }

    static func setBE(_ bytes: inout [UInt8], at offset: Int, _ value: UInt64, width: Int) {
        for i in 0..<width { bytes[offset + i] = UInt8(truncatingIfNeeded: value >> UInt64(8 * (width - 1 - i))) }
    }

    /// One damage per trailer field.
    static func trailer() -> [BinaryPlistDamage] {
        var cases: [BinaryPlistDamage] = []
        // The trailer-field fixtures leave a byte after the last object: with objects back to back up to
        // the table, a damaged count or table offset is named as bplist.trailer.field-damaged instead.
        func add(_ id: String, _ field: Int, _ width: Int, severity: Severity? = nil, _ edit: (inout [UInt8], Int, Int) -> Void) {
            let f = edited(padded: true, edit)
            cases.append(BinaryPlistDamage(id: id, bytes: f.bytes, range: ByteRange(start: f.trailer + field, count: width), severity: severity))
        }
        add("bplist.trailer.unused-nonzero", 0, 6) { b, t, _ in b[t + 2] = 7 }
        add("bplist.trailer.offset-int-size", 6, 1) { b, t, _ in b[t + 6] = 0 }
        add("bplist.trailer.object-ref-size", 7, 1) { b, t, _ in b[t + 7] = 0 }
        add("bplist.trailer.no-objects", 8, 8) { b, t, _ in setBE(&b, at: t + 8, 0, width: 8) }
        add("bplist.trailer.size-mismatch", 8, 8) { b, t, _ in setBE(&b, at: t + 8, 2, width: 8) }
        add("bplist.trailer.top-object", 16, 8) { b, t, _ in setBE(&b, at: t + 16, 9, width: 8) }
        add("bplist.trailer.top-object-nonzero", 16, 8) { b, t, _ in setBE(&b, at: t + 16, 1, width: 8) }
        add("bplist.trailer.table-offset", 24, 8) { b, t, _ in setBE(&b, at: t + 24, 4, width: 8) }
        // Widths CF reads but Apple's writer never uses are notes.
        for (id, field) in [("bplist.trailer.offset-int-size", 6), ("bplist.trailer.object-ref-size", 7)] {
            var b = BinaryPlistBuilder()
            b.add(.array([1]))
            b.add(.string("x"))
            if field == 6 { b.offsetIntSize = 3 } else { b.objectRefSize = 3 }
            let built = b.build()
            cases.append(BinaryPlistDamage(id: id, bytes: built.bytes, range: ByteRange(start: built.trailerOffset + field, count: 1), severity: .note))
        }
        return cases
    }
}

extension BinaryPlistDamageFixtures {
    /// Header, file length, offset table and scan.
    static func layout() -> [BinaryPlistDamage] {
        var cases: [BinaryPlistDamage] = []
        let version = edited { b, _, _ in b[7] = UInt8(ascii: "1") }
        cases.append(BinaryPlistDamage(id: "bplist.header.version", bytes: version.bytes, range: ByteRange(6, 8)))
        let zeroed = edited { b, _, _ in for i in 0..<8 { b[i] = 0 } }
        cases.append(BinaryPlistDamage(id: "bplist.header.magic-damaged", bytes: zeroed.bytes, range: ByteRange(0, 8)))
        cases.append(BinaryPlistDamage(id: "bplist.file.too-short", bytes: Array("bplist00".utf8) + [0x08], range: ByteRange(0, 9)))
        let long = edited(padded: true) { b, t, _ in setBE(&b, at: t + 8, 5, width: 8) }
        cases.append(BinaryPlistDamage(id: "bplist.table.truncated", bytes: long.bytes, range: ByteRange(long.table, long.trailer)))
        let top = edited { b, _, table in b[table] = 200 }
        cases.append(BinaryPlistDamage(id: "bplist.trailer.top-object-offset", bytes: top.bytes, range: ByteRange(top.table, top.table + 1), object: 0))
        let inHeader = edited(padded: true) { b, _, table in b[table + 1] = 3 }
        cases.append(BinaryPlistDamage(id: "bplist.offset.in-header", bytes: inHeader.bytes, range: ByteRange(inHeader.table + 1, inHeader.table + 2), object: 1))
        let past = edited(padded: true) { b, _, table in b[table + 2] = 250 }
        cases.append(BinaryPlistDamage(id: "bplist.offset.out-of-range", bytes: past.bytes, range: ByteRange(past.table + 2, past.table + 3), object: 2))
        // 300 objects cannot be numbered with 1-byte references.
        var many = BinaryPlistBuilder()
        many.add(.array([]))
        for _ in 0..<300 { many.add(.bool(true)) }
        many.objectRefSize = 1
        let manyBuilt = many.build()
        cases.append(BinaryPlistDamage(id: "bplist.trailer.ref-size-too-small", bytes: manyBuilt.bytes,
                                       range: ByteRange(start: manyBuilt.trailerOffset + 7, count: 1)))
        // An offset table at 300 or beyond cannot be reached with 1-byte offsets.
        var far = BinaryPlistBuilder()
        far.add(.array([1]))
        far.add(.string(String(repeating: "x", count: 300)))
        far.offsetIntSize = 1
        let farBuilt = far.build()
        cases.append(BinaryPlistDamage(id: "bplist.trailer.offset-size-too-small", bytes: farBuilt.bytes,
                                       range: ByteRange(start: farBuilt.trailerOffset + 6, count: 1)))
        // No usable table: the objects are found by scanning, up to the table's claimed offset.
        let zeroWidth = edited { b, t, _ in b[t + 6] = 0 }
        cases.append(BinaryPlistDamage(id: "bplist.scan.recovered", bytes: zeroWidth.bytes, range: ByteRange(8, zeroWidth.table)))
        let nothing = Array("bplist00".utf8) + [0x9A, 0x9A] + [UInt8](repeating: 0, count: 32)
        cases.append(BinaryPlistDamage(id: "bplist.scan.nothing", bytes: nothing, range: ByteRange(8, 10)))
        return cases
    }

    /// One damaged object (object 1 of `object(_:)`), each id with the bytes it is about.
    static func objects() -> [BinaryPlistDamage] {
        // (id, raw object, extra objects, range relative to the object's start, or nil for "to the table").
        let table: [(String, [UInt8], [BinaryPlistBuilder.Object], (Int, Int)?)] = [
            ("bplist.marker.v1x-only", [0x0E], [], (0, 1)),
            ("bplist.marker.unknown", [0x95], [], (0, 1)),
            ("bplist.marker.null", [0x00], [], (0, 1)),
            ("bplist.marker.fill", [0x0F], [], (0, 1)),
            ("bplist.object.overruns", [0x13, 1, 2], [], nil),
            ("bplist.int.bad-width", [0x15], [], (0, 1)),
            ("bplist.int.high-bits-dropped", [0x14] + [UInt8](repeating: 0, count: 7) + [1] + [UInt8](repeating: 0, count: 8), [], (1, 17)),
            ("bplist.real.bad-width", [0x21, 0, 0], [], (0, 1)),
            ("bplist.date.bad-marker", [0x34] + [UInt8](repeating: 0, count: 8), [], (0, 1)),
            ("bplist.uid.too-large", [0x84, 1, 0, 0, 0, 0], [], (0, 6)),
            ("bplist.uid.odd-width", [0x82, 0, 0, 9], [], (0, 4)),
            ("bplist.count.missing", [0x5F], [], (0, 1)),
            ("bplist.count.bad-marker", [0x5F, 0x22, 0, 0, 0, 0], [], (1, 2)),
            ("bplist.count.too-large", [0x4F, 0x10, 200, 1, 2], [], nil),
            ("bplist.string.non-ascii", [0x51, 0xC3], [], (1, 2)),
            ("bplist.string.unpaired-surrogate", [0x61, 0xDC, 0x00], [], (1, 3)),
            ("bplist.ref.out-of-range", [0xA2, 0x09, 0x02], [.bool(true)], (1, 2)),
            ("bplist.dict.container-key", [0xD2, 0x02, 0x03, 0x03, 0x03], [.array([]), .integer(1)], (1, 2)),
            ("bplist.dict.non-string-key", [0xD2, 0x02, 0x03, 0x03, 0x03], [.array([]), .integer(1)], (2, 3)),
            ("bplist.bytes.unreferenced", [0x09, 0xEE, 0xEE], [], (1, 3)),
        ]
        return table.map { id, raw, extra, relative in
            let f = object(raw, extra: extra)
            let range = relative.map { ByteRange(f.at.start + $0.0, f.at.start + $0.1) } ?? ByteRange(f.at.start, f.table)
            return BinaryPlistDamage(id: id, bytes: f.bytes, range: range, object: id == "bplist.bytes.unreferenced" ? nil : 1)
        }
    }

    /// The whole-file checks: shared offsets, overlaps, cycles, depth and unreachable objects.
    static func graph() -> [BinaryPlistDamage] {
        var cases: [BinaryPlistDamage] = []
        var b = BinaryPlistBuilder()
        b.add(.array([1, 2]))
        b.add(.string("same"))
        b.add(.raw([0x09, 0x00]))   // true, and a byte of padding (see `valid(padded:)`)
        var shared = b.build()
        shared.bytes[shared.tableOffset + 2] = UInt8(shared.ranges[1].start)
        cases.append(BinaryPlistDamage(id: "bplist.offset.duplicate", bytes: shared.bytes, range: shared.ranges[1], object: 2))
        var c = BinaryPlistBuilder()
        c.add(.array([1]))      // 0 → 1
        c.add(.array([0]))      // 1 → 0: a cycle
        c.add(.string("lost"))  // 2: nothing refers to it
        let cycle = c.build()
        cases.append(BinaryPlistDamage(id: "bplist.container.cycle", bytes: cycle.bytes, range: cycle.ranges[1], object: 1))
        cases.append(BinaryPlistDamage(id: "bplist.object.unreferenced", bytes: cycle.bytes, range: cycle.ranges[2], object: 2))
        var o = BinaryPlistBuilder()
        o.add(.array([1])); o.add(.array([0])); o.add(.raw([0x54] + Array("lost".utf8) + [0x00]))   // padded
        var overlap = o.build()
        overlap.bytes[overlap.tableOffset + 2] = UInt8(overlap.ranges[1].start + 1) // object 2 starts inside object 1
        cases.append(BinaryPlistDamage(id: "bplist.object.overlap", bytes: overlap.bytes,
                                       range: ByteRange(overlap.ranges[1].start + 1, overlap.ranges[1].end), object: 2))
        cases += rootCauses()
        var d = BinaryPlistBuilder()
        for i in 0..<600 { d.add(.array([i + 1])) }
        d.add(.bool(true))
        let deep = d.build()
        let limit = BinaryPlistFullCheck.maxDepth
        cases.append(BinaryPlistDamage(id: "bplist.depth.exceeded", bytes: deep.bytes, range: deep.ranges[limit], object: limit))
        return cases
    }

    /// The chain audit's root causes, and a file cut inside its trailer.
    static func rootCauses() -> [BinaryPlistDamage] {
        var cases: [BinaryPlistDamage] = []
        var b = BinaryPlistBuilder()
        b.add(.array([1, 2, 3]))
        b.add(.string("alpha")); b.add(.string("beta")); b.add(.string("gamma"))
        let chain = b.build()
        var entry = chain
        entry.bytes[entry.tableOffset + 2] = UInt8(entry.ranges[1].start + 2)   // object 2's entry points into object 1
        cases.append(BinaryPlistDamage(id: "bplist.offset.damaged", bytes: entry.bytes,
                                       range: ByteRange(entry.tableOffset + 2, entry.tableOffset + 3), object: 2))
        var length = chain
        length.bytes[length.ranges[2].start] = 0x52                              // "beta" now claims 2 characters
        cases.append(BinaryPlistDamage(id: "bplist.object.length-damaged", bytes: length.bytes,
                                       range: ByteRange(length.ranges[2].start, length.ranges[2].start + 1), object: 2))
        var field = chain.bytes
        setBE(&field, at: chain.trailerOffset + 24, 4, width: 8)                  // the table offset
        cases.append(BinaryPlistDamage(id: "bplist.trailer.field-damaged", bytes: field,
                                       range: ByteRange(chain.trailerOffset + 24, chain.trailerOffset + 32)))
        let cut = Array(chain.bytes.dropLast(3))
        cases.append(BinaryPlistDamage(id: "bplist.trailer.cut", bytes: cut, range: ByteRange(chain.trailerOffset, cut.count)))
        return cases
    }

    /// Every fixture.
    static func all() -> [BinaryPlistDamage] { trailer() + layout() + objects() + graph() }
}
