import ArchiveModel
import FuzzSupport
import TUI

/// What the render fuzz target does with one input (`RenderFuzzInput`): open the document (format
/// detection included), build its index as the browser does, drive a headless session on a 100x30
/// virtual screen and check that no cell of a drawn screen holds a raw control character (terminal
/// safety). Kept out of the target's entry so tests replay inputs through the same code.
public enum RenderFuzzing {
    /// The fixed session, for inputs without keys: key segments applied in order to one session, with a
    /// screen checked after each. Between them they open every pane once.
    public static let segments = [
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

    /// The problems one input shows: none when every screen drawn is display-safe. A crash or trap
    /// inside is the fuzzer's to catch.
    public static func problems(_ input: RenderFuzzInput) -> [String] {
        session(input).compactMap { step, screen in unsafeCell(in: screen, after: step) }
    }

    /// The screens one input draws, each named by the step it follows: after each fixed segment, or one
    /// after the fuzzed keys. Keys after one that quits are not pressed; the screen is then the one the
    /// browser showed when it quit.
    public static func session(_ input: RenderFuzzInput) -> [(step: String, screen: ScreenBuffer)] {
        let document = ArchiveDocument.open(InputBytes(input.document), name: "fuzz")
        // The index is built once (as the browser does) for the whole session.
        let index = document.graph.objectCount <= Headless.eagerIndexLimit ? GraphIndex(graph: document.graph) : nil
        let steps: [(name: String, keys: [Key])]
        if let keys = input.keys {
            steps = [("the fuzzed keys", keys)]
        } else {
            steps = segments.map { ("\"\($0)\"", KeyNotation.parse($0)) }
        }
        let screens = Headless.screens(graph: document.graph, fileName: "fuzz", cols: 100, rows: 30,
                                       keySegments: steps.map(\.keys), index: index)
        return zip(steps, screens).map { ($0.name, $1) }
    }

    /// The first cell of `screen` whose text holds a character that must never reach a terminal raw,
    /// described; nil when there is none. Each distinct text the screen holds (what presenting it can
    /// write) is checked once; only a bad one is then looked for, cell by cell, to say where it is.
    public static func unsafeCell(in screen: ScreenBuffer, after step: String) -> String? {
        guard let text = screen.distinctTexts.first(where: { FuzzCheck.unsafeScalar(in: $0) != nil }),
              let bad = FuzzCheck.unsafeScalar(in: text) else { return nil }
        let raw = "raw U+\(String(bad.value, radix: 16, uppercase: true))"
        for row in 0..<screen.rows {
            for col in 0..<screen.cols where screen[row, col].text == text {
                return "screen after \(step), row \(row), column \(col): \(raw)"
            }
        }
        return "screen after \(step): \(raw) in a text no cell holds"
    }
}
