import Testing
@testable import ArchiveModel
@_spi(ArchiveInternals) import ArchiveCore
@testable import Typedstream
@testable import ArchivePresentation

/// `PlistTree.containerValues`: a dictionary's values, an array's or set's elements, without decoding
/// the node in binary trees; the same answer from a text format's tree.
@Suite struct ContainerValuesTests {
    @Test func binaryTreeReadsValuesAndElementsInPlace() {
        var b = BinaryPlistBuilder()
        b.add(.dict([(1, 2), (3, 4)]))
        b.add(.string("a")); b.add(.integer(7)); b.add(.string("b")); b.add(.array([2, 2, 1]))
        b.add(.set([2]))
        let tree = BinaryPlistTree(InputBytes(b.build().bytes))
        #expect(tree.containerValues(0).map(Array.init) == [2, 4])
        #expect(tree.containerValues(4).map(Array.init) == [2, 2, 1])
        #expect(tree.containerValues(5)?.isSet == true)
        #expect(tree.containerValues(1) == nil)
        #expect(tree.containerValues(99) == nil)
        #expect(tree.containerValues(0)?.range == tree.node(0).range)
    }

    @Test func textTreeAgrees() {
        let xml = "<plist><dict><key>a</key><integer>7</integer><key>b</key><array><string>x</string></array></dict></plist>"
        let tree = XMLPlistDecoder.decode(InputBytes(Array(xml.utf8)))
        guard let root = tree.rootID, case .dict(_, let values) = tree.node(root).value else { Issue.record("no root dict"); return }
        #expect(tree.containerValues(root).map(Array.init) == values)
        #expect(tree.containerValues(values[1]).map(Array.init)?.count == 1)
        #expect(tree.containerValues(values[0]) == nil)
    }
}
