import Testing
@testable import ArchiveModel
@testable import ArchiveCore
@testable import Typedstream
@testable import NIBArchive
@testable import IB3XML
@testable import Bookmark
@testable import ArchiveDocuments
@testable import ArchivePresentation
@testable import ArchiveSources
import FuzzSupport

/// XML, OpenStep and `.strings` files in UTF-8 with a mark, UTF-16 and UTF-32 (both byte orders, with
/// and without a mark): detected as CF detects them, decoded to the same tree as the UTF-8 text, with
/// diagnostics at the file's own byte offsets and the text's line:column (issue 26 item 4).
@Suite struct TextEncodingTests {
    typealias E = EncodedText

    /// An XML plist whose error (`12x`) follows multi-byte and astral characters.
    static let xml = """
        <?xml version="1.0"?>
        <plist version="1.0">
        <dict>
        \t<key>name</key>
        \t<string>日本語 é 😀</string>
        \t<key>count</key>
        \t<integer>12x</integer>
        </dict>
        </plist>

        """

    /// An OpenStep plist with an odd-length data value after non-ASCII text.
    static let openStep = "// comment é\r\n{\r\n    name = \"日本語 😀\";\r\n    blob = <0fb>;\r\n    list = (a, \"b\");\r\n}\r\n"

    /// A `.strings` file (no braces) whose third entry lacks its `;`.
    static let strings = """
        /* Localizable.strings — ü */
        "greeting" = "Grüß dich 😀";
        "farewell" = "Tschüss"
        "next" = "x";

        """

    struct Sample: Sendable, CustomTestStringConvertible {
        let name: String
        let text: String
        let format: ContainerFormat
        let id: String
        var testDescription: String { name }
    }

    static let samples = [
        Sample(name: "xml", text: xml, format: .xmlPlist, id: "xml.integer.invalid"),
        Sample(name: "openstep", text: openStep, format: .openStepPlist, id: "openstep.data.uneven-length"),
        Sample(name: "strings", text: strings, format: .openStepPlist, id: "openstep.dict.missing-semicolon"),
    ]

    static func open(_ bytes: [UInt8]) -> ArchiveDocument { ArchiveDocument.open(InputBytes(bytes), name: "t") }

    /// Each sample in each encoding: the format and encoding are detected, the tree is the UTF-8 text's,
    /// and every diagnostic has the UTF-8 text's id and line:column at the file offsets of the same
    /// characters (plus the warning about a missing byte-order mark).
    @Test(arguments: samples, EncodedText.all)
    func decodesLikeUTF8(_ sample: Sample, _ encoding: TextEncoding) throws {
        let reference = Self.open(Array(sample.text.utf8))
        let document = Self.open(E.bytes(sample.text, encoding))
        #expect(document.format == sample.format)
        #expect(document.textEncoding == encoding)
        let tree = try #require(document.tree)
        let referenceTree = try #require(reference.tree)
        #expect(XMLPlistFixture.render(tree) == XMLPlistFixture.render(referenceTree))

        func mapped(_ r: ByteRange) -> ByteRange {
            ByteRange(E.fileOffset(r.start, in: sample.text, encoding), E.fileOffset(r.end, in: sample.text, encoding))
        }
        let expected = referenceTree.fullCheck().map { $0.with(range: .some($0.range.map(mapped))) }
        var found = tree.fullCheck()
        if !encoding.hasByteOrderMark, encoding.form != .utf8 {
            #expect(found.map(\.id).contains("text.encoding.no-byte-order-mark"))
            found.removeAll { $0.id == "text.encoding.no-byte-order-mark" }
        }
        #expect(E.located(found) == E.located(expected))
        #expect(found.contains { $0.id == sample.id })
        for (a, b) in zip(XMLPlistFixture.nodes(tree), XMLPlistFixture.nodes(referenceTree)) {
            #expect(a.range == b.range.map(mapped))
            #expect(a.position == b.position)
        }
    }

