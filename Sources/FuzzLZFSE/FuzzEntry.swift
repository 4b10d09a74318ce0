import AppleCompression
import ArchiveModel
import FuzzSupport

/// libFuzzer entry: the input as an LZFSE / LZVN block stream, decoded with a small output limit
/// (64 KiB, so an input that declares or expands to more meets the limit instead of the memory
/// cap), then with no room at all. Each result must keep its invariants: output within the limit,
/// every problem at an offset inside the input, blocks in order and accounting for the output. Then
/// the input as the tool opens it, where a block magic makes it a wrapper layer: the document's graph
/// keeps the graph invariants and every wrapper diagnostic is registered.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLZFSE(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = UnsafeRawBufferPointer(start: data, count: size)
    var problems: [String] = []
    for limit in [65_536, 0] {
        let result = AppleCompressedStream.decode(input, outputLimit: limit)
        problems += result.invariantViolations(inputSize: size, outputLimit: limit).map { "limit \(limit): \($0)" }
    }
    if AppleCompressedStream.looksCompressed(input) {
        let document = ArchiveDocument.open(InputBytes(UnsafeBufferPointer(start: data, count: size)), name: "fuzz")
        problems += FuzzCheck.graph(document.graph)
        for d in document.input.wrappers.flatMap(\.diagnostics) where DiagnosticRegistry.kind(d.id) == nil {
            problems.append("wrapper diagnostic \(d.id) is not registered")
        }
    }
    FuzzCheck.require(problems, "LZFSE stream")
    return 0
}
