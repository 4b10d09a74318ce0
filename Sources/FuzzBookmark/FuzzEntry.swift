import ArchiveModel
import FuzzSupport

/// libFuzzer entry: the input as bookmark data (whole, and from offset 1 as a range of a larger
/// input, the way bookmarks sit in plist data values) and as a classic alias record, each checked
/// for in-range diagnostics, items and view fields, a bounded view, and a summary and JSON text; then
/// both as the documents the tool opens (`BookmarkGraph`), through the graph and outline checks.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBookmark(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = InputBytes(UnsafeBufferPointer(start: data, count: size))
    var problems = FuzzCheck.bookmark(BookmarkData(input: input))
    if size > 1 {
        let inner = BookmarkData(input: input, range: ByteRange(1, size))
        problems += FuzzCheck.bookmark(inner)
        for d in inner.outerDiagnostics where (d.range?.start ?? 0) < 1 || (d.range?.end ?? 0) > size {
            problems.append("outer diagnostic \(d.id) at \(d.range.map(String.init(describing:)) ?? "nil") outside [1, \(size))")
        }
    }
    _ = BookmarkData.matches(input)
    _ = AliasRecord.matches(input)
    problems += FuzzCheck.aliasRecord(AliasRecord(input: input))
    for alias in [false, true] {
        let graph = BookmarkGraph(input: input, alias: alias)
        problems += FuzzCheck.graph(graph) + FuzzCheck.outline(Outline(graph: graph))
    }
    FuzzCheck.require(problems, "bookmark")
    return 0
}
