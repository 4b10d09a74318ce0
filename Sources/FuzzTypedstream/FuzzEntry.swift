import ArchiveModel
import FuzzSupport

/// libFuzzer entry: the input as a typedstream. The graph invariants, full check and index.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTypedstream(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = InputBytes(UnsafeBufferPointer(start: data, count: size))
    FuzzCheck.require(FuzzCheck.graph(TypedstreamDecoder.decode(input)), "typedstream graph")
    return 0
}
