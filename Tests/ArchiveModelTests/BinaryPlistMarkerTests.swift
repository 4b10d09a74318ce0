import Testing
@testable import ArchiveModel
@testable import OpenStepPlist
@testable import Typedstream
@testable import NIBArchive
@testable import IB3XML
@testable import ArchiveDocuments
@testable import ArchivePresentation
@testable import ArchiveSources

/// Each bplist00 marker type: decoded value and exact byte range, from fixtures built in code.
@Suite struct BinaryPlistMarkerTests {
    /// A one-object-plus-root file: the root array holds `object`; returns the tree and its range.
    func single(_ object: BinaryPlistBuilder.Object) -> (BinaryPlistTree, ByteRange) {
        var b = BinaryPlistBuilder()
        b.add(.array([1]))
        b.add(object)
        let built = b.build()
        return (BinaryPlistTree(InputBytes(built.bytes)), built.ranges[1])
    }

    static let cases: [(BinaryPlistBuilder.Object, PlistValue, Int)] = [
        (.bool(true), .bool(true), 1),
        (.bool(false), .bool(false), 1),
        (.null, .null, 1),
        (.integer(200), .integer(200, width: 1), 2),
        (.integer(0xFFFF), .integer(65535, width: 2), 3),
        (.integer(0x1_0000), .integer(65536, width: 4), 5),
        (.integer(-1), .integer(-1, width: 8), 9),
        (.bigInteger(UInt64.max), .integer(Int128(UInt64.max), width: 16), 17),
        (.real(2.5), .real(2.5, width: 8), 9),
        (.float(1.5), .real(1.5, width: 4), 5),
        (.date(86_400), .date(86_400), 9),
        (.data([1, 2, 3]), .data([1, 2, 3]), 4),
        (.string("abc"), .string("abc"), 4),
        (.string("日本"), .string("日本"), 5),
        (.string(String(repeating: "x", count: 20)), .string(String(repeating: "x", count: 20)), 23),
        (.uid(7), .uid(7), 2),
        (.uid(300), .uid(300), 3),
        (.array([0]), .array([0]), 2),
        (.set([0]), .set([0]), 2),
        (.dict([(0, 0)]), .dict(keys: [0], values: [0]), 3),
    ]

    @Test(arguments: cases)
    func decodesMarker(object: BinaryPlistBuilder.Object, expected: PlistValue, size: Int) {
        let (tree, range) = single(object)
        let node = tree.node(1)
        #expect(node.value == expected)
        #expect(node.range == range)
        #expect(node.range?.count == size)
    }

    @Test func sixteenByteIntegerKeepsLowHalfLikeCF() {
        let (tree, _) = single(.raw([0x14] + [UInt8](repeating: 0, count: 7) + [1] + [UInt8](repeating: 0xFF, count: 8)))
        let node = tree.node(1)
        #expect(node.value == .integer(Int128(UInt64.max), width: 16))
        #expect(node.diagnostics.map(\.id) == ["bplist.int.high-bits-dropped"])
    }

    @Test func oneTwoFourByteIntegersAreUnsigned() {
        let (tree, _) = single(.raw([0x10, 0xFF]))
        #expect(tree.node(1).value == .integer(255, width: 1))
    }

    @Test func countExtensionSixteenBytes() {
        // 0x5F then a 1-byte int object 0x10 0x11 = 17 characters.
        let (tree, range) = single(.raw([0x5F, 0x10, 17] + Array("abcdefghijklmnopq".utf8)))
        #expect(tree.node(1).value == .string("abcdefghijklmnopq"))
        #expect(tree.node(1).range == range)
    }

    @Test func utf16UnpairedSurrogateIsWarnedAndReplaced() {
        let (tree, _) = single(.raw([0x62, 0xD8, 0x00, 0x00, 0x41]))
        let node = tree.node(1)
        #expect(node.value == .string("\u{FFFD}A"))
        #expect(node.diagnostics.map(\.id) == ["bplist.string.unpaired-surrogate"])
    }

    @Test func wideUIDsAreRead() {
        let (tree, _) = single(.raw([0x8F] + [UInt8](repeating: 0, count: 15) + [5]))
        #expect(tree.node(1).value == .uid(5))
        #expect(tree.node(1).diagnostics.map(\.id) == ["bplist.uid.odd-width"])
    }

    @Test func openingIsLazy() {
        var b = BinaryPlistBuilder()
        b.add(.array(Array(1...1000)))
        for i in 0..<1000 { b.add(.integer(Int64(i))) }
        let tree = BinaryPlistTree(InputBytes(b.build().bytes))
        #expect(tree.nodeCount == 1001)
        #expect(tree.openDiagnostics.isEmpty)
        #expect(tree.node(500).value == .integer(499, width: 2))
    }
}
