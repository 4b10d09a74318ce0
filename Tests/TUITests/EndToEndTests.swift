import ArchiveModel
import Foundation
import Testing
@testable import TUI
import TestSupport

/// End-to-end: the real `archive-browse` executable in tmux, driven with keys, read back from the
/// screen by polling (no fixed sleeps). The suite shows as skipped when tmux or the executable is
/// missing, and the corpus flows when `../shared/corpus` is absent.
@Suite(.serialized, .tags(.slow), .needsTmux) struct EndToEndTests {
    /// Whether the end-to-end tests can run: tmux and the executable are there, and this is not the
    /// child process a terminal-seam test starts.
    static func ready() -> Bool {
        ProcessInfo.processInfo.environment["TUI_SEAM_CHILD"] == nil && BrowserInTmux.skipReason == nil
    }

    /// After the browser has exited: the shell's screen is back (alternate screen left, the line the
    /// shell printed before the browser started is there, no browser UI), the cursor is visible, and
    /// mouse reporting and the application keypad are off.
    static func expectTerminalRestored(_ b: BrowserInTmux, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let screen = b.lines()
        #expect(screen.contains { $0.hasPrefix("before-start") }, "shell screen restored:\n\(b.screen)", sourceLocation: sourceLocation)
        #expect(!screen.contains { $0.contains("? help") || $0.contains("│") }, "no browser UI left:\n\(b.screen)", sourceLocation: sourceLocation)
        #expect(try b.tmux.display("#{alternate_on}") == "0", "alternate screen left", sourceLocation: sourceLocation)
        #expect(try b.tmux.display("#{cursor_flag}") == "1", "cursor visible", sourceLocation: sourceLocation)
        #expect(try b.tmux.display("#{mouse_any_flag}#{mouse_button_flag}#{mouse_standard_flag}") == "000", "mouse reporting off",
                sourceLocation: sourceLocation)
        #expect(try b.tmux.display("#{keypad_flag}#{keypad_cursor_flag}") == "00", "keypad modes off", sourceLocation: sourceLocation)
    }

    /// The demo: move, follow a cycle (`f`) and come back (`[`), search and search again, resize,
    /// help, quit.
    @Test func demoFlow() throws {
        let b = try BrowserInTmux(["--demo"])
        #expect(b.waitForStatus("? help"), "start-up:\n\(b.screen)")
        #expect(b.waitFor("Library"))
        // While it runs, every mode the exit check looks at is set (so that check means something).
        #expect(try b.tmux.display("#{alternate_on}") == "1", "the browser runs on the alternate screen")
        #expect(try b.tmux.display("#{cursor_flag}") == "0", "cursor hidden")
        #expect(try b.tmux.display("#{mouse_any_flag}#{mouse_button_flag}#{mouse_standard_flag}") != "000", "mouse on")
        #expect(try b.tmux.display("#{keypad_flag}#{keypad_cursor_flag}") == "11", "keypad modes on")
        #expect(b.waitForStatus(" objects │ root "), "\(b.screen)")
        try b.send("j")
        #expect(b.waitForStatus("│ root › name "), "\(b.screen)")
        // featured (a Book) › library is a cycle back to the root Library.
        try b.send("j", "j", "j", "j", "l", "j", "j", "j", "j", "j", "j")
        #expect(b.waitForStatus("root › featured › library "), "\(b.screen)")
        #expect(b.lines().contains { $0.contains("library  Library  ↺ #1") })
        try b.send("f")
        #expect(b.waitUntil { _ in b.statusLine().contains("│ root ") && !b.statusLine().contains("featured") },
                "f on a cycle row goes to its ancestor:\n\(b.screen)")
        try b.send("[")
        #expect(b.waitForStatus("root › featured › library "), "[ comes back:\n\(b.screen)")
        // Search from the top, then the next match.
        try b.send("g", "/")
        try b.type("title")
        try b.send("Enter")
        // The first match in tree order, though featured › title is on screen further down.
        #expect(b.waitForStatus("root › books › [0] › title "), "the first match in tree order:\n\(b.screen)")
        let first = b.statusLine()
        try b.send("n")
        #expect(b.waitUntil { _ in b.statusLine() != first }, "n: another match:\n\(b.screen)")
        // books › [0] is the featured book (#11), whose title was the match just shown: n goes on to [1].
        #expect(b.waitForStatus("books › [1] › title "), "n moves to the next match:\n\(b.screen)")
        let crumb = try #require(b.statusLine().components(separatedBy: "│").dropFirst(3).first?.trimmingCharacters(in: .whitespaces))
        // Resize: the screen is laid out again for 70x20, the focus stays.
        try b.tmux.resize(cols: 70, rows: 20)
        #expect(b.waitUntil { lines in
            lines.count >= 20 && lines[19].contains("? help") && lines.allSatisfy { TextLayout.width($0) <= 70 }
        }, "re-laid out at 70x20:\n\(b.screen)")
        #expect(b.statusLine().contains(String(crumb.suffix(12))), "focus kept: \(crumb) vs \(b.statusLine())")
        #expect(b.lines().contains { $0.contains("title  string  \"A Wizard of Earthsea\"") })
        // Help, and back.
        try b.send("?")
        #expect(b.waitFor("archive-browse keys"))
        try b.send("G")
        #expect(b.waitFor("Mouse: the wheel scrolls"), "help scrolls to its end:\n\(b.screen)")
        try b.send("Escape")
        #expect(b.waitUntil { lines in !lines.joined().contains("archive-browse keys") && lines.contains { $0.contains("? help") } })
        try b.send("q")
        #expect(b.waitForExit() == 0, "\(b.screen)")
        try Self.expectTerminalRestored(b)
        #expect(b.finish() == 0)
    }

    /// A real nib with cycles (views and superviews): search, follow a cycle row, back, next match,
    /// resize, help, quit.
    @Test(.needsCorpus) func corpusNibWithCycles() throws {
        let path = try #require(Corpus.path("keyed-binary/hexfiend__MyDocument.nib__keyedobjects.nib"))
        let url = URL(fileURLWithPath: path)
        let b = try BrowserInTmux([url.lastPathComponent], in: url.deletingLastPathComponent().path, cols: 120, rows: 30)
        #expect(b.waitForStatus("? help"), "start-up:\n\(b.screen)")
        #expect(b.waitFor("IB.objectdata  NSIBObjectData"))
        try b.send("/")
        try b.type("NSSubviews")
        try b.send("Enter")
        #expect(b.waitForStatus("NSSubviews "), "\(b.screen)")
        try b.send("l", "j")
        #expect(b.waitForStatus("NSSubviews › [0] "), "\(b.screen)")
        #expect(b.lines().contains { $0.contains("[0]  NSCustomView  ↺ #19") }, "a cycle row:\n\(b.screen)")
        try b.send("f")
        #expect(b.waitForStatus("NSObjectsKeys › [1] "), "f goes up to the object the cycle repeats:\n\(b.screen)")
        try b.send("[")
        #expect(b.waitForStatus("NSSubviews › [0] "), "[ comes back:\n\(b.screen)")
        let before = b.statusLine()
        try b.send("n")
        #expect(b.waitUntil { _ in b.statusLine() != before }, "n: next match or a message:\n\(b.screen)")
        try b.tmux.resize(cols: 80, rows: 24)
        #expect(b.waitUntil { lines in lines.count >= 24 && lines[23].contains("? help") && lines.allSatisfy { TextLayout.width($0) <= 80 } },
                "re-laid out at 80x24:\n\(b.screen)")
        try b.send("?")
        #expect(b.waitFor("archive-browse keys"))
        try b.send("q")
        #expect(b.waitUntil { lines in !lines.joined().contains("archive-browse keys") }, "q closes help first")
        try b.send("q")
        #expect(b.waitForExit() == 0, "\(b.screen)")
        try Self.expectTerminalRestored(b)
        #expect(b.finish() == 0)
    }

    /// The damaged demo: the problems list (after a full check), Enter jumps to the problem's row.
    @Test func problemsListOnTheCorruptDemo() throws {
        let b = try BrowserInTmux(["--demo", "corrupt"])
        #expect(b.waitForStatus("? help"), "start-up:\n\(b.screen)")
        try b.send("p")
        #expect(b.waitFor("Enter jumps"), "\(b.screen)")
        #expect(b.lines().first?.contains("problems (") == true)
        // Select the nil element of `books` (entries start on screen row 1; g selects the first).
        let entry = try #require(b.lines().firstIndex { $0.contains("keyed.collection.nil-element") }, "\(b.screen)")
        try b.send("g")
        for _ in 1..<entry { try b.send("j") }
        try b.send("Enter")
        #expect(b.waitForStatus("root › books "), "Enter jumps to the row:\n\(b.screen)")
        #expect(b.lines().contains { $0.hasPrefix("!") && $0.contains("books  NSMutableArray") }, "the row is marked broken:\n\(b.screen)")
        // Ctrl-C from the list quits at once.
        try b.send("p")
        #expect(b.waitFor("Enter jumps"))
        try b.send("C-c")
        #expect(b.waitForExit() == 0, "\(b.screen)")
        try Self.expectTerminalRestored(b)
        #expect(b.finish() == 0)
    }

    /// Embedded archives in the real binary: open two levels deep, q back one level, Ctrl-C out.
    @Test func embeddedArchivesWithoutCorpus() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(FileManager.default.createFile(atPath: directory + "/outer.archive", contents: Data(EmbeddedBrowsingTests.outerBytes)))
        let b = try BrowserInTmux(["outer.archive"], in: directory)
        #expect(b.waitFor("⧉ embedded bplist00"), "\(b.screen)")
        try b.send("j", "o")
        #expect(b.waitForStatus("outer.archive › #"), "\(b.screen)")
        #expect(b.waitFor("Holder"))
        try b.send("j", "o")
        #expect(b.waitUntil { _ in b.statusLine().components(separatedBy: " › #").count == 3 }, "two levels deep:\n\(b.screen)")
        #expect(b.waitFor("Demo Library"))
        try b.send("q")
        #expect(b.waitForStatus("back from #"), "\(b.screen)")
        #expect(b.waitFor("Holder"))
        try b.send("C-c")
        #expect(b.waitForExit() == 0, "\(b.screen)")
        try Self.expectTerminalRestored(b)
        #expect(b.finish() == 0)
    }

    /// The iMessage typedstream inside a plist, opened and closed in the real binary.
    @Test(.needsCorpus) func corpusEmbeddedTypedstream() throws {
        let path = try #require(Corpus.path("plist/imessage-exporter__EditedToLinkAndBack.plist"))
        let url = URL(fileURLWithPath: path)
        let b = try BrowserInTmux([url.lastPathComponent], in: url.deletingLastPathComponent().path, cols: 120, rows: 30)
        #expect(b.waitForStatus("? help"))
        for key in ["j", "l", "l", "l", "l", "l", "l", "j"] { try b.send(key) }
        #expect(b.waitFor("t  data  ⧉ embedded typedstream"), "\(b.screen)")
        #expect(b.waitForStatus("› [0] › t "))
        try b.send("o")
        #expect(b.waitForStatus("EditedToLinkAndBack.plist › #13 t"), "\(b.screen)")
        #expect(b.waitFor("This is a normal message"))
        try b.send("q")
        #expect(b.waitForStatus("back from #13 t"), "\(b.screen)")
        try b.send("j")
        #expect(b.waitForStatus("› [1] "), "the outer focus was kept on t:\n\(b.screen)")
        try b.send("q")
        #expect(b.waitForExit() == 0)
        try Self.expectTerminalRestored(b)
        #expect(b.finish() == 0)
    }

    // MARK: - Terminal safety

    /// The hostile strings: ESC sequences (an OSC title, SGR colour, blink/strike/truecolour), C1
    /// controls (CSI, NEL), a bidi override, and invalid UTF-8 / UTF-16.
    static let titleKey = "title\u{1B}]0;pwned\u{07}"
    static let redKey = "red\u{1B}[31mREDKEY"
    static let blinkKey = "blink\u{1B}[5;9;38;2;1;2;3mBLINK"

    /// A plain binary plist dictionary whose keys and values carry the hostile strings.
    static func hostilePlist() -> [UInt8] {
        var p = BinaryPlistBuilder()
        func s(_ text: String) -> Int { p.add(.string(text)) }
        let pairs: [(Int, Int)] = [
            (s(titleKey), s("value\u{1B}]2;pwned2\u{1B}\\osc2")),
            (s(redKey), s("c1\u{9B}31mCSI\u{85}NEL")),
            (s(blinkKey), s("bidi\u{202E}desrever")),
            // An ASCII string object holding bytes >= 0x80 and an ESC, and a UTF-16 lone surrogate.
            (s("badutf8"), p.add(.raw([0x59, 0x41, 0xFF, 0xFE, 0xC3, 0x1B, 0x5B, 0x35, 0x6D, 0x42]))),
            (s("lonesurrogate"), p.add(.raw([0x62, 0xD8, 0x00, 0x00, 0x41]))),
            (s("bytes"), p.add(.data(Array("\u{1B}]0;pwned3\u{07}\u{1B}[31m".utf8)))),
        ]
        let root = p.add(.dict(pairs.map { (key: $0.0, value: $0.1) }))
        p.topObject = root
        return p.build().bytes
    }

    /// Nothing from the file reaches the terminal raw: the title stays, no colour or attribute from
    /// the file is set, the raw bytes never appear in what the browser wrote, and the escaped forms
    /// are visible as text.
    @Test func hostileTextNeverReachesTheTerminal() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // The file's own name is hostile too (the shell glob below passes it without quoting problems).
        let name = "evil\u{1B}]0;pwned4\u{07}.plist"
        #expect(FileManager.default.createFile(atPath: directory + "/" + name, contents: Data(Self.hostilePlist())))
        let b = try BrowserInTmux(["--"], shellWords: "evil*.plist", in: directory, cols: 120, rows: 30, recordOutput: true)
        #expect(b.waitForStatus("? help"), "start-up:\n\(b.screen)")
        #expect(b.waitFor("REDKEY"))
        // Show every value in full in the detail pane, and one row's bytes in the hex view.
        var screens = [b.screen]
        for _ in 0..<6 {
            try b.send("j")
            screens.append(b.screen)
        }
        try b.send("d")
        for _ in 0..<6 {
            try b.send("k")
            #expect(b.waitFor("object #"))
            screens.append(b.screen)
        }
        try b.send("x")
        #expect(b.waitFor("bytes ["))
        screens.append(b.screen)
        let text = screens.joined(separator: "\n")
        // The escaped forms are there as text.
        #expect(text.contains("title\\e]0;pwned\\x07"), "\(text)")
        #expect(text.contains("red\\e[31mREDKEY"))
        #expect(text.contains("blink\\e[5;9;38;2;1;2;3mBLINK"))
        #expect(text.contains("\\x9b31mCSI\\x85NEL"))
        #expect(text.contains("bidi\\u{202E}desrever"))
        #expect(text.contains("evil\\e]0;pwned4\\x07.plist"), "the file name is escaped in the status line")
        // No raw control, bidi override or replacement character made it into a cell.
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || (0x7F..<0xA0).contains($0.value) || $0.value == 0x202E })
        // The title is still the one the shell set.
        #expect(try b.tmux.display("#{pane_title}") == "control-title")
        // No SGR from the file: no blink, strike-through or truecolour anywhere; colours only 30–37/40–47.
        let styled = try b.tmux.capture(styles: true)
        for parameters in Self.sgrParameters(styled) {
            #expect(!parameters.contains(5) && !parameters.contains(9), "blink or strike-through set: \(parameters)")
            #expect(!parameters.contains(38) && !parameters.contains(48), "extended colour set: \(parameters)")
        }
        // And the raw bytes never went out at all: what the browser wrote to the terminal, as recorded.
        try b.send("q")
        #expect(b.waitForExit() == 0, "\(b.screen)")
        let output = b.tmux.output
        #expect(Self.contains(output, Array("\u{1B}]2;control-title".utf8)), "pipe-pane recorded the output (the shell's own title sequence)")
        for needle in ["\u{1B}]0;pwned", "\u{1B}]2;pwned2", "\u{1B}[31mREDKEY", "\u{1B}[5;9;38", "\u{202E}", "\u{9B}", "\u{85}"] {
            #expect(!Self.contains(output, Array(needle.utf8)), "raw \(DisplayText.escape(needle)) reached the terminal")
        }
        #expect(!Self.contains(output, [0x41, 0xFF, 0xFE]), "raw invalid UTF-8 reached the terminal")
        #expect(!Self.contains(output, Array("pwned".utf8) + [0x07]), "an OSC terminator from the file reached the terminal")
        try Self.expectTerminalRestored(b)
        #expect(try b.tmux.display("#{pane_title}") == "control-title")
        #expect(b.finish() == 0)
    }

    /// The parameter lists of the SGR sequences (`ESC [ … m`) in `text`.
    static func sgrParameters(_ text: String) -> [[Int]] {
        var result: [[Int]] = []
        var rest = Substring(text)
        while let start = rest.range(of: "\u{1B}[") {
            rest = rest[start.upperBound...]
            guard let end = rest.firstIndex(where: { !($0.isNumber || $0 == ";") }) else { break }
            if rest[end] == "m" {
                result.append(rest[..<end].split(separator: ";").compactMap { Int($0) })
            }
            rest = rest[end...]
        }
        return result
    }

    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, haystack.count >= needle.count else { return false }
        return (0...(haystack.count - needle.count)).contains { i in haystack[i..<(i + needle.count)].elementsEqual(needle) }
    }

    static func temporaryDirectory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("e2e-\(getpid())-\(UInt32.random(in: 0...UInt32.max))").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}
