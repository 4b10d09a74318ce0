import Testing
import TestSupport
@testable import TUI

@Suite struct CharWidthTests {
    @Test(arguments: [
        ("a", 1), ("é", 1), ("日", 2), ("語", 2), ("한", 2), ("ｱ", 1), ("Ａ", 2), ("😀", 2), ("🎉", 2), ("⌚", 2),
        ("\u{301}", 0), ("\u{FE0F}", 0), ("\u{200B}", 0), ("\u{1160}", 0), ("│", 1), ("…", 1), ("▸", 1), ("∅", 1),
        ("\u{20000}", 2), ("\u{E000}", 1),
    ])
    func scalarWidths(text: String, expected: Int) {
        let scalar = text.unicodeScalars.first
        #expect(scalar.flatMap(CharWidth.width) == expected)
    }

    @Test(arguments: [0x00, 0x07, 0x0A, 0x1B, 0x7F, 0x85, 0x9B] as [UInt32])
    func controlsHaveNoWidth(code: UInt32) {
        #expect(Unicode.Scalar(code).flatMap(CharWidth.width) == nil)
    }

    @Test(arguments: [
        ("abc", 3), ("日本語", 6), ("e\u{301}", 1), ("😀x", 3), ("a\u{1B}b", 4), ("\u{202E}x", 9), ("\u{7}", 4),
    ])
    func layoutWidths(text: String, expected: Int) {
        #expect(TextLayout.width(text) == expected)
    }

    @Test func controlsAreEscaped() {
        let glyphs = TextLayout.glyphs("a\u{1B}[31m\u{7}\u{202E}")
        let text = glyphs.map(\.text).joined()
        #expect(text == "a\\e[31m\\x07\\u{202E}")
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
    }

    @Test func combiningMarkJoinsItsBase() {
        let glyphs = TextLayout.glyphs("e\u{301}x")
        #expect(glyphs == [TextLayout.Glyph(text: "e\u{301}", width: 1), TextLayout.Glyph(text: "x", width: 1)])
        #expect(TextLayout.glyphs("\u{301}").first?.width == 1)
    }

    /// A row lays out only what fits: the glyphs stop once past the width, and say whether that is all.
    @Test func glyphsUpToAWidth() {
        let cut = TextLayout.glyphs(String(repeating: "ab", count: 1_000), upTo: 5)
        #expect(cut.glyphs.count == 6 && !cut.complete)
        let whole = TextLayout.glyphs("e\u{301}日", upTo: 3)
        #expect(whole.complete && whole.glyphs == TextLayout.glyphs("e\u{301}日"))
        let exact = TextLayout.glyphs("abc\u{301}", upTo: 3)
        #expect(exact.complete && exact.glyphs.last?.text == "c\u{301}")
        #expect(TextLayout.glyphs("\u{1B}x", upTo: 1) == (TextLayout.glyphs("\\e"), false))
    }

    @Test(arguments: [
        ("hello world", 5, "hell…"), ("日本語テキスト", 7, "日本語…"), ("日本語", 6, "日本語"), ("日本語", 5, "日本…"),
        ("ab", 0, ""), ("abc", 1, "…"),
    ])
    func truncation(text: String, columns: Int, expected: String) {
        #expect(TextLayout.truncate(text, to: columns) == expected)
    }

    /// The table should agree with glibc's `wcwidth` (what ncurses uses to place characters) on the
    /// blocks that matter: Latin, CJK, Hangul, kana, fullwidth forms and the emoji blocks.
    /// (Linux only: macOS's `wcwidth` follows an older Unicode and is not what the table is checked against.)
    @Test(.enabled(if: TestPlatform.isGlibc, "compares with glibc's wcwidth"))
    func agreesWithGlibcOnCommonBlocks() throws {
        // wcwidth is hidden behind _XOPEN_SOURCE in the Glibc module: look it up at run time.
        typealias WCWidth = @convention(c) (Int32) -> Int32
        try #require(setlocale(LC_CTYPE, "C.UTF-8") != nil)
        let symbol = try #require(TestPlatform.cFunction(named: "wcwidth"))
        let wcwidth = unsafeBitCast(symbol, to: WCWidth.self)
        var mismatches: [String] = []
        let blocks: [ClosedRange<UInt32>] = [0x20...0x7E, 0xA0...0x24F, 0x300...0x36F, 0x1100...0x11FF, 0x2E80...0x9FFF,
                                             0xAC00...0xD7A3, 0xFF00...0xFFEF, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x2000...0x2BFF, 0x1F000...0x1FAFF]
        for block in blocks {
            for v in block {
                guard let scalar = Unicode.Scalar(v), scalar.properties.generalCategory != .unassigned else { continue }
                let theirs = Int(wcwidth(Int32(bitPattern: v)))
                let ours = CharWidth.width(scalar) ?? -1
                if theirs != ours, theirs >= 0 { mismatches.append(String(v, radix: 16) + ": glibc \(theirs), ours \(ours)") }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) mismatches: \(mismatches.prefix(80))")
    }
}
