import ArchiveModel
import FuzzSupport
import TUI

/// libFuzzer entry: any input opened as a document (format detection included) and browsed as a user
/// would, on a virtual 100x30 screen: one session walks the tree, opens the hex view, the detail pane
/// (scrolled), a search, a go-to, follow/back/forward, the referrers, problems and help lists, deep
/// expansion and sibling moves, resizes to 40x10 and 6x3 and a yank (`FuzzRender.segments`). The screen after each
/// segment is checked: no cell may hold a raw control character (terminal safety). The full
/// `--dump`/`--json` path over whole files is the corruption campaign's (`FuzzCheck.document`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRender(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let document = ArchiveDocument.open(InputBytes(UnsafeBufferPointer(start: data, count: size)), name: "fuzz")
    // The index is built once (as the browser does) for the whole session.
    let index = document.graph.objectCount <= Headless.eagerIndexLimit ? GraphIndex(graph: document.graph) : nil
    let screens = Headless.screens(graph: document.graph, fileName: "fuzz", cols: 100, rows: 30,
                                   segments: FuzzRender.segments, index: index)
    var problems: [String] = []
    for (step, screen) in screens.enumerated() {
        // Cell by cell: the cells' texts are exactly what the terminal seam writes.
        for (i, cell) in screen.cells.enumerated() {
            if let bad = FuzzCheck.unsafeScalar(in: cell.text) {
                problems.append("screen after \"\(FuzzRender.segments[step])\" (step \(step)), row \(i / screen.cols), column \(i % screen.cols): raw U+\(String(bad.value, radix: 16, uppercase: true))")
                break
            }
        }
    }
    FuzzCheck.require(problems, "rendered screen")
    return 0
}

enum FuzzRender {
    /// Key segments applied in order to one session; a screen is checked after each.
    static let segments = [
        "",                                   // first screen
        "ljljjljG",                           // expand, descend, last row
        "x",                                  // hex view of the bytes behind it
        "xgjjd<C-e><C-e>",                    // detail pane, scrolled
        "<C-y>jl",                            // scrolled back, moving with the pane open
        "d/[a-z]+<Enter>nN",                  // search, next, previous
        ":#1<Enter>f",                        // go to an object, follow its focused reference
        "[]",                                 // back, forward
        "r",                                  // referrers list
        "jl",                                 // jump to a referrer
        "pG",                                 // problems list, last entry
        "<Enter>",                            // jump to it
        "?<PgDn>",                            // help
        "<Esc>EJJK<PgDn><C-d>",               // expand everything, siblings, pages
        "<C-u>2c",                            // two levels, collapse below
        "<Resize 40x10>jjyv",                 // a narrow screen, copy a value
        "<Resize 6x3>dp",                     // a tiny one, with the detail pane and a list
        "<Resize 100x30>o",                   // open an embedded archive, if the row holds one
    ]
}
