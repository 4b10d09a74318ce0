import ArchiveModel
import FuzzSupport

/// libFuzzer entry: the input as a bplist00 file. Tree checks, full check, node reads, and both graph
/// layers over the tree (keyed and plain), each held to the graph invariants.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBinaryPlist(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = InputBytes(UnsafeBufferPointer(start: data, count: size))
    let tree = BinaryPlistTree(input)
    FuzzCheck.require(FuzzCheck.tree(tree), "bplist tree")
    if let root = tree.rootID {
        for child in tree.node(root).value.childIDs.prefix(8) { _ = tree.node(child); _ = tree.isString(child, equalTo: "$objects") }
    }
    _ = tree.trailer
    _ = tree.tableEntryRange(of: tree.nodeCount - 1)
    FuzzCheck.require(FuzzCheck.graph(KeyedArchiveGraph(tree: tree)), "keyed graph over bplist")
    FuzzCheck.require(FuzzCheck.graph(PlistObjectGraph(tree: tree)), "plist graph over bplist")
    return 0
}