    /// Named offsets in UTF-16LE: the bad character `é` of `é1` is text [17, 19) on line 2 at column 10
    /// (columns count the text's UTF-8 bytes, as for a UTF-8 file), which is file [36, 38): the mark,
    /// then 17 units of 2 bytes.
    @Test func utf16DiagnosticHasFileOffsetsAndTextPosition() throws {
        let bytes = E.bytes("<plist>\n<integer>é1</integer>\n</plist>", TextEncoding(.utf16LE, byteOrderMark: true))
        let tree = XMLPlistDecoder.decode(InputBytes(bytes))
        let d = try #require(tree.fullCheck().first { $0.id == "xml.integer.invalid" })
        #expect(d.range == ByteRange(36, 38))
        #expect(d.position == TextPosition(line: 2, column: 10))
        #expect(Array(bytes[36..<38]) == [0xE9, 0x00])
        #expect(tree.rootID.flatMap { tree.node($0).range } == ByteRange(18, 60))
    }

    /// Offsets quoted in messages are file offsets too: the control character is text offset 15,
    /// file offset 4 + 4 × 15 in UTF-32BE with a mark.
    @Test func offsetsInMessagesAreFileOffsets() throws {
        let tree = XMLPlistDecoder.decode(InputBytes(E.bytes("<plist><string>\u{7}</string></plist>", TextEncoding(.utf32BE, byteOrderMark: true))))
        let d = try #require(tree.fullCheck().first { $0.id == "xml.string.control-character" })
        #expect(d.range == ByteRange(64, 68))
        #expect(d.message.contains("the first at offset 64"), "\(d.message)")
    }

    @Test func detectsAsCFDoes() {
        func detect(_ bytes: [UInt8]) -> TextEncoding { TextEncoding.detect(InputBytes(bytes)) }
        #expect(detect([0xFF, 0xFE, 0x3C, 0x00]) == TextEncoding(.utf16LE, byteOrderMark: true))
        #expect(detect([0xFE, 0xFF, 0x00, 0x3C]) == TextEncoding(.utf16BE, byteOrderMark: true))
        #expect(detect([0xFF, 0xFE, 0x00, 0x00, 0x3C, 0, 0, 0]) == TextEncoding(.utf32LE, byteOrderMark: true))
        #expect(detect([0x00, 0x00, 0xFE, 0xFF, 0, 0, 0, 0x3C]) == TextEncoding(.utf32BE, byteOrderMark: true))
        #expect(detect([0xEF, 0xBB, 0xBF, 0x3C]) == TextEncoding(.utf8, byteOrderMark: true))
        #expect(detect([0x3C, 0x00, 0x3F, 0x00]) == TextEncoding(.utf16LE, byteOrderMark: false))
        #expect(detect([0x00, 0x3C, 0x00, 0x3F]) == TextEncoding(.utf16BE, byteOrderMark: false))
        #expect(detect([0x3C, 0x00, 0x00, 0x00]) == TextEncoding(.utf32LE, byteOrderMark: false))
        #expect(detect([0x00, 0x00, 0x00, 0x3C]) == TextEncoding(.utf32BE, byteOrderMark: false))
        #expect(detect(Array("<?xml".utf8)) == .plainUTF8)
        // CF looks for a UTF-32 mark only in inputs longer than 4 bytes: this is UTF-16LE and a NUL.
        #expect(detect([0xFF, 0xFE, 0x00, 0x00]) == TextEncoding(.utf16LE, byteOrderMark: true))
    }

    @Test func formatDetectorReadsTheTranscodedHead() {
        let le = TextEncoding(.utf16LE, byteOrderMark: false), be32 = TextEncoding(.utf32BE, byteOrderMark: true)
        #expect(FormatDetector.detect(InputBytes(E.bytes(Self.xml, le))) == .xmlPlist)
        #expect(FormatDetector.detect(InputBytes(E.bytes(Self.strings, be32))) == .openStepPlist)
        #expect(FormatDetector.detect(InputBytes(E.bytes(Self.openStep, TextEncoding(.utf16BE, byteOrderMark: true)))) == .openStepPlist)
        // Zero bytes that do not make text are no plist.
        #expect(FormatDetector.detect(InputBytes([0x01, 0x00, 0x02, 0x00, 0x03, 0x00])) == .unknown)
    }

