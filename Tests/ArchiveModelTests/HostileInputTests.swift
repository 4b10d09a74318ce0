import Testing
@testable import ArchiveModel
#if canImport(Glibc)
import Glibc
#endif

/// Inputs built to hurt: extreme nesting, exponential path counts, counts and sizes near 2^64, offset
/// tables pointing into themselves, overlapping objects, reference loops, huge strings. Each goes
/// through everything a front end does (decoder, full check, index, invariants, outline, `--dump`,
/// `--json`) and must finish with diagnostics, linear output and bounded memory. The time limits are
/// generous sanity bounds against hangs, not benchmarks.
@Suite(.serialized) struct HostileInputTests {
    /// What one input cost and produced.
    struct Exercise {
        var format: ContainerFormat
        var objects = 0
        var diagnostics: [Diagnostic] = []
        var violations: [String] = []
        var dumpLines = 0
        var dumpBytes = 0
        var longestDumpLine = 0
        var jsonBytes = 0
        var seconds = 0.0
        /// Growth of the process's peak RSS while decoding, in MiB (0 where it cannot be measured).
        var peakGrowthMiB = 0
    }

    static func exercise(_ bytes: [UInt8], name: String = #function) -> Exercise {
        let resetWorked = Memory.resetPeak()
        let before = Memory.status()
        let start = Memory.now()
        let document = ArchiveDocument.open(InputBytes(bytes), name: name)
        var e = Exercise(format: document.format)
        e.objects = document.graph.objectCount
        e.diagnostics = document.graph.fullCheck()
        e.violations = GraphInvariants.violations(document.graph)
        let index = GraphIndex(graph: document.graph)
        if index == nil { e.violations.append("index cancelled") }
        let outline = Outline(graph: document.graph, index: index)
        var rows = outline.roots()
        var visited = 0
        while let row = rows.popLast(), visited < 200 {
            visited += 1
            if row.isExpandable { rows += (0..<min(outline.childCount(of: row), 4)).map { outline.child(of: row, at: $0) } }
        }
        DumpRenderer(document: document, diagnostics: e.diagnostics, index: index).render { line in
            e.dumpLines += 1
            e.dumpBytes += line.utf8.count
            e.longestDumpLine = max(e.longestDumpLine, line.utf8.count)
        }
        JSONRenderer(document: document, diagnostics: e.diagnostics).render { e.jsonBytes += $0.utf8.count }
        e.seconds = Memory.now() - start
        if resetWorked, let b = before, let after = Memory.status() { e.peakGrowthMiB = max(0, after.peak - b.rss) / 1024 }
        print("hostile \(name): \(bytes.count) bytes, \(e.format), \(e.objects) objects, \(e.diagnostics.count) diagnostics, "
              + "dump \(e.dumpLines) lines / \(e.dumpBytes) bytes (longest \(e.longestDumpLine)), json \(e.jsonBytes) bytes, "
              + "\((e.seconds * 1000).rounded() / 1000) s, peak +\(e.peakGrowthMiB) MiB")
        return e
    }

    /// The common expectations: sound graph, at most `lines` dump lines, no dump line longer than
    /// 2,000 bytes, under `seconds`, under `mebibytes` of peak growth.
    static func expectBounded(_ e: Exercise, lines: Int, seconds: Double = 10, mebibytes: Int = 2_048,
                              sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(e.violations.isEmpty, "\(e.violations.prefix(3))", sourceLocation: sourceLocation)
        #expect(e.dumpLines <= lines, "dump has \(e.dumpLines) lines", sourceLocation: sourceLocation)
        #expect(e.longestDumpLine <= 2_000, "a dump line of \(e.longestDumpLine) bytes", sourceLocation: sourceLocation)
        #expect(e.seconds < seconds, "took \(e.seconds) s", sourceLocation: sourceLocation)
        #expect(e.peakGrowthMiB < mebibytes, "peak RSS grew by \(e.peakGrowthMiB) MiB", sourceLocation: sourceLocation)
    }

    // MARK: - Builders for large inputs (plain loops: the general builders are slow in debug builds)

