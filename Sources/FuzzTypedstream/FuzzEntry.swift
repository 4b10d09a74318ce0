import ArchiveModel
import FuzzSupport

/// libFuzzer entry: the input as a typedstream. The decoder builds the graph directly, so the layer's
/// checks are the graph invariants (up to 2,048 objects) and the located full check.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTypedstream(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = InputBytes(UnsafeBufferPointer(start: data, count: size))
    FuzzCheck.require(FuzzLayers.graph(TypedstreamDecoder.decode(input)), "typedstream graph")
    return 0
}
