import ArchiveModel
import FuzzRenderSupport
import Testing
@testable import TUI

/// The render fuzz target's input format (document, key bytes, control byte) and its session.
@Suite struct RenderFuzzInputTests {
    /// The first byte that stands for `key`.
    static func byte(for key: Key) -> UInt8? {
        (0...255).lazy.map(UInt8.init).first { RenderFuzzInput.key(for: $0) == key }
    }

    /// The key bytes that type `notation` (every key of it must have a byte).
    static func keyBytes(_ notation: String) -> [UInt8] {
        KeyNotation.parse(notation).compactMap(byte(for:))
    }

    @Test func emptyInputIsAnEmptyDocumentAndTheFixedSession() {
        let input = RenderFuzzInput([UInt8]())
        #expect(input.document.isEmpty)
        #expect(input.keys == nil)
    }

    @Test func aZeroControlByteOpensEverythingBeforeIt() {
        let file = DemoArchive.bytes()
        let input = RenderFuzzInput(file + [0])
        #expect(input.document == file)
        #expect(input.keys == nil)
        // Only the low six bits count.
        #expect(RenderFuzzInput([7, 8, 0xC0]).document == [7, 8])
    }

    @Test func keyBytesComeBeforeTheControlByte() {
        let encoded = RenderFuzzInput.encode(document: [1, 2, 3], keyBytes: Self.keyBytes("jx?"))
        let input = RenderFuzzInput(encoded)
        #expect(input.document == [1, 2, 3])
        #expect(input.keys == [.char("j"), .char("x"), .char("?")])
    }

    @Test func aKeyCountPastTheStartTakesWhatThereIs() {
        let input = RenderFuzzInput([0, 1, 0x3F])
        #expect(input.document.isEmpty)
        #expect(input.keys?.count == 2)
        #expect(RenderFuzzInput.encode(document: [], keyBytes: Array(repeating: 0, count: 100)).count == 64)
    }

    @Test func everyBoundKeyAndEveryPrintableCharacterHasAByte() {
        let reachable = Set((0...255).map { RenderFuzzInput.key(for: UInt8($0)) })
        for binding in Keymap.bindings {
            for key in binding.keys where key != .ctrl("c") {
                #expect(reachable.contains(key), "\(key) (\(binding.description)) has no byte")
            }
        }
        for scalar in 0x20...0x7E {
            #expect(reachable.contains(.char(Character(Unicode.Scalar(UInt8(scalar))))), "U+\(scalar) has no byte")
        }
        #expect(reachable.contains(.char("\u{202E}")))
        #expect(reachable.contains { if case .resize = $0 { true } else { false } })
        #expect(reachable.contains { if case .mouse(let m) = $0 { m.kind == .doubleClick } else { false } })
    }

    @Test func theFixedSessionDrawsAScreenAfterEverySegment() {
        let steps = RenderFuzzing.session(RenderFuzzInput(DemoArchive.bytes() + [0]))
        #expect(steps.count == RenderFuzzing.segments.count)
        #expect(steps.map(\.step) == RenderFuzzing.segments.map { "\"\($0)\"" })
        // The segments move through the panes: most screens differ from every other.
        #expect(Set(steps.map(\.screen.text)).count > RenderFuzzing.segments.count * 2 / 3)
    }

    @Test func fuzzedKeysDrawOneScreenAfterTheLastKey() {
        let help = RenderFuzzing.session(RenderFuzzInput(RenderFuzzInput.encode(document: DemoArchive.bytes(), keyBytes: Self.keyBytes("j?"))))
        #expect(help.count == 1)
        #expect(help.first?.screen.text.contains("archive-browse keys") == true)
        // Keys after one that quits are not pressed.
        let quit = RenderFuzzing.session(RenderFuzzInput(RenderFuzzInput.encode(document: DemoArchive.bytes(), keyBytes: Self.keyBytes("q?"))))
        #expect(quit.count == 1)
        #expect(quit.first?.screen.text.contains("archive-browse keys") == false)
    }

    /// A bidi override and a C1 control typed into the search prompt reach the screen escaped.
    @Test func controlsTypedIntoAPromptAreShownEscaped() {
        let typed: [Key] = [.char("/"), .char("\u{202E}"), .char("\u{85}"), .char("a")]
        let input = RenderFuzzInput(RenderFuzzInput.encode(document: DemoArchive.bytes(), keyBytes: typed.compactMap(Self.byte(for:))))
        #expect(input.keys == typed)
        let screens = RenderFuzzing.session(input)
        #expect(screens.first?.screen.text.contains("/") == true)
        #expect(RenderFuzzing.problems(input).isEmpty)
    }

    /// The writers never store a raw control; `place` stores glyphs as given, as a broken layout would.
    @Test func aRawControlInACellIsReportedWithItsPlace() {
        var screen = ScreenBuffer(cols: 10, rows: 2)
        screen.write("fine", row: 0, col: 0)
        #expect(RenderFuzzing.unsafeCell(in: screen, after: "x") == nil)
        _ = screen.place([TextLayout.Glyph(text: "\u{1B}", width: 1)], row: 1, col: 3, end: 10, fits: true, style: .plain)
        #expect(RenderFuzzing.unsafeCell(in: screen, after: "x") == "screen after x, row 1, column 3: raw U+1B")
        _ = screen.place([TextLayout.Glyph(text: "e\u{202E}", width: 1)], row: 0, col: 8, end: 10, fits: true, style: .plain)
        #expect(RenderFuzzing.unsafeCell(in: screen, after: "x") == "screen after x, row 0, column 8: raw U+202E")
    }
}