    /// A bplist00 from pre-encoded objects, with 4-byte offsets and the given reference width.
    static func bplist(objects: [[UInt8]], top: Int = 0) -> [UInt8] {
        var out = Array("bplist00".utf8)
        var offsets: [Int] = []
        offsets.reserveCapacity(objects.count)
        for o in objects { offsets.append(out.count); out += o }
        let table = out.count
        for o in offsets { be(UInt64(o), 4, &out) }
        out += [0, 0, 0, 0, 0, 0, 4, 4]
        be(UInt64(objects.count), 8, &out)
        be(UInt64(top), 8, &out)
        be(UInt64(table), 8, &out)
        return out
    }

    static func be(_ v: UInt64, _ width: Int, _ out: inout [UInt8]) {
        for i in stride(from: width - 1, through: 0, by: -1) { out.append(UInt8(truncatingIfNeeded: v >> (8 * UInt64(i)))) }
    }

    /// An array object holding `refs` as 4-byte references (count < 15).
    static func array(_ refs: [Int]) -> [UInt8] {
        var o: [UInt8] = [0xA0 | UInt8(refs.count)]
        for r in refs { be(UInt64(r), 4, &o) }
        return o
    }

    /// The nesting depth of the deep tests: a million, or `HOSTILE_DEPTH` from the environment (these
    /// tests take about 30 s of CPU each in a debug build; a busy CI machine may want fewer levels).
    static let million: Int = {
        if let text = getenv("HOSTILE_DEPTH"), let n = Int(String(cString: text)), n > 0 { return n }
        return 1_000_000
    }()

    // MARK: - Nesting a million levels deep

    @Test func bplistArraysNestedAMillionDeep() {
        var objects: [[UInt8]] = []
        objects.reserveCapacity(Self.million + 1)
        for i in 0..<Self.million { objects.append(Self.array([i + 1])) }
        objects.append([0x10, 0x2A])
        let e = Self.exercise(Self.bplist(objects: objects))
        #expect(e.format == .binaryPlist)
        #expect(e.objects == Self.million + 1)
        Self.expectBounded(e, lines: 4 * Self.million, seconds: 60)
    }

    @Test func xmlArraysNestedAMillionDeep() {
        let xml = "<?xml version=\"1.0\"?><plist version=\"1.0\">" + String(repeating: "<array>", count: Self.million)
            + "<true/>" + String(repeating: "</array>", count: Self.million) + "</plist>"
        let e = Self.exercise(Array(xml.utf8))
        #expect(e.format == .xmlPlist)
        // The XML decoder keeps the first 10,000 levels and says so; the rest is skipped, not recursed into.
        #expect(e.diagnostics.contains { $0.severity == .error } || Self.million < 10_000, "\(e.diagnostics)")
        Self.expectBounded(e, lines: 4 * Self.million, seconds: 60)
    }

    @Test func openStepArraysNestedAMillionDeep() {
        let text = String(repeating: "(", count: Self.million) + "x" + String(repeating: ")", count: Self.million)
        let e = Self.exercise(Array(text.utf8))
        #expect(e.format == .openStepPlist)
        // Decoded in full (no recursion), with a note that CF stops at 512 levels.
        #expect(e.objects > Self.million)
        #expect(!e.diagnostics.isEmpty)
        Self.expectBounded(e, lines: 4 * Self.million, seconds: 60)
    }

    @Test func xmlLeftOpenAMillionDeep() {
        // Never closed: every level is an unterminated container.
        let xml = "<plist>" + String(repeating: "<array>", count: Self.million)
        let e = Self.exercise(Array(xml.utf8))
        #expect(!e.diagnostics.isEmpty)
        Self.expectBounded(e, lines: 4 * Self.million, seconds: 60)
    }

    @Test func typedstreamObjectsNestedAMillionDeep() {
        var w = TypedstreamWriter()
        w.header()
        w.types("@")
        for _ in 0..<Self.million {
            w.beginObject([("Node", 0)])
            w.types("@")
        }
        w.nilTag()
        for _ in 0..<Self.million { w.endObject() }
        let e = Self.exercise(w.bytes)
        #expect(e.objects >= Self.million)
        Self.expectBounded(e, lines: 4 * Self.million, seconds: 60)
    }

    // MARK: - Exponentially many paths

    /// 64 levels, each referring to the next twice: 2^64 paths, 65 objects.
    @Test func bplistDAGWithExponentialPaths() {
        var objects = (0..<64).map { Self.array([$0 + 1, $0 + 1]) }
        objects.append([0x51, 0x78])
        let e = Self.exercise(Self.bplist(objects: objects))
        #expect(e.objects == 65)
        Self.expectBounded(e, lines: 1_000)
    }

