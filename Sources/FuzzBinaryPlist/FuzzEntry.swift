import ArchiveModel
import FuzzSupport

/// libFuzzer entry: the input as a bplist00 file. A few node reads, tree checks, then the graph layer
/// over it (keyed or plain, sometimes both) with its full check, held to the graph invariants.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBinaryPlist(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = InputBytes(UnsafeBufferPointer(start: data, count: size))
    let tree = BinaryPlistTree(input)
    if let root = tree.rootID {
        for child in tree.node(root).value.childIDs.prefix(8) { _ = tree.node(child); _ = tree.isString(child, equalTo: "$objects") }
    }
    _ = tree.trailer
    _ = tree.tableEntryRange(of: tree.nodeCount - 1)
    FuzzCheck.require(FuzzCheck.plist(tree, size: size), "bplist")
    return 0
}
