import Testing
@testable import ArchiveCore
@testable import BinaryPlist

/// The full check keeps no list of children: a container's children are its references in the file,
/// read again where the walks ask for them (`BinaryPlistExtents.references(of:)`). They must be what
/// the decoder reads, damaged containers included.
@Suite struct BinaryPlistExtentsTests {
    /// 0: array [1, 2, 5, 6, 99]; 1: dictionary {3: 4, 3: 0} (its second value leads back to the top);
    /// 2: string; 3: key string; 4: integer; 5: an array whose count cannot be read; 6: set [3, 4];
    /// 7: listed at object 1's offset; 8 (last): an array of 3 with room for 1 before the table.
    static func damaged() -> BinaryPlistTree {
        var b = BinaryPlistBuilder()
        b.objectRefSize = 1
        b.add(.array([1, 2, 5, 6, 99]))
        b.add(.dict([(3, 4), (3, 0)]))
        b.add(.string("text"))
        b.add(.string("k"))
        b.add(.integer(7))
        b.add(.raw([0xAF, 0x30]))
        b.add(.set([3, 4]))
        b.add(.null)
        b.add(.raw([0xA3, 0x02]))
        var (bytes, ranges, _, table) = b.build()
        bytes[table + 7] = UInt8(ranges[1].start) // one-byte offsets: object 7 is object 1's bytes
        return BinaryPlistTree(InputBytes(bytes))
    }

    static func extents(of tree: BinaryPlistTree) throws -> BinaryPlistExtents {
        var check = BinaryPlistFullCheck(tree: tree, layout: try #require(tree.layout))
        _ = check.run(progress: { _ in true })
        return check.extents
    }

    static func children(_ extents: BinaryPlistExtents, _ id: Int) -> [Int] {
        let refs = extents.references(of: id)
        return (0..<refs.count).map { extents.child(refs, $0) }
    }

    @Test func childrenAreTheReferencesTheDecoderReads() throws {
        let tree = Self.damaged()
        let extents = try Self.extents(of: tree)
        #expect(Self.children(extents, 0) == [1, 2, 5, 6, -1])
        #expect(Self.children(extents, 1) == [3, 4, 3, 0]) // key, value pairs
        #expect(Self.children(extents, 6) == [3, 4])
        #expect(Self.children(extents, 8) == [2]) // cut to what fits before the offset table
        for id in [2, 3, 4, 5, 7] { #expect(Self.children(extents, id).isEmpty, "object \(id)") }
        for id in [0, 1, 6] {
            let decoded = tree.node(id).value.childIDs.map { $0 < tree.nodeCount ? $0 : -1 }
            #expect(Self.children(extents, id) == decoded, "object \(id)")
        }
    }

    /// An object's start is not kept: it is its offset in the table, where the decoder reads it (a
    /// sharer's is the first object's there); objects not decoded have none.
    @Test func startsAreWhereTheDecoderReadsEachObject() throws {
        let tree = Self.damaged()
        let extents = try Self.extents(of: tree)
        for id in 0..<tree.nodeCount {
            let range = tree.node(id).range
            #expect(extents.start(id) == range?.start ?? -1, "object \(id)")
            #expect(extents.end(id) == range?.end ?? -1, "object \(id)")
        }
        #expect(extents.start(7) == extents.start(1))
    }

    /// The walks read them so: the cycle through the dictionary's second value, named by position.
    @Test func theCheckWalksTheReferencesInTheFile() {
        let found = Self.damaged().fullCheck(progress: { _ in true })
        let cycle = found.filter { $0.id == "bplist.container.cycle" }
        #expect(cycle.count == 1)
        #expect(cycle.first?.object == 1)
        #expect(cycle.first?.message.contains("the value of key 1") == true)
        #expect(found.contains { $0.id == "bplist.offset.duplicate" })
    }
}