    @Test func keyedDAGWithExponentialPaths() {
        var a = KeyedArchiveBuilder()
        var next = a.object("Leaf", [("v", .int(1))])
        for _ in 0..<64 { next = a.object("Node", [("left", .ref(next)), ("right", .ref(next))]) }
        a.top = [("root", .ref(next))]
        let e = Self.exercise(a.buildBinary())
        Self.expectBounded(e, lines: 1_000)
        #expect(e.diagnostics.allSatisfy { $0.severity != .error })
    }

    /// An archive in a data value, referred to 30 times, holding an archive referred to 30 times,
    /// three levels down: each level must be dumped once, not once per reference (27,000 copies).
    @Test func embeddedArchivesReferredToManyTimes() {
        var inner: [UInt8] = {
            var b = BinaryPlistBuilder()
            b.add(.string("leaf"))
            return b.build().bytes
        }()
        for _ in 0..<3 {
            var b = BinaryPlistBuilder()
            let data = 1
            b.add(.array(Array(repeating: data, count: 30)))
            b.add(.data(inner))
            inner = b.build().bytes
        }
        let e = Self.exercise(inner)
        Self.expectBounded(e, lines: 5_000)
    }

    // MARK: - Counts and sizes near 2^64

    /// An object whose count extension says 2^64 − 1 (array, data, string) or 2^63.
    @Test(arguments: [UInt8(0xAF), 0x4F, 0x5F, 0x6F, 0xDF, 0xCF], [UInt64.max, 1 << 63, UInt64(Int64.max)])
    func countExtensionNear2To64(marker: UInt8, count: UInt64) {
        var object: [UInt8] = [marker, 0x13]
        Self.be(count, 8, &object)
        object += [0, 0, 0, 0]
        let e = Self.exercise(Self.bplist(objects: [object]))
        #expect(e.diagnostics.contains { $0.severity == .error })
        Self.expectBounded(e, lines: 100, mebibytes: 256)
    }

    /// Trailer fields near 2^64: object count, top object, table offset, in every combination that matters.
    @Test(arguments: [(UInt64.max, UInt64(0), UInt64(9)), (UInt64(1), UInt64.max, UInt64(9)), (UInt64(1), UInt64(0), UInt64.max),
                      (UInt64(1) << 62, UInt64(0), UInt64(9)), (UInt64.max, UInt64.max, UInt64.max)])
    func trailerFieldsNear2To64(count: UInt64, top: UInt64, table: UInt64) {
        var out = Array("bplist00".utf8) + [0x10, 0x01, 0x08]
        out += [0, 0, 0, 0, 0, 0, 1, 1]
        Self.be(count, 8, &out)
        Self.be(top, 8, &out)
        Self.be(table, 8, &out)
        let e = Self.exercise(out)
        #expect(e.diagnostics.contains { $0.severity == .error })
        Self.expectBounded(e, lines: 100, mebibytes: 256)
    }

    /// Offset and reference widths of 8 and 16 bytes with values near 2^64.
    @Test(arguments: [8, 16]) func wideOffsetsNear2To64(width: Int) {
        var out = Array("bplist00".utf8) + [0xA2, 0x00, 0x01]
        let table = out.count
        for _ in 0..<(width / 8) { Self.be(UInt64.max, 8, &out) }
        out += [0, 0, 0, 0, 0, 0, UInt8(width), 1]
        Self.be(1, 8, &out)
        Self.be(0, 8, &out)
        Self.be(UInt64(table), 8, &out)
        let e = Self.exercise(out)
        #expect(e.diagnostics.contains { $0.severity == .error })
        Self.expectBounded(e, lines: 100, mebibytes: 256)
    }

    // MARK: - Tables and objects in the wrong places

    /// Every offset points into the offset table itself (or at the trailer).
    @Test func offsetTablePointingIntoItself() {
        let n = 64
        var out = Array("bplist00".utf8) + [0x10, 0x00]
        let table = out.count
        for i in 0..<n { Self.be(UInt64(table + (i % 8)), 2, &out) }
        let trailer = out.count
        out[table + 2] = UInt8(trailer >> 8); out[table + 3] = UInt8(trailer & 0xFF)
        out += [0, 0, 0, 0, 0, 0, 2, 1]
        Self.be(UInt64(n), 8, &out)
        Self.be(0, 8, &out)
        Self.be(UInt64(table), 8, &out)
        let e = Self.exercise(out)
        #expect(e.diagnostics.contains { $0.severity == .error })
        Self.expectBounded(e, lines: 2_000)
    }

