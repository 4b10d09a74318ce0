import ArchiveModel
import FuzzSupport
import TUI

/// libFuzzer entry: any input opened as a document (format detection included) and drawn as the browser
/// draws it, on a virtual 100x30 screen: the first screen, then after expanding and moving through rows,
/// with the hex view, and with the problems list. No cell of any screen may hold a raw control
/// character (terminal safety). The full `--dump`/`--json` path over whole files is the corruption
/// campaign's (`FuzzCheck.document`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRender(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let document = ArchiveDocument.open(InputBytes(UnsafeBufferPointer(start: data, count: size)), name: "fuzz")
    var problems: [String] = []
    // The index is built once (as the browser does) and shared by the three screens.
    let index = document.graph.objectCount <= Headless.eagerIndexLimit ? GraphIndex(graph: document.graph) : nil
    for keys in ["", "ljljjljGx", "ejjjjdp"] {
        let screen = Headless.screen(graph: document.graph, fileName: "fuzz", cols: 100, rows: 30, keys: keys, index: index)
        for row in 0..<screen.rows {
            if let bad = FuzzCheck.unsafeScalar(in: screen.line(row)) {
                problems.append("screen after \"\(keys)\", row \(row): raw U+\(String(bad.value, radix: 16, uppercase: true))")
            }
        }
    }
    FuzzCheck.require(problems, "rendered screen")
    return 0
}
