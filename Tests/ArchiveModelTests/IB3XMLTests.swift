import Testing
@testable import ArchiveModel
@testable import BinaryPlist
@testable import XMLPlist
@testable import KeyedArchive
@testable import Typedstream
@testable import NIBArchive
@testable import IB3XML
@testable import Bookmark
@testable import ArchiveDocuments
@testable import ArchivePresentation
@testable import ArchiveOutput
@testable import ArchiveSources
import FuzzSupport

/// The Interface Builder 3 XML archive reader on built fixtures: detection, every element kind,
/// references, collections as their keyed-archive form, and each `ib3.*` diagnostic with its range.
struct IB3XMLTests {
    static func open(_ bytes: [UInt8]) -> ArchiveDocument { ArchiveDocument.open(InputBytes(bytes), name: "test.xib") }

    static func graph(_ bytes: [UInt8]) -> IB3XMLGraph? { open(bytes).graph as? IB3XMLGraph }

    /// A small archive with one object of each kind under a root object.
    static func sample() -> IB3ArchiveBuilder {
        var b = IB3ArchiveBuilder()
        b.leaf("int", "1050", [("key", "IBDocument.SystemTarget")])
        b.start("array", [("class", "NSMutableArray"), ("key", "IBDocument.RootObjects"), ("id", "1000")])
        b.start("object", [("class", "NSCustomObject"), ("id", "1001")], label: "custom")
        b.leaf("string", "AppDelegate", [("key", "NSClassName")])
        b.end()
        b.start("object", [("class", "NSButton"), ("id", "1002")], label: "button")
        b.leaf("int", "-7", [("key", "NSvFlags")])
        b.leaf("bool", "YES", [("key", "NSEnabled")])
        b.leaf("double", "0.5", [("key", "NSAlpha")])
        b.leaf("float", "2", [("key", "NSScale")])
        b.leaf("bytes", "MQA", [("key", "NSWhite")])
        b.leaf("string", "RmluZOKApg", [("type", "base64-UTF8"), ("key", "NSTitle")])
        b.empty("integer", [("value", "42"), ("key", "NSTag")])
        b.empty("boolean", [("value", "NO"), ("key", "NSFlag")])
        b.empty("real", [("value", "1.5"), ("key", "NSRatio")])
        b.empty("nil", [("key", "NSMenu")])
        b.empty("reference", [("key", "NSWindow")])
        b.empty("reference", [("key", "NSSuperview"), ("ref", "1001")], label: "ref")
        b.start("object", [("class", "NSMutableString"), ("key", "NSToolTip")])
        b.leaf("characters", "a &amp; b", [("key", "NS.bytes")])
        b.end()
        b.end()
        b.end()
        return b
    }

    @Test func detectsArchivesAndSourceDocuments() {
        #expect(FormatDetector.detect(InputBytes(Self.sample().finished())) == .ib3Archive)
        let document = Array("""
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.Cocoa.XIB" version="3.0" toolsVersion="11762">
            </document>
            """.utf8)
        #expect(FormatDetector.detect(InputBytes(document)) == .interfaceBuilderDocument)
        let plist = Array("<?xml version=\"1.0\"?>\n<plist version=\"1.0\"><dict/></plist>".utf8)
        #expect(FormatDetector.detect(InputBytes(plist)) == .xmlPlist)
        let other = Array("<?xml version=\"1.0\"?>\n<archive type=\"zip\"></archive>".utf8)
        #expect(FormatDetector.detect(InputBytes(other)) != .ib3Archive)
        let plugin = IB3ArchiveBuilder(type: "com.apple.InterfaceBuilder.CocoaPlugin", version: "3").finished()
        #expect(FormatDetector.detect(InputBytes(plugin)) == .ib3Archive)
        let commented = Array("<?xml version=\"1.0\"?>\n<!-- saved by IB -->\n<archive type=\"com.apple.InterfaceBuilder3.Cocoa.XIB\"><data/></archive>".utf8)
        #expect(FormatDetector.detect(InputBytes(commented)) == .ib3Archive)
        let otherDocument = Array("<?xml version=\"1.0\"?>\n<document type=\"org.example\"></document>".utf8)
        #expect(FormatDetector.detect(InputBytes(otherDocument)) == .xmlPlist)
    }