    /// Objects that overlap: every offset points one byte further into the same run of array markers,
    /// so each array's references are the next arrays' markers.
    @Test func overlappingObjects() {
        let n = 200
        var out = Array("bplist00".utf8) + [UInt8](repeating: 0xA3, count: n + 8)
        let table = out.count
        for i in 0..<n { Self.be(UInt64(8 + i), 2, &out) }
        out += [0, 0, 0, 0, 0, 0, 2, 1]
        Self.be(UInt64(n), 8, &out)
        Self.be(0, 8, &out)
        Self.be(UInt64(table), 8, &out)
        let e = Self.exercise(out)
        #expect(e.diagnostics.contains { $0.id.contains("overlap") }, "\(Set(e.diagnostics.map(\.id)))")
        Self.expectBounded(e, lines: 20_000)
    }

    // MARK: - Reference loops

    /// `$objects` entries referring to each other in a ring, and a ring of 10,000.
    @Test(arguments: [3, 10_000]) func uidRing(size: Int) {
        var a = KeyedArchiveBuilder()
        let first = a.entries.count
        for i in 0..<size { a.add(.object(classID: nil, fields: [("next", .ref(first + (i + 1) % size))])) }
        let cls = a.classID("Ring")
        for i in 0..<size { a.set(first + i, .object(classID: cls, fields: [("next", .ref(first + (i + 1) % size))])) }
        a.top = [("root", .ref(first))]
        let e = Self.exercise(a.buildBinary())
        Self.expectBounded(e, lines: 10 * size + 100)
    }

    /// `$class` pointing at the object itself, at another instance, and a class whose `$classes` is a UID loop.
    @Test func classPointingToItself() {
        var a = KeyedArchiveBuilder()
        let selfish = a.reserve()
        a.set(selfish, .object(classID: selfish, fields: [("x", .int(1))]))
        let other = a.reserve()
        let pair = a.add(.object(classID: other, fields: [("peer", .ref(other))]))
        a.set(other, .object(classID: pair, fields: [("peer", .ref(pair))]))
        let odd = a.add(.rawDictionary([("$classname", .ref(selfish)), ("$classes", .refs([selfish, other]))]))
        let weird = a.add(.object(classID: odd, fields: []))
        a.top = [("root", .ref(selfish)), ("pair", .ref(pair)), ("weird", .ref(weird))]
        let e = Self.exercise(a.buildBinary())
        #expect(e.diagnostics.contains { $0.severity == .error })
        Self.expectBounded(e, lines: 1_000)
    }

    /// A bplist whose root array contains itself, and a dictionary whose key is the dictionary.
    @Test func bplistContainersContainingThemselves() {
        var d: [UInt8] = [0xD1]
        Self.be(1, 4, &d); Self.be(1, 4, &d)
        let e = Self.exercise(Self.bplist(objects: [Self.array([0, 0, 1]), d]))
        #expect(e.diagnostics.contains { $0.severity == .error })
        Self.expectBounded(e, lines: 1_000)
    }

    /// Known limit, not fixed: one large inline array listed by many objects (plistlib writes a list
    /// object used in many places once). Each object expands it, so 4,000 objects sharing a 4,000-UID
    /// list make 16 million values from 80 KB (52 s in a release build). See ROBUSTNESS.md.
    @Test(.disabled("known limit: a shared inline array is expanded in every object that lists it"))
    func inlineArraySharedByManyObjects() {
        var b = BinaryPlistBuilder()
        let n = 4_000
        b.add(.null) // 0: root, set below
        let keys = ["$archiver", "$top", "$objects", "root", "list", "$class"].map { b.add(.string($0)) }
        let archiver = b.add(.string("NSKeyedArchiver"))
        let uid1 = b.add(.uid(1)), classUID = b.add(.uid(UInt64(n + 1)))
        let shared = b.add(.array(Array(repeating: uid1, count: n)))
        let holders = (0..<n).map { _ in b.add(.dict([(keys[5], classUID), (keys[4], shared)])) }
        let cls = b.add(.dict([(b.add(.string("$classname")), b.add(.string("Holder"))),
                               (b.add(.string("$classes")), b.add(.array([b.add(.string("Holder"))])))]))
        let null = b.add(.string("$null"))
        let objects = b.add(.array([null] + holders + [cls]))
        let top = b.add(.dict([(keys[3], uid1)]))
        b.objects[0] = .dict([(keys[0], archiver), (keys[1], top), (keys[2], objects)])
        let bytes = b.build().bytes
        let e = Self.exercise(bytes)
        Self.expectBounded(e, lines: 16 * bytes.count)
    }

