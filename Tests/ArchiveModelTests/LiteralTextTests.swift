import Testing
@testable import ArchiveModel
@testable import ArchiveCore
@testable import BinaryPlist
@testable import ArchiveDocuments

/// File text compares by code units (`LiteralText`), messages and summaries quote it cut.
@Suite struct LiteralTextTests {
    @Test func equalityIsByCodeUnits() {
        #expect("\u{E9}" == "e\u{301}", "Swift's == is canonical equivalence")
        #expect(!"\u{E9}".isLiterally("e\u{301}"))
        #expect("$class".isLiterally("$class"))
        #expect(!"$class".isLiterally("$classes"))
        #expect("$$key".hasLiteralPrefix("$$"))
        #expect(!"e\u{301}x".hasLiteralPrefix("\u{E9}"))
        #expect(Set([LiteralText("\u{E9}"), LiteralText("e\u{301}"), LiteralText("\u{E9}")]).count == 2)
    }

    /// The byte comparison's edges: empty strings, a difference in the last byte, prefixes longer
    /// than the text, small (inline) and large (heap) strings.
    @Test func comparisonEdges() {
        let long = String(repeating: "NSMutableDictionary", count: 4)
        #expect("".isLiterally("") && !"".isLiterally("a") && !"a".isLiterally(""))
        #expect(long.isLiterally(String(repeating: "NSMutableDictionary", count: 4)))
        #expect(!long.isLiterally(String(long.dropLast()) + "Z"))
        #expect(!"abc".isLiterally("abd") && !"abc".isLiterally("bbc"))
        #expect("abc".hasLiteralPrefix("") && "abc".hasLiteralPrefix("abc") && !"abc".hasLiteralPrefix("abcd"))
        #expect(long.hasLiteralPrefix("NSMutableDictionaryNSMutable") && !long.hasLiteralPrefix("NSMutableDictionaryNSMutablE"))
        #expect(!"".hasLiteralPrefix("$"))
    }

    @Test func aLongCombiningSequenceIsCut() {
        let letter = "a" + String(repeating: "\u{301}", count: 10_000)
        let cut = ValueFormatter.cut(letter)
        #expect(cut.unicodeScalars.count == ValueFormatter.summaryLimit * 2 + 1)
        #expect(cut.hasSuffix("…"))
        #expect(ValueFormatter.cut("short") == "short")
        let exact = String(repeating: "é", count: ValueFormatter.summaryLimit)
        #expect(ValueFormatter.cut(exact) == exact, "200 two-byte characters are not cut")
    }

    @Test func messagesAreBounded() {
        let long = String(repeating: "x", count: 10_000)
        let d = Diagnostic("test.long", .error, "key \(long)")
        #expect(d.message.unicodeScalars.count == Diagnostic.messageLimit + 1)
        #expect(d.message.hasSuffix("…"))
        #expect(ValueFormatter.excerpt(long).count == ValueFormatter.summaryLimit + 1)
        #expect(!ValueFormatter.excerpt("a\u{1B}b").unicodeScalars.contains("\u{1B}"), "escaped")
    }

    @Test func utf16DecodesPairsAndReplacesLoneSurrogates() {
        func be(_ units: [UInt16]) -> [UInt8] { units.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] } }
        let text = "aé€😀"
        let decoded = Unicode.UTF16.utf8(fromBigEndian: be(Array(text.utf16)))
        #expect(String(decoding: decoded.utf8, as: UTF8.self) == text && decoded.unpaired == 0)
        let lone = Unicode.UTF16.utf8(fromBigEndian: be([0xD83D, 0x41, 0xDC00, 0xD800]) + [0x7F])
        #expect(String(decoding: lone.utf8, as: UTF8.self) == "\u{FFFD}A\u{FFFD}\u{FFFD}" && lone.unpaired == 3)
    }
}

/// The fast paths of escaping and quoting give what a scalar-by-scalar walk gives.
@Suite struct DisplayTextFastPathTests {
    static func reference(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if let replacement = DisplayText.escapeSequence(for: scalar) { out += replacement } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }

    static let samples = [
        "", "plain", "back\\slash", "x\u{1B}[31mred", "xe\u{200D}\u{301}b\u{1B}", "\u{202E}evil\u{202C}", "é\u{301}\u{301}",
        "tab\tnew\nline\r", "\u{FFFD}", "\u{85}\u{7F}\u{0}", "emoji 👨‍👩‍👧 flag 🇫🇷", "quote \" inside", String(repeating: "a\u{200B}", count: 300),
    ]

    @Test func escapeMatchesTheScalarWalk() {
        for s in Self.samples { #expect(DisplayText.escape(s) == Self.reference(s), "\(Array(s.unicodeScalars))") }
    }

    /// The printable-ASCII fast path's edges: every ASCII byte alone and inside plain text.
    @Test func escapeMatchesTheScalarWalkForEveryASCIIByte() {
        for byte in UInt8(0)...0x7F {
            let c = String(UnicodeScalar(byte))
            for s in [c, "ab" + c + "cd"] { #expect(DisplayText.escape(s) == Self.reference(s), "byte \(byte)") }
        }
    }

    @Test func quotedEscapesQuotesAndControls() {
        #expect(ValueFormatter.quoted("say \"hi\"\u{1B}") == "\"say \\\"hi\\\"\\e\"")
        #expect(ValueFormatter.quoted("no quotes") == "\"no quotes\"")
    }

    @Test func oneByteIsSingular() {
        #expect(ValueFormatter.byteCount(1) == "1 byte" && ValueFormatter.byteCount(0) == "0 bytes" && ValueFormatter.byteCount(2) == "2 bytes")
        #expect(ValueFormatter.dataSummary([0xFF]) == "1 byte <ff>")
    }

    @Test func aMessageKeepsTheEscapesOfItsQuotes() {
        // The message quotes file text escaped already; showing it must not escape the escapes.
        let message = "unexpected text " + ValueFormatter.quoted("a=\"1\"\n")
        #expect(DisplayText.escapeMessage(message) == "unexpected text \"a=\\\"1\\\"\\n\"")
        #expect(DisplayText.escape(message) != DisplayText.escapeMessage(message))
    }

    @Test func aMessageCarryingRawTextIsStillMadeSafe() {
        let raw = "bad \u{1B}[2J \u{202E}x\u{9B} \\ é"
        #expect(DisplayText.escapeMessage(raw) == "bad \\e[2J \\u{202E}x\\x9b \\ é")
        for s in DisplayTextFastPathTests.samples {
            let shown = DisplayText.escapeMessage(s)
            #expect(shown.unicodeScalars.allSatisfy { $0 == "\\" || DisplayText.escapeSequence(for: $0) == nil }, "\(Array(s.unicodeScalars))")
        }
    }
}
