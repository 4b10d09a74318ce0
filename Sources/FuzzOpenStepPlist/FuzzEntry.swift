import ArchiveModel
import FuzzSupport

/// libFuzzer entry: the input as an OpenStep (ASCII) plist. Tree checks, then the graph layer over
/// it (keyed or plain, sometimes both), held to the graph invariants.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOpenStepPlist(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = InputBytes(UnsafeBufferPointer(start: data, count: size))
    let tree = OpenStepPlistDecoder.decode(input)
    FuzzCheck.require(FuzzCheck.plist(tree, size: size), "OpenStep plist")
    return 0
}
