import ArchiveModel
import FuzzSupport

/// libFuzzer entry: the input as a NIBArchive. The graph layer's checks (invariants on the objects,
/// located full-check diagnostics, which include the layout's), the top-level rows with their
/// shortcuts, and the object views and first outline rows, so the known-class presenters (collections
/// of `UINibEncoderEmptyKey` values, connections) meet what a damaged nib decodes to, display-safe.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzNIBArchive(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = InputBytes(UnsafeBufferPointer(start: data, count: size))
    let graph = NIBArchiveGraph(input: input)
    var problems = FuzzLayers.graph(graph)
    problems += FuzzCheck.outline(Outline(graph: graph), rows: 64, views: 32)
    FuzzCheck.require(problems, "NIBArchive graph")
    return 0
}
