import ArchiveModel
import FuzzSupport

/// libFuzzer entry: the input as an XML plist (whatever it starts with). Tree checks, then the
/// graph layer over it (keyed or plain, sometimes both), held to the graph invariants.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzXMLPlist(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = InputBytes(UnsafeBufferPointer(start: data, count: size))
    let tree = XMLPlistDecoder.decode(input)
    FuzzCheck.require(FuzzCheck.plist(tree, size: size), "XML plist")
    return 0
}
