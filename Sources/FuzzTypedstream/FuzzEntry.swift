import ArchiveModel
import FuzzSupport

/// libFuzzer entry: the input as an NSArchiver typedstream. The graph layer's checks (invariants on the
/// objects, located full-check diagnostics), then the object views and first outline rows, so the
/// known-class presenters meet the typed values a damaged stream decodes to, all display-safe.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTypedstream(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = InputBytes(UnsafeBufferPointer(start: data, count: size))
    let graph = TypedstreamDecoder.decode(input)
    var problems = FuzzLayers.graph(graph)
    problems += FuzzCheck.outline(Outline(graph: graph), rows: 64, views: 32)
    FuzzCheck.require(problems, "typedstream graph")
    return 0
}