    @Test func plainUTF8IsReadWithoutACopy() throws {
        let input = InputBytes(Array(Self.xml.utf8))
        let tree = XMLPlistDecoder.decode(input)
        #expect(tree.input === input)
        #expect(tree.textEncoding == .plainUTF8)
        #expect(OpenStepPlistDecoder.decode(input).input === input)
    }

    // MARK: - Damaged encodings

    @Test func oddLengthUTF16IsAPartialUnitWithAPartialResult() throws {
        var bytes = E.bytes("<plist><dict><key>a</key><string>b</string><key>c</key><string>d</string></dict></plist>", TextEncoding(.utf16LE, byteOrderMark: true))
        bytes.removeLast(21) // cut inside `</plist>`, leaving an odd length
        let document = Self.open(bytes)
        #expect(document.format == .xmlPlist)
        let diagnostics = document.graph.fullCheck()
        let partial = try #require(diagnostics.first { $0.id == "text.encoding.partial-unit" })
        #expect(partial.severity == .error)
        #expect(partial.range == ByteRange(bytes.count - 1, bytes.count))
        #expect(partial.message.contains("odd length"))
        let tree = try #require(document.tree)
        #expect(XMLPlistFixture.render(tree) == #"{"a"="b","c"="d"}"#)
    }

    @Test func utf32LengthNotAMultipleOfFourIsAPartialUnit() throws {
        let bytes = E.bytes("{ a = b; }", TextEncoding(.utf32BE, byteOrderMark: true)) + [0x00, 0x00]
        let tree = OpenStepPlistDecoder.decode(InputBytes(bytes))
        let partial = try #require(tree.openDiagnostics.first { $0.id == "text.encoding.partial-unit" })
        #expect(partial.range == ByteRange(44, 46))
        #expect(partial.message.contains("not a multiple of 4"))
        #expect(XMLPlistFixture.render(tree) == #"{"a"="b"}"#)
    }

    @Test func unpairedSurrogateIsReplacedAndLocated() throws {
        // "x", a lone high surrogate, "y" inside a string of a UTF-16BE strings file.
        let head = E.bytes("\"k\" = \"x", TextEncoding(.utf16BE, byteOrderMark: true))
        let bytes = head + [0xD8, 0x3D] + E.body("y\";\n\"k2\" = \"", .utf16BE) + [0xDC, 0x01] + E.body("\";", .utf16BE)
        let tree = OpenStepPlistDecoder.decode(InputBytes(bytes))
        let found = tree.openDiagnostics.filter { $0.id == "text.encoding.unpaired-surrogate" }
        #expect(found.map(\.range) == [ByteRange(head.count, head.count + 2), ByteRange(bytes.count - 6, bytes.count - 4)])
        #expect(found.first?.position == TextPosition(line: 1, column: 9))
        #expect(found.first?.message.contains("0xD83D") == true)
        #expect(XMLPlistFixture.render(tree) == "{\"k\"=\"x\u{FFFD}y\",\"k2\"=\"\u{FFFD}\"}")
    }

    @Test func invalidUTF32ScalarIsReplacedAndLocated() throws {
        let head = E.bytes("<plist><string>a", TextEncoding(.utf32LE, byteOrderMark: true))
        let bytes = head + [0x00, 0x00, 0x11, 0x00] + E.body("</string></plist>", .utf32LE)
        let tree = XMLPlistDecoder.decode(InputBytes(bytes))
        let d = try #require(tree.openDiagnostics.first { $0.id == "text.encoding.invalid-scalar" })
        #expect(d.range == ByteRange(head.count, head.count + 4))
        #expect(d.message.contains("above U+10FFFF"))
        #expect(XMLPlistFixture.render(tree) == "\"a\u{FFFD}\"")
    }

