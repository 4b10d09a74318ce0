import ArchiveModel
import FuzzSupport

/// libFuzzer entry: the input is a program that builds a keyed archive (`KeyedArchiveProgram`): every
/// input becomes a well-formed bplist00 with arbitrary archive semantics (and sometimes a few damaged
/// bytes), opened and exercised like the front ends do.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzKeyedArchive(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = KeyedArchiveProgram.archive(from: Array(UnsafeBufferPointer(start: data, count: size)))
    let document = ArchiveDocument.open(InputBytes(bytes), name: "fuzz")
    FuzzCheck.require(FuzzCheck.document(document), "keyed archive")
    return 0
}
