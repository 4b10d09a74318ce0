import Testing
@testable import ArchiveModel
@testable import Typedstream
@testable import NIBArchive
@testable import IB3XML
@testable import ArchivePresentation
@testable import ArchiveSources

/// Per-object and whole-file diagnostics of the bplist decoder, each id with its byte range.
@Suite struct BinaryPlistObjectDiagnosticTests {
    /// Root array referencing object 1 (given raw), plus any extra objects.
    func tree(_ raw: [UInt8], extra: [BinaryPlistBuilder.Object] = []) -> (BinaryPlistTree, ByteRange) {
        var b = BinaryPlistBuilder()
        b.add(.array([1]))
        b.add(.raw(raw))
        for e in extra { b.add(e) }
        let built = b.build()
        return (BinaryPlistTree(InputBytes(built.bytes)), built.ranges[1])
    }

    static let markerCases: [([UInt8], String, Int)] = [
        ([0x0C], "bplist.marker.v1x-only", 1), ([0x0E], "bplist.marker.v1x-only", 1), ([0x71, 0x41], "bplist.marker.v1x-only", 1),
        ([0x00], "bplist.marker.null", 1), ([0x0F], "bplist.marker.fill", 1), ([0x95], "bplist.marker.unknown", 1),
        ([0x01], "bplist.marker.unknown", 1), ([0x15], "bplist.int.bad-width", 1), ([0x21, 0, 0], "bplist.real.bad-width", 1),
        ([0x34] + [UInt8](repeating: 0, count: 8), "bplist.date.bad-marker", 1),
        ([0x84, 1, 0, 0, 0, 0], "bplist.uid.too-large", 6), ([0x82, 0, 0, 9], "bplist.uid.odd-width", 4),
        ([0x51, 0xC3], "bplist.string.non-ascii", 1),
    ]

    @Test(arguments: markerCases)
    func markerDiagnostic(raw: [UInt8], id: String, length: Int) {
        let (t, range) = tree(raw)
        let d = t.node(1).diagnostics
        #expect(d.map(\.id).contains(id))
        let found = d.first { $0.id == id }
        #expect(found?.range?.start == (id == "bplist.string.non-ascii" ? range.start + 1 : range.start))
        #expect(found?.range?.count == length)
        #expect(found?.object == 1)
    }

    @Test func payloadRunningIntoTheTable() {
        let (t, range) = tree([0x13, 1, 2])
        let d = t.node(1).diagnostics
        #expect(d.map(\.id) == ["bplist.object.overruns"])
        #expect(d.first?.range?.start == range.start)
    }