    @Test func manyBadUnitsAreCapped() {
        let bytes = [0xFF, 0xFE] + E.body("(\"", .utf16LE) + Array(repeating: [UInt8](arrayLiteral: 0x00, 0xDC), count: 30).flatMap { $0 } + E.body("\")", .utf16LE)
        let tree = OpenStepPlistDecoder.decode(InputBytes(bytes))
        let found = tree.openDiagnostics.filter { $0.id == "text.encoding.unpaired-surrogate" }
        #expect(found.count == TextTranscoder.reportLimit + 1)
        #expect(found.last?.message.hasPrefix("and 10 more unpaired surrogates") == true)
    }

    @Test func missingByteOrderMarkIsAWarning() throws {
        let tree = XMLPlistDecoder.decode(InputBytes(E.bytes("<plist><true/></plist>", TextEncoding(.utf32LE, byteOrderMark: false))))
        let d = try #require(tree.openDiagnostics.first)
        #expect(d.id == "text.encoding.no-byte-order-mark")
        #expect(d.severity == .warning)
        #expect(d.range == ByteRange(0, 8))
        #expect(XMLPlistFixture.render(tree) == "true")
    }

    @Test func declarationNamingAnotherEncodingIsAWarning() {
        let le = TextEncoding(.utf16LE, byteOrderMark: true)
        let agreeing = XMLPlistDecoder.decode(InputBytes(E.bytes(#"<?xml version="1.0" encoding="UTF-16"?><plist><true/></plist>"#, le)))
        #expect(agreeing.openDiagnostics.isEmpty)
        let contradicting = XMLPlistDecoder.decode(InputBytes(E.bytes(#"<?xml version="1.0" encoding="utf-8"?><plist><true/></plist>"#, le)))
        #expect(contradicting.openDiagnostics.map(\.id) == ["xml.encoding.mismatch"])
        #expect(contradicting.openDiagnostics.first?.message.contains("the file is UTF-16LE (by its byte-order mark)") == true)
    }

    // MARK: - Offset map

    @Test func offsetMapRoundsInsideACharacter() {
        // "é😀a": UTF-8 [0,2) [2,6) [6,7); UTF-16LE after the mark [2,4) [4,8) [8,10).
        let bytes = E.bytes("é😀a", TextEncoding(.utf16LE, byteOrderMark: true))
        let map = TextTranscoder.transcode(InputBytes(bytes), TextEncoding(.utf16LE, byteOrderMark: true)).map
        #expect([0, 1, 2, 3, 6, 7].map { map.fileOffset($0) } == [2, 2, 4, 4, 8, 10])
        #expect(map.fileOffset(3, roundingUp: true) == 8)
        #expect(map.fileRange(ByteRange(3, 4)) == ByteRange(4, 8))
        #expect(map.fileOffset(100) == 10)
    }

    @Test func offsetMapAgreesPastManyCheckpoints() {
        let text = String(repeating: "aé日😀\n", count: 200)
        let encoding = TextEncoding(.utf16BE, byteOrderMark: false)
        let map = TextTranscoder.transcode(InputBytes(E.bytes(text, encoding)), encoding).map
        var utf8 = 0
        for scalar in text.unicodeScalars {
            #expect(map.fileOffset(utf8) == E.fileOffset(utf8, in: text, encoding))
            utf8 += String(scalar).utf8.count
        }
        #expect(map.textLength == text.utf8.count)
        // The cursor gives the map's answers for offsets in order, out of order and inside characters.
        var cursor = TextOffsetCursor(map)
        var rng = SplitMix64(seed: 4)
        let queries = Array(0...text.utf8.count) + (0..<2000).map { _ in Int(rng.next() % UInt64(text.utf8.count + 10)) }
        for q in queries {
            let up = q % 3 == 0
            #expect(cursor.fileOffset(q, roundingUp: up) == map.fileOffset(q, roundingUp: up), "offset \(q)")
        }
    }

    // MARK: - Robustness

    /// Random byte flips, cuts and insertions in UTF-16 and UTF-32 plists never crash, and every range
    /// stays inside the file.
    @Test func damagedUTF16NeverCrashes() {
        var rng = SplitMix64(seed: 26)
        let seeds = [E.bytes(Self.xml, TextEncoding(.utf16LE, byteOrderMark: true)),
                     E.bytes(Self.strings, TextEncoding(.utf16BE, byteOrderMark: false)),
                     E.bytes(Self.openStep, TextEncoding(.utf32LE, byteOrderMark: true))]
        for round in 0..<600 {
            var bytes = seeds[round % seeds.count]
            for _ in 0..<(1 + Int(rng.next() % 8)) {
                let at = Int(rng.next() % UInt64(bytes.count))
                switch rng.next() % 4 {
                case 0: bytes[at] = UInt8(truncatingIfNeeded: rng.next())
                case 1: bytes[at] ^= 0x80
                case 2: bytes.removeSubrange(at..<Swift.min(bytes.count, at + 1 + Int(rng.next() % 3)))
                default: bytes.insert(UInt8(truncatingIfNeeded: rng.next()), at: at)
                }
                if bytes.isEmpty { bytes = [0xFF, 0xFE] }
            }
            let document = Self.open(bytes)
            for d in document.graph.fullCheck() {
                if let r = d.range { #expect(r.start >= 0 && r.end <= bytes.count, "round \(round): \(d)") }
                for note in d.notes { if let r = note.range { #expect(r.start >= 0 && r.end <= bytes.count, "round \(round): \(note)") } }
            }
            if let tree = document.tree {
                for node in XMLPlistFixture.nodes(tree) { if let r = node.range { #expect(r.start >= 0 && r.end <= bytes.count, "round \(round)") } }
            }
        }
    }
}

/// `damage.truncated` reads the encodings too: a UTF-16 file cut inside a unit is truncated, one that
/// still ends with `</plist>` and a stray byte is not.
@Suite struct TextEncodingDamageTests {
    static let le = TextEncoding(.utf16LE, byteOrderMark: true)

    @Test func cutInsideAUnitIsTruncation() throws {
        let bytes = Array(EncodedText.bytes("<plist><array><string>abc</string><string>def</string></array></plist>", Self.le).prefix(41))
        let document = ArchiveDocument.open(InputBytes(bytes), name: "cut")
        let causes = DocumentCheck.causes(of: document.graph, diagnostics: document.graph.fullCheck())
        let cut = try #require(causes.first { $0.id == "damage.truncated" })
        #expect(cut.range == ByteRange(41, 41))
    }

    @Test func wholeUTF16PlistWithAStrayByteIsNotTruncation() {
        let bytes = EncodedText.bytes("<plist><true/></plist>\n", Self.le) + [0x0A]
        let document = ArchiveDocument.open(InputBytes(bytes), name: "stray")
        let checked = document.graph.fullCheck()
        #expect(checked.map(\.id) == ["text.encoding.partial-unit"])
        #expect(!DocumentCheck.causes(of: document.graph, diagnostics: checked).contains { $0.id == "damage.truncated" })
    }
}

/// A UTF-16 plist inside base64 or gzip is unwrapped like a UTF-8 one: the markup is found past the
/// zero bytes.
@Suite struct TextEncodingWrapperTests {
    static let plist = EncodedText.bytes("<plist><dict><key>a</key><string>é</string></dict></plist>", TextEncoding(.utf16BE, byteOrderMark: true))

    @Test(arguments: [("base64", WrapperTests.base64(plist)), ("gzip", Deflate.gzip(plist))] as [(String, [UInt8])])
    func wrappedUTF16PlistOpens(_ name: String, _ bytes: [UInt8]) throws {
        let document = ArchiveDocument.open(InputBytes(bytes), name: name)
        #expect(document.format == .xmlPlist, "\(name)")
        #expect(document.textEncoding == TextEncoding(.utf16BE, byteOrderMark: true))
        #expect(document.graph.input.wrappers.map(\.kind.rawValue) == [name])
        let tree = try #require(document.tree)
        #expect(XMLPlistFixture.render(tree) == #"{"a"="é"}"#)
    }
}
