@testable import ArchiveCore
@testable import BinaryPlist
import Testing

/// `BinaryPlistObjectDecoder.validating(input:layout:)`, the decoder another target (the keyed
/// plain-object scan) makes: it checks strings and data as the decoder by id does, reporting the same
/// problems at the same bytes, without building them.
@Suite struct BinaryPlistValidatingDecoderTests {
    /// An array of a string, data, a string with a byte past ASCII and an integer.
    static func file() -> [UInt8] {
        var b = BinaryPlistBuilder()
        b.add(.array([1, 2, 3, 4]))
        b.add(.string("hello"))
        b.add(.data([1, 2, 3]))
        b.add(.raw([0x53, 0x61, 0xE9, 0x62]))  // an ASCII string (marker 5n) of 3 bytes, the second 0xE9
        b.add(.integer(42))
        return b.build().bytes
    }

    @Test func stringsAndDataAreCheckedButNotBuilt() throws {
        let tree = BinaryPlistTree(InputBytes(Self.file()))
        let layout = try #require(tree.layout)
        let validating = BinaryPlistObjectDecoder.validating(input: tree.input, layout: layout)
        #expect(tree.node(1).value == .string("hello"))
        #expect(validating.decode(id: 1).value == .string(""))
        #expect(tree.node(2).value == .data([1, 2, 3]))
        #expect(validating.decode(id: 2).value == .data([]))
    }

    @Test func itReportsWhatTheDecoderByIDReports() throws {
        let tree = BinaryPlistTree(InputBytes(Self.file()))
        let layout = try #require(tree.layout)
        let validating = BinaryPlistObjectDecoder.validating(input: tree.input, layout: layout)
        let nonASCII = tree.node(3)
        #expect(!nonASCII.diagnostics.isEmpty, "the byte 0xE9 in an ASCII string is reported")
        for id in 0..<tree.nodeCount {
            let full = tree.node(id), checked = validating.decode(id: id)
            #expect(checked.range == full.range, "object #\(id): its bytes")
            #expect(checked.diagnostics == full.diagnostics, "object #\(id): its problems")
        }
        #expect(validating.decode(id: 0).value == tree.node(0).value)
        #expect(validating.decode(id: 4).value == tree.node(4).value)
    }
}
