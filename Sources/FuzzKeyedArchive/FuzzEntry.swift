import ArchiveModel
import FuzzSupport

/// libFuzzer entry: the input is a program that builds a keyed archive (`KeyedArchiveProgram`): every
/// input becomes a well-formed bplist00 with arbitrary archive semantics (and sometimes a few damaged
/// bytes). The keyed layer's checks: graph invariants, the located full check (every rule), and the
/// object views and first outline rows (known-class presenters), all display-safe.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzKeyedArchive(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = KeyedArchiveProgram.archive(from: Array(UnsafeBufferPointer(start: data, count: size)))
    let document = ArchiveDocument.open(InputBytes(bytes), name: "fuzz")
    var problems = FuzzLayers.graph(document.graph)
    problems += FuzzCheck.outline(Outline(graph: document.graph), rows: 64, views: 32)
    FuzzCheck.require(problems, "keyed archive")
    return 0
}