    @Test func countExtensionProblems() {
        #expect(tree([0x5F, 0x22, 0, 0, 0, 0]).0.node(1).diagnostics.map(\.id) == ["bplist.count.bad-marker"])
        let (t, range) = tree([0x4F, 0x10, 200, 1, 2])
        let d = t.node(1).diagnostics
        #expect(d.map(\.id) == ["bplist.count.too-large"])
        #expect(d.first?.range?.start == range.start)
        if case .data(let bytes) = t.node(1).value { #expect(bytes.count > 0) } else { Issue.record("expected partial data") }
    }

    @Test func referenceOutOfRangeKeepsSiblings() {
        let (t, range) = tree([0xA2, 0x09, 0x02], extra: [.bool(true)])
        let node = t.node(1)
        #expect(node.value == .array([9, 2]))
        #expect(node.diagnostics.map(\.id) == ["bplist.ref.out-of-range"])
        #expect(node.diagnostics.first?.range == ByteRange(range.start + 1, range.start + 2))
        #expect(t.node(2).value == .bool(true))
    }

    @Test func dictionaryKeyKinds() {
        let (t, range) = tree([0xD2, 0x02, 0x03, 0x03, 0x03], extra: [.array([]), .integer(1)])
        let ids = t.node(1).diagnostics.map(\.id)
        #expect(ids == ["bplist.dict.container-key", "bplist.dict.non-string-key"])
        #expect(t.node(1).diagnostics.first?.range == ByteRange(range.start + 1, range.start + 2))
    }

    @Test func fullCheckFindsCyclesOverlapsGapsAndOrphans() {
        var b = BinaryPlistBuilder()
        b.add(.array([1]))      // 0 → 1
        b.add(.array([0]))      // 1 → 0: a container cycle
        b.add(.string("lost"))  // 2: nothing refers to it
        var built = b.build()
        built.bytes[built.tableOffset + 2] = UInt8(built.ranges[1].start + 1) // object 2 overlaps object 1
        let d = BinaryPlistTree(InputBytes(built.bytes)).fullCheck()
        let ids = Set(d.map(\.id))
        #expect(ids.isSuperset(of: ["bplist.container.cycle", "bplist.object.unreferenced"]))
        // The overlap is a symptom of object 2's damaged table entry, which the chain audit names.
        let cause = d.first { $0.id == "bplist.offset.damaged" }
        #expect(cause?.range == ByteRange(built.tableOffset + 2, built.tableOffset + 3))
        #expect(cause?.notes.contains { $0.message.contains("bplist.object.overlap") } == true, "\(String(describing: cause))")
        #expect(d.first { $0.id == "bplist.container.cycle" }?.object == 1)
        #expect(d.first { $0.id == "bplist.container.cycle" }?.message.contains("refers to object 0 (item 0)") == true)
    }

    @Test func aCycleSaysWhichKeyOrValueCloseIt() {
        // 0 = {"a": 0, 0: "b"}: the value of key 0, and key 1, lead back to the dictionary itself.
        var b = BinaryPlistBuilder()
        b.add(.dict([(key: 1, value: 0), (key: 0, value: 2)]))
        b.add(.string("a"))
        b.add(.string("b"))
        let cycles = BinaryPlistTree(InputBytes(b.build().bytes)).fullCheck().filter { $0.id == "bplist.container.cycle" }
        #expect(cycles.map(\.message).sorted() == [
            "object 0 refers to object 0 (key 1), which contains it: a container cycle (CF rejects it)",
            "object 0 refers to object 0 (the value of key 0), which contains it: a container cycle (CF rejects it)",
        ])
    }

    @Test func duplicateOffsetsAndUnreferencedBytes() {
        var b = BinaryPlistBuilder()
        b.add(.array([1, 2]))
        b.add(.string("same"))
        b.add(.raw([0x09, 0xEE, 0xEE]))   // true, then two stray bytes
        var built = b.build()
        built.bytes[built.tableOffset + 2] = UInt8(built.ranges[1].start)
        let d = BinaryPlistTree(InputBytes(built.bytes)).fullCheck()
        #expect(d.contains { $0.id == "bplist.offset.duplicate" && $0.object == 2 })
        #expect(d.contains { $0.id == "bplist.bytes.unreferenced" })
    }

    /// Objects sharing one offset are one set of bytes: their defect is reported once (for the first
    /// object), each sharer gets an offset warning, what they refer to still counts as reachable, and
    /// reaching one of them reaches them all (CF caches objects by offset).
    @Test func objectsSharingAnOffsetReportTheirBytesOnce() {
        var b = BinaryPlistBuilder()
        b.add(.array([2]))            // the root refers to object 2 only
        b.add(.array([4, 9]))         // object 1: ref 9 is out of range
        b.add(.bool(true))            // objects 2 and 3 are moved onto object 1's offset below
        b.add(.bool(false))
        b.add(.string("only via 2"))  // reachable only through object 2
        var built = b.build()
        built.bytes[built.tableOffset + 2] = UInt8(built.ranges[1].start)
        built.bytes[built.tableOffset + 3] = UInt8(built.ranges[1].start)
        let d = BinaryPlistTree(InputBytes(built.bytes)).fullCheck()
        let refErrors = d.filter { $0.id.hasPrefix("bplist.ref.") }
        #expect(refErrors.count == 1)
        #expect(refErrors.first?.object == 1)
        #expect(d.filter { $0.id == "bplist.offset.duplicate" }.compactMap(\.object).sorted() == [2, 3])
        #expect(!d.contains { $0.id == "bplist.object.unreferenced" && $0.object == 4 })
        #expect(!d.contains { $0.id == "bplist.object.unreferenced" })
    }

    @Test func nestingDeeperThanCFAllows() {
        var b = BinaryPlistBuilder()
        for i in 0..<600 { b.add(.array([i + 1])) }
        b.add(.bool(true))
        let d = BinaryPlistTree(InputBytes(b.build().bytes)).fullCheck()
        #expect(d.filter { $0.id == "bplist.depth.exceeded" }.count == 1)
        // The objects below the limit are reachable from the top object, not lost.
        #expect(!d.contains { $0.id == "bplist.object.unreferenced" })
    }

    @Test func cycleBelowTheDepthLimitIsFound() {
        var b = BinaryPlistBuilder()
        for i in 0..<599 { b.add(.array([i + 1])) }
        b.add(.array([598]))
        let d = BinaryPlistTree(InputBytes(b.build().bytes)).fullCheck()
        #expect(d.map(\.id).filter { $0.hasPrefix("bplist.depth") || $0.hasPrefix("bplist.container") || $0.hasPrefix("bplist.object.unref") }
                == ["bplist.depth.exceeded", "bplist.container.cycle"])
    }

    /// The full check validates strings without building them; it must agree with the decoder.
    @Test(arguments: [
        ([0x62, 0xD8, 0x3D, 0xDE, 0x00], [String]()),                            // a valid surrogate pair
        ([0x62, 0xD8, 0x00, 0x00, 0x41], ["bplist.string.unpaired-surrogate"]),  // high without low
        ([0x61, 0xDC, 0x00], ["bplist.string.unpaired-surrogate"]),              // a lone low surrogate
        ([0x52, 0x41, 0xE9], ["bplist.string.non-ascii"]),
    ])
    func fullCheckValidatesStringsLikeTheDecoder(raw: [UInt8], expected: [String]) {
        let (t, _) = tree(raw)
        #expect(t.node(1).diagnostics.map(\.id) == expected)
        #expect(t.fullCheck().map(\.id).filter { $0.hasPrefix("bplist.string") } == expected)
    }
}
