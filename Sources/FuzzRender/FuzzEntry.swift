import ArchiveModel
import FuzzSupport

/// libFuzzer entry: any input opened as a document (format detection included), then everything a
/// front end does: full check, index, 200 outline rows, `--dump` and `--json`. Every rendered label,
/// class name, summary and dump line must be free of raw control characters (terminal safety).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRender(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let document = ArchiveDocument.open(InputBytes(UnsafeBufferPointer(start: data, count: size)), name: "fuzz")
    FuzzCheck.require(FuzzCheck.document(document), "document")
    return 0
}
