import ArchiveModel
import FuzzSupport

/// libFuzzer entry: the input as an OpenStep (ASCII) plist. Tree checks, then both graph layers over
/// the tree (keyed and plain), each held to the graph invariants.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOpenStepPlist(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = InputBytes(UnsafeBufferPointer(start: data, count: size))
    let tree = OpenStepPlistDecoder.decode(input)
    FuzzCheck.require(FuzzCheck.tree(tree), "OpenStep plist tree")
    FuzzCheck.require(FuzzCheck.graph(KeyedArchiveGraph(tree: tree)), "keyed graph over OpenStep")
    FuzzCheck.require(FuzzCheck.graph(PlistObjectGraph(tree: tree)), "plist graph over OpenStep")
    return 0
}
