import Testing
@testable import ArchiveModel
@testable import XMLPlist
@testable import Typedstream
@testable import ArchiveDocuments

/// The XML tree as the structural scan leaves it: values decoded when read, the per-id limit applied to
/// text-element problems in file order, the fast lane agreeing with the token loop, positions from the
/// line table.
@Suite struct XMLPlistLazyTreeTests {
    typealias F = XMLPlistFixture

    @Test func textElementProblemsPastTheLimitLeaveNodesOnceTheCheckHasRun() throws {
        let count = XMLPlistParser.maxDiagnosticsPerID + 3
        let tree = F.decode("<plist><array>" + String(repeating: "<integer>1x</integer>", count: count) + "</array></plist>")
        let elements = try #require(tree.rootID.flatMap { tree.arrayElements($0) })
        #expect(elements.count == count)
        // Before a full check a node shows its own problem, wherever it is.
        let last = elements[count - 1]
        #expect(tree.node(last).diagnostics.map(\.id) == ["xml.integer.invalid"])
        let all = tree.fullCheck()
        #expect(all.filter { $0.id == "xml.integer.invalid" }.count == XMLPlistParser.maxDiagnosticsPerID)
        let note = try #require(all.first { $0.id == "xml.diagnostics.suppressed" })
        #expect(note.message == "3 more xml.integer.invalid diagnostics were not recorded")
        // Afterwards nodes agree with it: the last kept problem is the 1000th node's.
        #expect(tree.node(elements[XMLPlistParser.maxDiagnosticsPerID - 1]).diagnostics.count == 1)
        #expect(tree.node(elements[XMLPlistParser.maxDiagnosticsPerID]).diagnostics.isEmpty)
        #expect(tree.node(last).diagnostics.isEmpty)
    }

    /// The same document written so that the fast lane reads it (plain tags) and so that the token loop
    /// must (attributes and spaces in every tag): the same values, ranges per element and problems.
    @Test(arguments: [
        "<dict><key>a</key><string>x&amp;y</string><key>b</key><array><integer>1</integer><real>2.5</real></array></dict>",
        "<dict><key>$objects</key><array><dict><key>CF$UID</key><integer>7</integer></dict>\n\t<dict>\n<key>CF$UID</key> <integer>42</integer>\n</dict></array></dict>",
        "<dict><key>a</key><key>b</key><string>dangling</string><integer>3</integer><key>a</key><date>2020-01-01T00:00:00Z</date></dict>",
        "<array><dict><key>CF$UID</key><integer>4294967296</integer></dict><dict><key>CF$UID</key><integer>-1</integer></dict><data>AAEC</data></array>",
        "<array><key>k</key><string>\u{1}</string><integer>12a</integer></array>",
    ])
    func fastLaneAgreesWithTheTokenLoop(_ body: String) {
        let plain = F.decode("<plist>" + body + "</plist>")
        // `<name >` is not a plain tag: every element goes through the token loop.
        let spaced = body.replacingOccurrences(of: ">", with: " >").replacingOccurrences(of: "/ >", with: "/>")
        let general = F.decode("<plist>" + spaced + "</plist>")
        #expect(F.render(plain) == F.render(general))
        #expect(plain.nodeCount == general.nodeCount)
        #expect(F.ids(plain) == F.ids(general))
        F.checkInvariants(plain)
        F.checkInvariants(general)
    }

    @Test func cleanUIDReferenceIsOneNodeWithItsWholeRange() throws {
        let uid = "<dict>\n  <key>CF$UID</key>\n  <integer>12</integer>\n</dict>"
        let xml = "<plist><array>" + uid + "</array></plist>"
        let tree = F.decode(xml)
        let elements = try #require(tree.rootID.flatMap { tree.arrayElements($0) })
        #expect(tree.nodeCount == 2)
        let node = tree.node(elements[0])
        #expect(node.value == .uid(12))
        let start = try #require(F.offset(of: "<dict>", in: xml))
        #expect(node.range == ByteRange(start, start + uid.utf8.count))
        #expect(node.position == TextPosition(line: 1, column: 15))
    }

    /// Lines of every length (blank ones in runs, long ones across blocks) over several blocks, with
    /// LF breaks only (the counted path) or CR, LF and CRLF (the byte-by-byte one).
    @Test(arguments: [false, true])
    func lineTableAgreesWithTheForwardCursor(withCR: Bool) {
        var bytes: [UInt8] = []
        var seed: UInt64 = 29
        while bytes.count < 6 * XMLLineTable.blockSize + 100 {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            let r = Int(seed >> 33)
            switch r % 10 {
            case 0: bytes.append(0x0A)
            case 1: bytes += Array(repeating: 0x0A, count: r % 400)
            case 2 where withCR: bytes.append(0x0D)
            case 3 where withCR: bytes += [0x0D, 0x0A]
            case 4: bytes += Array(repeating: UInt8(ascii: "b"), count: r % 5_000)
            default: bytes += Array(repeating: UInt8(ascii: "a"), count: r % 60)
            }
        }
        bytes.withUnsafeBytes { buffer in
            let table = XMLLineTable(buffer)
            var cursor = XMLLineIndex(buffer)
            for offset in stride(from: 0, through: buffer.count, by: 3) {
                #expect(table.position(of: offset, in: buffer) == cursor.position(of: offset), "offset \(offset)")
            }
        }
    }

    @Test func valuesAreDecodedWhenRead() {
        let tree = F.decode("<plist><dict><key>s</key><string>a&lt;b</string><key>d</key><data>AAEC</data>"
                            + "<key>n</key><integer>-5</integer><key>e</key><string/></dict></plist>")
        #expect(F.render(tree) == #"{"s"="a<b","d"=data(3),"n"=-5,"e"=""}"#)
        #expect(tree.isString(2, equalTo: "a<b"))
        #expect(!tree.isString(2, equalTo: "a&lt;b"))
        #expect(tree.isString(1, equalTo: "s"))
        #expect(!tree.isString(1, equalTo: "t"))
        #expect(tree.isString(8, equalTo: ""))
        #expect(tree.containerValues(0).map(Array.init) == [2, 4, 6, 8])
    }
}
