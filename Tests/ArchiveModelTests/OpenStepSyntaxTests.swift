import Testing
@testable import ArchiveModel
@testable import NIBArchive
@testable import IB3XML
@testable import ArchiveDocuments
@testable import ArchiveSources

/// Syntax coverage for `OpenStepPlistDecoder`: values, byte ranges and line:column of nodes.
@Suite struct OpenStepSyntaxTests {
    typealias S = OpenStepTestSupport

    @Test func dictionaryWithRangesAndPositions() throws {
        let tree = S.decode("{ name = \"Ann\"; age = 42; }")
        S.checkInvariants(tree)
        #expect(S.dump(tree) == #"{"name"="Ann";"age"="42";}"#)
        #expect(tree.openDiagnostics.isEmpty)
        #expect(tree.format == .openStepPlist)
        let root = tree.node(try #require(tree.rootID))
        #expect(root.range == ByteRange(0, 27))
        #expect(root.position == TextPosition(line: 1, column: 1))
        let ann = try #require(S.child(tree, "name"))
        #expect(tree.node(ann).range == ByteRange(9, 14))
        #expect(S.source(tree, ann) == "\"Ann\"")
        guard case .dict(let keys, _) = root.value else { Issue.record("root is not a dict"); return }
        #expect(tree.node(keys[1]).range == ByteRange(16, 19))
        #expect(tree.node(keys[1]).position == TextPosition(line: 1, column: 17))
    }

    @Test func nestedContainersOnSeveralLines() throws {
        let text = "{\n  a = (x, 'y z');\n  b = <0fbd 77>;\n}\n"
        let tree = S.decode(text)
        S.checkInvariants(tree)
        #expect(tree.openDiagnostics.isEmpty)
        #expect(S.dump(tree) == #"{"a"=("x","y z");"b"=<0fbd77>;}"#)
        let array = try #require(S.child(tree, "a"))
        #expect(tree.node(array).position == TextPosition(line: 2, column: 7))
        #expect(S.source(tree, array) == "(x, 'y z')")
        guard case .array(let items) = tree.node(array).value else { Issue.record("a is not an array"); return }
        #expect(tree.node(items[1]).position == TextPosition(line: 2, column: 11))
        #expect(S.source(tree, items[1]) == "'y z'")
        let data = try #require(S.child(tree, "b"))
        #expect(tree.node(data).value == .data([0x0F, 0xBD, 0x77]))
        #expect(tree.node(data).position == TextPosition(line: 3, column: 7))
        #expect(tree.node(try #require(tree.rootID)).range == ByteRange(0, text.utf8.count - 1))
    }

    @Test func emptyContainersAndTrailingComma() {
        #expect(S.dump(S.decode("{}")) == "{}")
        #expect(S.dump(S.decode("()")) == "()")
        #expect(S.dump(S.decode("<>")) == "<>")
        let tree = S.decode("(a, b, )")
        S.checkInvariants(tree)
        #expect(S.dump(tree) == #"("a","b")"#)
        #expect(tree.openDiagnostics.isEmpty)
    }

    @Test func escapesInQuotedStrings() {
        let tree = S.decode(#"("\a\b\f\n\r\t\v\"\\\'", 'it\'s', "\101\0\351", "\U00e9\UD83D\UDE00", "a\"b")"#)
        S.checkInvariants(tree)
        #expect(tree.openDiagnostics.isEmpty)
        let expected = ["\u{07}\u{08}\u{0C}\n\r\t\u{0B}\"\\'", "it's", "A\u{0}\u{E9}", "é😀", "a\"b"]
        #expect(S.dump(tree) == "(" + expected.map(\.debugDescription).joined(separator: ",") + ")")
    }

    @Test func unquotedStringsUseTheirFullCharacterSet() {
        let tree = S.decode("{ p = /usr/bin; k = a_$/:.-Z9; url = http://x.org/a//b; }")
        S.checkInvariants(tree)
        #expect(tree.openDiagnostics.isEmpty)
        // A `//` inside an unquoted string does not start a comment (CF reads the whole run).
        #expect(S.dump(tree) == #"{"p"="/usr/bin";"k"="a_$/:.-Z9";"url"="http://x.org/a//b";}"#)
    }

    @Test func commentsWhereverWhitespaceIsAllowed() {
        let text = "/* head */ { // line\n a /* x */ = /* y */ b // z\n ; /**/ c = (/*in*/d /**/,/**/); } // end"
        let tree = S.decode(text)
        S.checkInvariants(tree)
        #expect(tree.openDiagnostics.isEmpty)
        #expect(S.dump(tree) == #"{"a"="b";"c"=("d");}"#)
        #expect(tree.node(0).position == TextPosition(line: 1, column: 12))
        // As in CF, '/' is an unquoted-string byte, so a comment glued to an unquoted string is not one.
        let glued = S.decode("(d/**/)")
        #expect(S.dump(glued) == #"("d/","/")"#)
        #expect(S.located(glued) == ["openstep.value.unexpected-character@1:4", "openstep.array.missing-comma@1:6"])
    }

    @Test func byteOrderMarkAndPbxprojHeader() throws {
        let tree = S.decode([0xEF, 0xBB, 0xBF] + Array("{a=b;}".utf8))
        S.checkInvariants(tree)
        #expect(tree.openDiagnostics.isEmpty)
        #expect(tree.node(0).range == ByteRange(3, 9))
        #expect(tree.node(0).position == TextPosition(line: 1, column: 4))
        let pbx = S.decode("// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n}\n")
        #expect(pbx.openDiagnostics.isEmpty)
        #expect(S.dump(pbx) == #"{"archiveVersion"="1";}"#)
        #expect(pbx.node(0).position == TextPosition(line: 2, column: 1))
    }

    @Test func stringsFileForm() throws {
        let text = "\"hello\" = \"world\";\n/* c */ key;\n\"k2\" = ( a );\n"
        let tree = S.decode(text)
        S.checkInvariants(tree)
        #expect(tree.openDiagnostics.isEmpty)
        #expect(S.dump(tree) == #"{"hello"="world";"key"="key";"k2"=("a");}"#)
        #expect(tree.node(0).range == ByteRange(0, text.utf8.count - 1))
        let key = try #require(S.child(tree, "key"))
        #expect(tree.node(key).position == TextPosition(line: 2, column: 9))
        #expect(S.source(tree, key) == "key")
    }

    @Test func keyWithoutValueInBracedDictionary() {
        // NeXTSTEP IB `data.classes` style: `name;` means name = name in any dictionary.
        let tree = S.decode("{ ACTIONS = { followLink:; dump:; }; }")
        S.checkInvariants(tree)
        #expect(tree.openDiagnostics.isEmpty)
        #expect(S.dump(tree) == #"{"ACTIONS"={"followLink:"="followLink:";"dump:"="dump:";};}"#)
    }

    @Test func singleStringRoot() {
        let quoted = S.decode("  \"just text\" // c\n")
        S.checkInvariants(quoted)
        #expect(S.dump(quoted) == #""just text""#)
        #expect(quoted.openDiagnostics.isEmpty)
        #expect(quoted.node(0).range == ByteRange(2, 13))
        #expect(S.dump(S.decode("bare")) == #""bare""#)
    }

    @Test func lineEndingsCountLikeCF() {
        let tree = S.decode("{\r\n a = b;\r c = d;\n e = f; }")
        S.checkInvariants(tree)
        let positions = ["a", "c", "e"].compactMap { S.child(tree, $0) }.map { tree.node($0).position?.description }
        #expect(positions == ["2:6", "3:6", "4:6"])
    }

    @Test func multiByteTextAndColumnsInBytes() throws {
        let tree = S.decode("{ \"héllo\" = wörld; x = y; }")
        S.checkInvariants(tree)
        // "wörld" is not an unquoted string: the value is "w", 'ö' is skipped and "rld;" is read as
        // the `key;` shortcut.
        #expect(S.dump(tree) == #"{"héllo"="w";"rld"="rld";"x"="y";}"#)
        #expect(S.located(tree) == ["openstep.dict.missing-semicolon@1:15"])
        #expect(tree.openDiagnostics.first?.message == "expected ';' after the entry for key \"héllo\" but found 'ö' (U+00F6)")
        let clean = S.decode("{ \"héllo\" = 'wörld'; x = y; }")
        #expect(clean.openDiagnostics.isEmpty)
        let y = try #require(S.child(clean, "x"))
        #expect(clean.node(y).position == TextPosition(line: 1, column: 28))
    }

    @Test func dataWithWhitespaceBetweenPairs() {
        let tree = S.decode("<0F BD\n\t77\r\nAa\u{2028}00>")
        S.checkInvariants(tree)
        #expect(tree.openDiagnostics.isEmpty)
        #expect(tree.node(0).value == .data([0x0F, 0xBD, 0x77, 0xAA, 0x00]))
    }

    @Test func gnustepTypedValuesDecodeWithWarnings() {
        let tree = S.decode("( <*I5>, <*R1.5>, <*BY>, <*BN>, <*D2001-01-02 00:00:00 +0000>, <*I-12>, <*D2001-01-01 01:00:00 +0100> )")
        S.checkInvariants(tree)
        #expect(S.dump(tree) == "(I5,R1.5,BY,BN,D86400.0,I-12,D0.0)")
        #expect(S.ids(tree) == Array(repeating: "openstep.gnustep.typed-value", count: 7))
        #expect(tree.openDiagnostics.allSatisfy { $0.severity == .warning })
        #expect(tree.openDiagnostics.first?.message == "typed value <*I5> is a GNUstep extension, read as integer 5; CF does not accept it")
    }

    /// GNUstep writes data as `<[` base64 `]>`; CF rejects it, GNUstep reads it.
    @Test func gnustepBase64DataDecodesWithAWarning() throws {
        let tree = S.decode("{ a = <[AAEC\n /w==]>; b = <[AAEC]; c = <[QQ=]>; d = <[AA }")
        let a = try #require(S.child(tree, "a"))
        #expect(tree.node(a).value == .data([0x00, 0x01, 0x02, 0xFF]))
        #expect(tree.node(a).range == ByteRange(6, 20))
        #expect(S.ids(tree) == ["openstep.dict.unterminated", "openstep.gnustep.base64-data", "openstep.gnustep.malformed",
                                "openstep.gnustep.malformed", "openstep.data.unterminated"])
        #expect(tree.openDiagnostics[1].message == #"data <[AAEC\n /w==]> is in GNUstep's base64 syntax, read as 4 bytes; CF does not accept it"#)
        #expect(tree.openDiagnostics[2].message == "malformed GNUstep base64 data <[AAEC]: ']' is not followed by '>'")
        #expect(tree.openDiagnostics[3].message.hasSuffix(": 3 base64 digits after the last group of 4, dropped"))
        let b = try #require(S.child(tree, "b"))
        #expect(tree.node(b).value == .data([0x00, 0x01, 0x02]))
    }

    @Test func whitespaceOnlyIsAnEmptyDictionary() {
        let tree = S.decode("  // nothing\n /* here */ ")
        S.checkInvariants(tree)
        #expect(S.dump(tree) == "{}")
        #expect(S.ids(tree) == ["openstep.root.whitespace-only"])
        #expect(tree.openDiagnostics.first?.severity == .note)
    }

    @Test func duplicateKeysKeepBothEntriesInFileOrder() {
        let tree = S.decode("{ a = 1; b = 2; a = 3; }")
        S.checkInvariants(tree)
        #expect(S.dump(tree) == #"{"a"="1";"b"="2";"a"="3";}"#)
        #expect(tree.openDiagnostics.first?.message == "duplicate key \"a\" (first at 1:3); CF keeps the last value")
    }

    /// CF compares keys by code units: "é" and "e" with a combining accent are two keys.
    @Test func canonicallyEquivalentKeysAreNotDuplicates() {
        let tree = S.decode("{ \"\u{E9}\" = 1; \"e\u{301}\" = 2; }")
        S.checkInvariants(tree)
        #expect(S.ids(tree).isEmpty)
    }
}
