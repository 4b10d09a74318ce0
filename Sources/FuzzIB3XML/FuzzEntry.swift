import ArchiveModel
import FuzzSupport

/// libFuzzer entry: the input as an Interface Builder 3 XML archive (whatever its first bytes say,
/// so mutations that break the root tag still reach the scanner). The graph layer's checks
/// (invariants on the objects, located full-check diagnostics), and the object views and first
/// outline rows, so the presenters (collections in their keyed form, connection records) meet what a
/// damaged archive decodes to, display-safe.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzIB3XML(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = InputBytes(UnsafeBufferPointer(start: data, count: size))
    let graph = IB3XMLGraph(input: input)
    var problems = FuzzLayers.graph(graph)
    problems += FuzzCheck.outline(Outline(graph: graph), rows: 64, views: 32)
    FuzzCheck.require(problems, "IB3 XML graph")
    return 0
}
