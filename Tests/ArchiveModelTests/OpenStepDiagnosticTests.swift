import Testing
@testable import ArchiveModel
@testable import IB3XML
@testable import ArchiveDocuments

/// One case per diagnostic id of `OpenStepPlistDecoder`: the id is reported at the expected
/// line:column and exact range with the expected severity, and the decoder still returns what it read.
@Suite struct OpenStepDiagnosticTests {
    typealias S = OpenStepTestSupport

    struct Case: Sendable, CustomTestStringConvertible {
        let id: String
        let input: [UInt8]
        let line: Int
        let column: Int
        /// Bytes of the diagnostic's range.
        let length: Int
        let severity: Severity
        var testDescription: String { id }

        init(_ id: String, _ text: String, _ line: Int, _ column: Int, length: Int, _ severity: Severity = .error) {
            self.init(id, Array(text.utf8), line, column, length: length, severity)
        }

        init(_ id: String, _ input: [UInt8], _ line: Int, _ column: Int, length: Int, _ severity: Severity = .error) {
            self.id = id
            self.input = input
            self.line = line
            self.column = column
            self.length = length
            self.severity = severity
        }
    }

    static let cases: [Case] = [
        Case("openstep.encoding.invalid-utf8", Array("{ a = \"".utf8) + [0xFF] + Array("\"; }".utf8), 1, 8, length: 1),
        Case("openstep.root.empty", [], 1, 1, length: 0),
        Case("openstep.root.whitespace-only", "  \n ", 1, 1, length: 4, .note),
        Case("openstep.root.trailing-content", "{ a = b; } x", 1, 12, length: 1),
        Case("openstep.strings.trailing-content", "a = b;\n}", 2, 1, length: 1, .warning),
        Case("openstep.value.unexpected-character", "( a, # )", 1, 6, length: 1),
        Case("openstep.depth.exceeded", String(repeating: "(", count: 600), 1, 514, length: 1),
        Case("openstep.comment.unterminated", "{ a = b; } /* x", 1, 12, length: 4, .warning),
        Case("openstep.string.unterminated", "( \"abc", 1, 3, length: 4),
        Case("openstep.string.unknown-escape", #"  "a\qb""#, 1, 5, length: 2, .warning),
        Case("openstep.string.short-unicode-escape", #""\U12""#, 1, 2, length: 4, .warning),
        Case("openstep.string.lone-surrogate", #""\UD800x""#, 1, 2, length: 6, .warning),
        Case("openstep.string.octal-overflow", #""\777""#, 1, 2, length: 4, .warning),
        Case("openstep.data.uneven-length", "<0fb>", 1, 4, length: 1),
        Case("openstep.data.invalid-character", "<0fzz>", 1, 4, length: 2),
        Case("openstep.data.unterminated", "{ a = <0f; }", 1, 7, length: 3),
        Case("openstep.gnustep.typed-value", "<*I5>", 1, 1, length: 5, .warning),
        Case("openstep.gnustep.malformed", "<*Ix>", 1, 1, length: 5),
        Case("openstep.gnustep.base64-data", "{ d = <[AAEC]>; }", 1, 7, length: 8, .warning),
        Case("openstep.array.unterminated", "{ a = (b, c", 1, 7, length: 5),
        Case("openstep.array.missing-close", "{ a = (b, c; d = e; }", 1, 12, length: 1),
        Case("openstep.array.missing-comma", "(a b)", 1, 4, length: 1),
        Case("openstep.array.missing-value", "(a,,b)", 1, 4, length: 1),
        Case("openstep.dict.unterminated", "{ a = b;", 1, 1, length: 8),
        Case("openstep.dict.missing-close", "( { a = b; ) ", 1, 12, length: 1),
        Case("openstep.dict.missing-equals", "{ name ) }", 1, 8, length: 1),
        Case("openstep.dict.missing-value", "{ a = ; }", 1, 7, length: 1),
        Case("openstep.dict.missing-semicolon", "{ a = b }", 1, 9, length: 1),
        Case("openstep.dict.missing-key", "{ ; }", 1, 3, length: 1),
        Case("openstep.dict.key-not-string", "{ (x) = y; }", 1, 3, length: 1),
        Case("openstep.dict.duplicate-key", "{ a = 1;\n  a = 2; }", 2, 3, length: 1, .warning),
    ]

    @Test(arguments: cases)
    func reportsIdAtPosition(_ c: Case) throws {
        let tree = S.decode(c.input)
        S.checkInvariants(tree)
        let found = try #require(tree.openDiagnostics.first { $0.id == c.id }, "ids: \(S.ids(tree))")
        #expect(found.position == TextPosition(line: c.line, column: c.column))
        #expect(found.severity == c.severity)
        #expect(found.range == ByteRange(start: byteOffset(c.input, line: c.line, column: c.column), count: c.length))
    }

    /// Ids whose input is too large for a case here, with the suite that asserts their range.
    static let coveredElsewhere: Set<String> = [
        "openstep.decoding.abandoned", // OpenStepAbandonTests: needs 10,000 errors
    ]

    @Test func everyIdHasACase() {
        let covered = Set(Self.cases.map(\.id))
        #expect(covered.count == Self.cases.count)
        #expect(covered.union(Self.coveredElsewhere) == Set(OpenStepCode.allCases.map(\.rawValue)))
    }

    /// Offset of 1-based line:column in `bytes` (lines end at LF here).
    private func byteOffset(_ bytes: [UInt8], line: Int, column: Int) -> Int {
        var offset = 0
        var current = 1
        while current < line, offset < bytes.count {
            if bytes[offset] == 0x0A { current += 1 }
            offset += 1
        }
        return offset + column - 1
    }

    // MARK: Messages and recovery

    @Test func missingEqualsNamesKeyAndCharacter() {
        let tree = S.decode("{ name ) }")
        #expect(tree.openDiagnostics.map(\.message) == ["expected '=' after key \"name\" but found ')'"])
        #expect(tree.openDiagnostics.first?.range == ByteRange(7, 8))
    }

    @Test func truncatedDictionaryKeepsEntriesReadSoFar() {
        let tree = S.decode("{ a = 1; b = (x, y); c = ")
        S.checkInvariants(tree)
        #expect(S.dump(tree) == #"{"a"="1";"b"=("x","y");"c"=!;}"#)
        #expect(S.located(tree) == ["openstep.dict.unterminated@1:1"])
        #expect(tree.openDiagnostics.first?.range == ByteRange(0, 25))
    }

    @Test func unterminatedNestingCountsEnclosingContainers() {
        let tree = S.decode("{ a = ( { b = (")
        #expect(tree.openDiagnostics.map(\.message) == [
            "array opened at 1:15 is not terminated before the end of the input (nor are 3 enclosing containers)",
        ])
        #expect(S.dump(tree) == #"{"a"=({"b"=();});}"#)
    }

    @Test func missingSemicolonKeepsDecoding() {
        let tree = S.decode("{ a = b c = d; e = f }")
        S.checkInvariants(tree)
        #expect(S.dump(tree) == #"{"a"="b";"c"="d";"e"="f";}"#)
        #expect(S.located(tree) == ["openstep.dict.missing-semicolon@1:9", "openstep.dict.missing-semicolon@1:22"])
    }

    @Test func lostCloserIsRecoveredAtTheEnclosingContainer() {
        let tree = S.decode("{ a = (b, c; d = e; f = ( { g = h; ); i = j; }")
        S.checkInvariants(tree)
        #expect(S.dump(tree) == #"{"a"=("b","c");"d"="e";"f"=({"g"="h";});"i"="j";}"#)
        #expect(S.located(tree) == ["openstep.array.missing-close@1:12", "openstep.dict.missing-close@1:36"])
    }

    @Test func unterminatedStringRunsToTheEnd() {
        let tree = S.decode("( \"abc, d )")
        S.checkInvariants(tree)
        #expect(S.dump(tree) == #"("abc, d )")"#)
        #expect(S.ids(tree) == ["openstep.array.unterminated", "openstep.string.unterminated"])
        #expect(tree.openDiagnostics.last?.message == "quoted string opened with '\"' is not terminated; it runs 9 bytes to the end of the input")
    }

    @Test func dataErrorsKeepTheBytesRead() {
        let tree = S.decode("{ a = <0fb 77>; b = <12 zz 34>; c = <ab; }")
        S.checkInvariants(tree)
        #expect(S.dump(tree) == #"{"a"=<0f77>;"b"=<1234>;"c"=<ab>;}"#)
        #expect(S.ids(tree) == ["openstep.data.uneven-length", "openstep.data.invalid-character", "openstep.data.unterminated"])
    }

    @Test func invalidUTF8IsDecodedLossilyAndCapped() {
        let tree = S.decode(Array("(\"".utf8) + [UInt8](repeating: 0xFF, count: 25) + Array("\")".utf8))
        S.checkInvariants(tree)
        #expect(S.dump(tree) == "(" + String(repeating: "\u{FFFD}", count: 25).debugDescription + ")")
        #expect(tree.openDiagnostics.count == 21)
        #expect(tree.openDiagnostics.first?.message == "invalid UTF-8 sequence 0xff at offset 2; decoded as U+FFFD, but CF rejects the file")
        #expect(tree.openDiagnostics.last?.message.hasPrefix("5 more invalid UTF-8 sequences") == true)
    }

    @Test func nonStringKeyIsKeptAsItsSourceText() {
        let tree = S.decode("{ (x, y) = z; <0f> = w; }")
        S.checkInvariants(tree)
        #expect(S.dump(tree) == #"{"(x, y)"="z";"<0f>"="w";}"#)
        let long = S.decode("{ (" + String(repeating: "a, ", count: 50) + ") = z; }")
        S.checkInvariants(long)
        #expect(S.dump(long) == "{" + ("(" + String(repeating: "a, ", count: 21) + "…").debugDescription + "=\"z\";}")
    }

    @Test func stringsFileReparseReportsFirstKeyOnce() {
        // The first string is read once to decide between a string root and a strings file.
        let tree = S.decode(#""a\q" = b; /* open"#)
        #expect(S.dump(tree) == #"{"aq"="b";}"#)
        #expect(S.located(tree) == ["openstep.string.unknown-escape@1:3", "openstep.comment.unterminated@1:12"])
    }

    @Test func trailingContentAfterStringsFileIsIgnoredLikeCF() {
        let tree = S.decode("a = b;\nc = d;\n) e = f;")
        #expect(S.dump(tree) == #"{"a"="b";"c"="d";}"#)
        #expect(tree.openDiagnostics.first?.message == "strings file stops at ')', which cannot start a key; CF ignores the remaining 8 bytes")
    }
}
