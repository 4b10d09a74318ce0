import ArchiveModel
import FuzzSupport

/// libFuzzer entry: the input as an XML property list. The decoder layer only: every node (up to 4,096)
/// with its range, diagnostics and child ids, and the full check with located diagnostics (line:column
/// positions are covered by the decoder's own tests). Graph layers over plists run in FuzzRender.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzXMLPlist(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = InputBytes(UnsafeBufferPointer(start: data, count: size))
    FuzzCheck.require(FuzzLayers.decoder(XMLPlistDecoder.decode(input)), "XML plist")
    return 0
}
