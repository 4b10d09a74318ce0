import ArchiveModel
import FuzzSupport

/// libFuzzer entry: the input as an XML plist (whatever it starts with). Tree checks, then both
/// graph layers over the tree (keyed and plain), each held to the graph invariants.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzXMLPlist(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = InputBytes(UnsafeBufferPointer(start: data, count: size))
    let tree = XMLPlistDecoder.decode(input)
    FuzzCheck.require(FuzzCheck.tree(tree), "XML plist tree")
    FuzzCheck.require(FuzzCheck.graph(KeyedArchiveGraph(tree: tree)), "keyed graph over XML")
    FuzzCheck.require(FuzzCheck.graph(PlistObjectGraph(tree: tree)), "plist graph over XML")
    return 0
}
