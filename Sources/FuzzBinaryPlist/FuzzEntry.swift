import ArchiveModel
import FuzzSupport

/// libFuzzer entry: the input as a bplist00 file. The decoder layer only: reads of the root's first
/// children, the trailer and the last offset-table entry, then every node (up to 4,096) with its range,
/// diagnostics and child ids, and the container check with located diagnostics. The keyed layer has its
/// own target (FuzzKeyedArchive); the whole stack runs in FuzzRender and the corruption campaign.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBinaryPlist(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = InputBytes(UnsafeBufferPointer(start: data, count: size))
    let tree = BinaryPlistTree(input)
    if let root = tree.rootID {
        for child in tree.node(root).value.childIDs.prefix(8) { _ = tree.node(child); _ = tree.isString(child, equalTo: "$objects") }
    }
    _ = tree.trailer
    _ = tree.tableEntryRange(of: tree.nodeCount - 1)
    FuzzCheck.require(FuzzLayers.decoder(tree), "bplist")
    return 0
}