    // MARK: - Huge values

    /// A 50 MB ASCII string in a bplist: decodes, summaries are cut, the JSON carries all of it.
    @Test func fiftyMegabyteString() {
        let size = 50_000_000
        var object: [UInt8] = [0x5F, 0x12]
        Self.be(UInt64(size), 4, &object)
        object += [UInt8](repeating: UInt8(ascii: "a"), count: size)
        let bytes = Self.bplist(objects: [object])
        let e = Self.exercise(bytes)
        #expect(e.diagnostics.isEmpty, "\(e.diagnostics.prefix(3))")
        #expect(e.jsonBytes > size)
        Self.expectBounded(e, lines: 100, seconds: 60)
        let document = ArchiveDocument.open(InputBytes(bytes), name: "big")
        let row = Outline(graph: document.graph).roots().first
        #expect((row?.summary.count ?? .max) <= ValueFormatter.summaryLimit + 10)
    }

    /// The same string as escape-heavy text: 50 MB of ESC bytes in an XML plist.
    @Test func fiftyMegabytesOfEscapes() {
        let size = 50_000_000
        let xml = Array("<plist><string>".utf8) + [UInt8](repeating: 0x1B, count: size) + Array("</string></plist>".utf8)
        let e = Self.exercise(xml)
        Self.expectBounded(e, lines: 100, seconds: 60)
    }

    // MARK: - Typedstream references to itself

    /// An object whose field refers back to the object itself (while it is still open), and a class
    /// record whose superclass refers to the class itself.
    @Test func typedstreamReferencingItself() {
        var w = TypedstreamWriter()
        w.header()
        w.types("@")
        let node = w.beginObject([("Node", 0)])
        w.types("@@")
        w.ref(node)
        w.ref(node)
        w.endObject()
        // A class record whose superclass is a reference to its own (new) table slot.
        w.types("@")
        w.newTag()
        let slot = w.objectCount
        w.newTag()
        w.shared("Loop")
        w.int(0)
        w.ref(slot + 1)
        w.endObject()
        let e = Self.exercise(w.bytes)
        Self.expectBounded(e, lines: 1_000)
    }

    /// 200,000 objects each referring to the previous one and to the first: wide and deep at once.
    @Test func typedstreamLongBackReferenceChain() {
        var w = TypedstreamWriter()
        w.header()
        let n = 200_000
        w.types("@")
        let first = w.beginObject([("Node", 0)])
        w.types("@")
        w.nilTag()
        w.endObject()
        var previous = first
        for _ in 0..<n {
            w.types("@")
            let id = w.beginObject([("Node", 0)])
            w.types("@@")
            w.ref(previous)
            w.ref(first)
            w.endObject()
            previous = id
        }
        let e = Self.exercise(w.bytes)
        Self.expectBounded(e, lines: 20 * n, seconds: 60)
    }
}

/// Time and memory readings for the hostile tests (Linux /proc; elsewhere the memory checks are skipped).
enum Memory {
    static func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }

    /// Resets the peak RSS (VmHWM) to the current RSS.
    static func resetPeak() -> Bool {
        let fd = open("/proc/self/clear_refs", O_WRONLY)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        return write(fd, "5", 1) == 1
    }

    /// (RSS, peak RSS) in KiB.
    static func status() -> (rss: Int, peak: Int)? {
        let fd = open("/proc/self/status", O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 8192)
        let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard n > 0 else { return nil }
        var rss: Int?, peak: Int?
        for line in String(decoding: buffer[0..<n], as: UTF8.self).split(separator: "\n") {
            let digits = Int(line.filter(\.isNumber))
            if line.hasPrefix("VmRSS:") { rss = digits } else if line.hasPrefix("VmHWM:") { peak = digits }
        }
        guard let rss, let peak else { return nil }
        return (rss, peak)
    }
}