    /// What `WrongContentTests` called "an Interface Builder 3 document… not an archive" before this
    /// reader: now an archive that checks clean.
    @Test func anIB3ArchiveIsNotWrongContent() {
        let text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<archive type=\"com.apple.InterfaceBuilder3.Cocoa.XIB\" version=\"7.10\"><data><int key=\"IBDocument.SystemTarget\">1050</int><string key=\"x\">y</string><array class=\"NSMutableArray\"/></data></archive>"
        let document = Self.open(Array(text.utf8))
        #expect(document.format == .ib3Archive)
        #expect(document.isDecoded)
        #expect(DocumentCheck.fullCheck(of: document.graph).isEmpty)
        #expect(document.graph.objectCount == 2)
    }

    @Test func sourceDocumentIsOneNoteNotDamage() {
        let bytes = Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB\" version=\"3.0\"/>\n".utf8)
        let document = Self.open(bytes)
        #expect(!document.isDecoded)
        let diagnostics = DocumentCheck.fullCheck(of: document.graph)
        #expect(diagnostics.map(\.id) == ["ib3.document.source"])
        #expect(diagnostics.first?.position == TextPosition(line: 2, column: 1))
    }

    @Test func readsEveryElementKind() throws {
        let g = try #require(Self.graph(Self.sample().finished()))
        #expect(g.openDiagnostics.isEmpty)
        #expect(g.fullCheck().isEmpty)
        #expect(g.topLevel.map(\.key) == ["IBDocument.SystemTarget", "IBDocument.RootObjects"])
        #expect(g.topLevel.first?.value == .scalar(.integer(1050, width: 4)))
        let roots = try #require(g.topLevel.last?.value.objectID)
        #expect(g.object(roots).className == "NSMutableArray")
        let button = try #require((0..<g.objectCount).map(g.object).first { $0.className == "NSButton" })
        #expect(button.field("NSvFlags")?.value == .scalar(.integer(-7, width: 4)))
        #expect(button.field("NSEnabled")?.value == .scalar(.bool(true)))
        #expect(button.field("NSAlpha")?.value == .scalar(.real(0.5, width: 8)))
        #expect(button.field("NSScale")?.value == .scalar(.real(2, width: 4)))
        #expect(button.field("NSWhite")?.value == .scalar(.data([0x31, 0x00])))
        #expect(button.field("NSMenu")?.value == .reference(.null))
        #expect(button.field("NSWindow")?.value == .reference(.null))
        let title = try #require(button.field("NSTitle")?.value.objectID)
        #expect(g.object(title).value == .string("Find\u{2026}"))
        #expect(g.object(try #require(button.field("NSTag")?.value.objectID)).value == .integer(42, width: 0))
        #expect(g.object(try #require(button.field("NSFlag")?.value.objectID)).value == .bool(false))
        #expect(g.object(try #require(button.field("NSRatio")?.value.objectID)).value == .real(1.5, width: 0))
        let custom = try #require(button.field("NSSuperview")?.value.objectID)
        #expect(g.object(custom).className == "NSCustomObject")
        let tip = try #require(button.field("NSToolTip")?.value.objectID)
        #expect(g.object(tip).field("NS.bytes")?.value == .scalar(.string("a & b")))
    }

    @Test func objectsKeepTheirBytesAndPositions() throws {
        let b = Self.sample()
        let bytes = b.finished()
        let g = try #require(Self.graph(bytes))
        let button = try #require((0..<g.objectCount).map(g.object).first { $0.className == "NSButton" })
        let start = try #require(b.offsets["button"])
        #expect(button.range?.start == start)
        #expect(Array(bytes[try #require(button.range).end - 9..<button.range!.end]) == Array("</object>".utf8))
        #expect(button.position == TextPosition(line: 9, column: 4))
        let ref = try #require(button.field("NSSuperview"))
        #expect(ref.range?.start == b.offsets["ref"])
    }

    @Test func collectionsReadAsTheirKeyedForm() throws {
        var b = IB3ArchiveBuilder()
        b.start("object", [("class", "NSMutableArray"), ("key", "list")])
        b.leaf("bool", "YES", [("key", "EncodedWithXMLCoder")])
        b.leaf("string", "a")
        b.empty("integer", [("value", "3")])
        b.end()
        b.start("object", [("class", "NSMutableDictionary"), ("key", "dict")])
        b.leaf("string", "k", [("key", "NS.key.0")])
        b.leaf("string", "v", [("key", "NS.object.0")])
        b.end()
        b.start("dictionary", [("class", "NSMutableDictionary"), ("key", "attributes")])
        b.empty("boolean", [("value", "YES"), ("key", "allowsFloats")])
        b.end()
        b.start("object", [("class", "NSMutableDictionary"), ("key", "sorted")])
        b.leaf("bool", "YES", [("key", "EncodedWithXMLCoder")])
        b.start("object", [("class", "NSArray"), ("key", "dict.sortedKeys")])
        b.leaf("bool", "YES", [("key", "EncodedWithXMLCoder")])
        b.leaf("string", "x")
        b.end()
        b.start("object", [("class", "NSMutableArray"), ("key", "dict.values")])
        b.leaf("bool", "YES", [("key", "EncodedWithXMLCoder")])
        b.leaf("string", "y")
        b.end()
        b.end()
        let g = try #require(Self.graph(b.finished()))
        #expect(g.fullCheck().isEmpty)
        func summary(_ key: String) throws -> String? {
            let id = try #require(g.topLevel.first { $0.key == key }?.value.objectID)
            return KnownClassPresenter.present(g.object(id), in: g)?.summary
        }
        #expect(try summary("list") == "NSMutableArray, 2 items")
        #expect(try summary("dict") == "NSMutableDictionary, 1 entry")
        #expect(try summary("sorted") == "NSMutableDictionary, 1 entry")
        let attributes = try #require(g.topLevel.first { $0.key == "attributes" }?.value.objectID)
        #expect(g.object(attributes).kind == .container)
        #expect(g.object(attributes).field("allowsFloats") != nil)
    }

    @Test func danglingReferenceIsLocated() throws {
        var b = IB3ArchiveBuilder()
        b.start("object", [("class", "NSView"), ("key", "view")])
        b.empty("reference", [("key", "NSSuperview"), ("ref", "999")], label: "ref")
        b.end()
        let bytes = b.finished()
        let g = try #require(Self.graph(bytes))
        let found = g.fullCheck().filter { $0.id == "ib3.ref.dangling" }
        #expect(found.count == 1)
        #expect(found.first?.range?.start == b.offsets["ref"])
        #expect(found.first?.position == TextPosition(line: 5, column: 4))
        #expect(found.first?.object == 0)
        if case .reference(.dangling(let raw, _)) = g.object(0).field("NSSuperview")?.value { #expect(raw == 999) } else { Issue.record("not dangling") }
    }

    @Test func duplicateIDUnknownElementAndInvalidValues() throws {
        var b = IB3ArchiveBuilder()
        b.start("object", [("class", "NSView"), ("key", "a"), ("id", "5")])
        b.leaf("int", "12x", [("key", "NSvFlags")], label: "int")
        b.leaf("bytes", "M*A", [("key", "NSData")])
        b.leaf("bool", "maybe", [("key", "NSHidden")])
        b.end()
        b.start("object", [("class", "NSView"), ("key", "b"), ("id", "5")], label: "second")
        b.leaf("widget", "x", [("key", "NSOther")], label: "widget")
        b.end()
        b.empty("object", [("key", "c")], label: "noclass")
        let g = try #require(Self.graph(b.finished()))
        let all = g.fullCheck()
        func ids(_ id: String) -> [Diagnostic] { all.filter { $0.id == id } }
        #expect(ids("ib3.id.duplicate").map { $0.range?.start } == [b.offsets["second"]])
        #expect(ids("ib3.element.unknown").map { $0.range?.start } == [b.offsets["widget"]])
        #expect(ids("ib3.value.invalid").count == 3)
        #expect(ids("ib3.value.invalid").first?.range?.start == b.offsets["int"])
        #expect(ids("ib3.object.no-class").map { $0.range?.start } == [b.offsets["noclass"]])
    }

    @Test func mismatchedCloseStrayTextAndStrayLessThan() throws {
        var b = IB3ArchiveBuilder()
        b.start("object", [("class", "NSView"), ("key", "a")])
        b.raw("\t\t\t<string key=\"x\">t</object>\n", label: "close")
        b.raw("\t\tloose words\n", label: "text")
        b.raw("\t\t< 3\n")
        let g = try #require(Self.graph(b.finished()))
        let ids = Set(g.fullCheck().map(\.id))
        #expect(ids.contains("ib3.xml.mismatched-close"))
        #expect(ids.contains("ib3.xml.stray-text"))
        #expect(ids.contains("ib3.xml.malformed"))
    }

    @Test func trailingSecondArchiveIsReportedAndNotRead() throws {
        let first = Self.sample().finished()
        let bytes = first + Self.sample().finished()
        let g = try #require(Self.graph(bytes))
        let single = try #require(Self.graph(first))
        #expect(g.objectCount == single.objectCount)
        let trailing = g.fullCheck().filter { $0.id == "ib3.xml.trailing-content" }
        #expect(trailing.count == 1)
        #expect(trailing.first?.message.contains("a second document with an <archive>") == true)
    }

    @Test func truncationKeepsWhatWasRead() throws {
        let bytes = Self.sample().finished()
        let cut = Array(bytes.prefix(bytes.count * 2 / 3))
        let g = try #require(Self.graph(cut))
        let truncated = g.openDiagnostics.filter { $0.id == "ib3.xml.truncated" }
        #expect(truncated.count == 1)
        #expect(truncated.first?.position != nil)
        #expect(truncated.first?.notes.first?.range == ByteRange(cut.count, cut.count))
        #expect(g.objectCount > 3)
        #expect(g.object(0).className == "NSMutableArray")
    }

    /// Every cut of the sample opens as an IB3 archive (once the root tag is there) and reports at
    /// least one error; none crashes.
    @Test func everyTruncationIsAnError() {
        let bytes = Self.sample().finished()
        let rootEnd = (bytes.firstIndex(of: UInt8(ascii: "\t")) ?? 0)
        for n in rootEnd..<(bytes.count - 1) {
            let document = Self.open(Array(bytes.prefix(n)))
            guard document.format == .ib3Archive else { Issue.record("cut at \(n) is \(document.format)"); continue }
            let errors = DocumentCheck.fullCheck(of: document.graph).filter { $0.severity == .error }
            #expect(!errors.isEmpty, "cut at \(n)")
        }
    }

    @Test func deepNestingDoesNotOverflowTheStack() throws {
        let depth = 100_000
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<archive type=\"com.apple.InterfaceBuilder3.Cocoa.XIB\" version=\"7.10\"><data>"
        text += String(repeating: "<object class=\"NSView\" key=\"v\">", count: depth)
        let g = try #require(Self.graph(Array(text.utf8)))
        #expect(g.objectCount == depth)
        #expect(g.openDiagnostics.contains { $0.id == "ib3.xml.truncated" })
        let checked = DocumentCheck.fullCheck(of: g)
        #expect(checked.contains { $0.id == "ib3.xml.truncated" })
        _ = ClassCensus(graph: g)
    }

    @Test func referenceCycleIsFine() throws {
        var b = IB3ArchiveBuilder()
        b.start("object", [("class", "NSView"), ("key", "a"), ("id", "1")])
        b.empty("reference", [("key", "NSNextKeyView"), ("ref", "1")])
        b.end()
        let g = try #require(Self.graph(b.finished()))
        #expect(g.fullCheck().isEmpty)
        #expect(g.object(0).field("NSNextKeyView")?.value == .reference(.object(0)))
    }

    @Test func noDataElement() throws {
        let bytes = Array("<?xml version=\"1.0\"?>\n<archive type=\"com.apple.InterfaceBuilder3.Cocoa.XIB\" version=\"7.10\">\n</archive>\n".utf8)
        let g = try #require(Self.graph(bytes))
        #expect(g.openDiagnostics.map(\.id) == ["ib3.archive.no-data"])
        #expect(g.topLevel.isEmpty)
    }

    @Test func misplacedElements() throws {
        var b = IB3ArchiveBuilder()
        b.raw("\t\t<string key=\"s\">a<int>1</int></string>\n", label: "s")
        let g = try #require(Self.graph(b.finished()))
        #expect(g.fullCheck().contains { $0.id == "ib3.element.misplaced" })
    }

    @Test func connectionRecordsAreSummarised() throws {
        var b = IB3ArchiveBuilder()
        b.start("array", [("class", "NSMutableArray"), ("key", "IBDocument.RootObjects")])
        b.start("object", [("class", "NSCustomObject"), ("id", "1001")])
        b.leaf("string", "AppDelegate", [("key", "NSClassName")])
        b.end()
        b.start("object", [("class", "NSButton"), ("id", "1005")])
        b.end()
        b.end()
        b.start("object", [("class", "IBObjectContainer"), ("key", "IBDocument.Objects")])
        b.start("array", [("class", "NSMutableArray"), ("key", "connectionRecords")])
        b.start("object", [("class", "IBConnectionRecord")])
        b.start("object", [("class", "IBActionConnection"), ("key", "connection")])
        b.leaf("string", "press:", [("key", "label")])
        b.empty("reference", [("key", "source"), ("ref", "1005")])
        b.empty("reference", [("key", "destination"), ("ref", "1001")])
        b.end()
        b.leaf("int", "7", [("key", "connectionID")])
        b.end()
        b.start("object", [("class", "IBConnectionRecord")])
        b.start("object", [("class", "IBBindingConnection"), ("key", "connection")])
        b.leaf("string", "value: title", [("key", "label")])
        b.empty("reference", [("key", "source"), ("ref", "1005")])
        b.empty("reference", [("key", "destination"), ("ref", "1001")])
        b.start("object", [("class", "NSNibBindingConnector"), ("key", "connector")])
        b.leaf("string", "value", [("key", "NSBinding")])
        b.leaf("string", "title", [("key", "NSKeyPath")])
        b.end()
        b.end()
        b.end()
        let g = try #require(Self.graph(b.finished()))
        #expect(g.fullCheck().isEmpty)
        let records = (0..<g.objectCount).map(g.object).filter { $0.className == "IBConnectionRecord" }
        let summaries = records.map { KnownClassPresenter.present($0, in: g)?.summary }
        let button = try #require((0..<g.objectCount).map(g.object).first { $0.className == "NSButton" }).id
        let delegate = try #require((0..<g.objectCount).map(g.object).first { $0.className == "NSCustomObject" }).id
        #expect(summaries == ["action press:, #\(button) NSButton → #\(delegate) AppDelegate, connection 7",
                              "binding value, #\(button) NSButton → #\(delegate) AppDelegate, key path title"])
    }

    @Test func archiveKindNamesTheTypeAndVersion() throws {
        let g = try #require(Self.graph(Self.sample().finished()))
        #expect(g.archiveKind == "type com.apple.InterfaceBuilder3.Cocoa.XIB version 7.10")
    }

    /// Thousands of dangling references and duplicate ids: the first 1,000 of each id are kept, the
    /// rest counted in one note each.
    @Test func diagnosticsStayWithinTheBudget() throws {
        var b = IB3ArchiveBuilder()
        b.start("object", [("class", "NSView"), ("key", "v")])
        for i in 0..<3000 { b.empty("reference", [("key", "r\(i)"), ("ref", "x\(i)")]) }
        b.end()
        for _ in 0..<3000 { b.empty("object", [("class", "NSView"), ("key", "d"), ("id", "same")]) }
        let g = try #require(Self.graph(b.finished()))
        let all = g.fullCheck()
        #expect(all.filter { $0.id == "ib3.ref.dangling" }.count == 1000)
        #expect(all.filter { $0.id == "ib3.id.duplicate" }.count == 1000)
        let suppressed = Dictionary(uniqueKeysWithValues: DiagnosticBudget.suppressedCounts(in: all).map { ($0.id, $0.count) })
        #expect(suppressed["ib3.ref.dangling"] == 2000)
        #expect(suppressed["ib3.id.duplicate"] == 1999)
    }

    @Test func wideCollections() throws {
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<archive type=\"com.apple.InterfaceBuilder3.Cocoa.XIB\" version=\"7.10\"><data>"
        text += "<array class=\"NSMutableArray\" key=\"wide\">" + String(repeating: "<nil/>", count: 100_000) + "</array></data></archive>"
        let g = try #require(Self.graph(Array(text.utf8)))
        #expect(g.objectCount == 1)
        let wide = g.object(0)
        let summary = KnownClassPresenter.present(wide, in: g)?.summary ?? ""
        #expect(summary == "NSMutableArray, 100000 items (item 0 is nil)", "\(summary)")
        #expect(g.object(0) == wide)
        #expect(g.fullCheck().isEmpty)
    }

    @Test func unpaddedBase64() {
        #expect(IB3Text.base64(Array("MQA".utf8)).bytes == [0x31, 0x00])
        #expect(IB3Text.base64(Array("wqA".utf8)).bytes == [0xC2, 0xA0])
        #expect(IB3Text.base64(Array("QWRkIEZpbGVz4oCmA".utf8)).bytes == Array("Add Files\u{2026}".utf8))
        #expect(IB3Text.base64(Array("CA".utf8)).bytes == [0x08])
        #expect(IB3Text.base64(Array("M!".utf8)).badIndex == 1)
    }
}
