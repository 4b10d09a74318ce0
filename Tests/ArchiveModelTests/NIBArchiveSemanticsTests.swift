import FuzzSupport
import Testing
@testable import ArchiveModel
@testable import NIBArchive
@testable import IB3XML
@testable import ArchivePresentation
@testable import ArchiveSources
import TestSupport

/// A nib reads like a nib: its top-level objects and connections one step from the top (without
/// counting as references), connections summarised as outlet or action, collections as elements.
@Suite struct NIBArchiveSemanticsTests {
    static func sample() -> NIBArchiveGraph {
        NIBArchiveGraph(input: InputBytes(NIBArchiveBuilder.sample().build().bytes))
    }

    @Test func topLevelObjectsAndConnectionsAreShortcuts() {
        let graph = Self.sample()
        let top = graph.topLevel
        #expect(top.map(\.key) == ["root", "top-level objects", "connections"])
        #expect(top.map(\.isShortcut) == [false, true, true])
        #expect(top[1].value == .list([.reference(.object(7)), .reference(.object(3))]))
        #expect(top[2].value == .list([.reference(.object(5))]))
        // The connection is referenced once, by the connections array; the shortcut adds nothing.
        let index = GraphIndex(graph: graph)
        #expect(index?.referrerCounts[5] == 1)
        #expect(index?.referrers(of: 5).map(\.from) == [2])
        #expect(index?.reachable.allSatisfy { $0 } == true)
    }

    @Test func anOutletConnectionSaysWhatLeadsWhere() {
        let graph = Self.sample()
        let view = Outline(graph: graph).view(5)
        #expect(view.summary == "outlet view, #3 UIViewController → #4 UIView")
        #expect(view.children.map(\.key) == ["source", "destination", "label"])
        #expect(view.children.first?.value == .reference(.object(3)))
    }

    @Test func actionsWithoutATargetGoToTheFirstResponder() {
        var b = NIBArchiveBuilder()
        let root = b.reserve()
        let button = b.object("NSButton")
        let selector = b.stringObject("orderFrontStandardAboutPanel:")
        let connector = b.object("NSNibControlConnector", [("NSSource", .object(button)), ("NSLabel", .object(selector))])
        b.define(root, "NSObject", [("c", .object(connector))])
        let graph = NIBArchiveGraph(input: InputBytes(b.build().bytes))
        #expect(Outline(graph: graph).view(Int(connector)).summary == "action orderFrontStandardAboutPanel:, #1 NSButton → the first responder")
    }

    @Test func placeholdersAreNamedByWhatTheyStandFor() {
        var b = NIBArchiveBuilder.sample()
        let owner = b.reserve()
        let name = b.stringObject("IBFilesOwner")
        b.define(owner, "UIProxyObject", [("UIProxiedObjectIdentifier", .object(name))])
        b.values[18] = NIBArchiveBuilder.ValueEntry(keyIndex: b.key("UIDestination"), type: 10, payload: NIBArchiveBuilder.le(UInt64(owner), 4))
        let graph = NIBArchiveGraph(input: InputBytes(b.build().bytes))
        #expect(Outline(graph: graph).view(5).summary == "outlet view, #3 UIViewController → #\(owner) IBFilesOwner")
    }

    @Test func dictionariesPairTheirElements() {
        var b = NIBArchiveBuilder()
        let root = b.reserve()
        let key = b.stringObject("width")
        let value = b.object("NSNumber", [("NS.intval", .int16(320))])
        b.define(root, "NSDictionary", [("NSInlinedValue", .bool(true)), ("UINibEncoderEmptyKey", .object(key)),
                                        ("UINibEncoderEmptyKey", .object(value))])
        let view = Outline(graph: NIBArchiveGraph(input: InputBytes(b.build().bytes))).view(0)
        #expect(view.summary == "1 entry")
        #expect(view.children.map(\.key) == ["width"])
        #expect(view.children.first?.value == .reference(.object(Int(value))))
    }

    /// macOS nibs: the File's Owner (`NSRoot`), the objects whose parent it is, `NSConnections`.
    @Test(.enabled(if: Corpus.root != nil, "needs ../shared/corpus"))
    func aMacNibsOwnerTopLevelObjectsAndConnections() throws {
        let path = try #require(Corpus.files("nibarchive").first { $0.hasSuffix("test5_connect.nib") })
        let graph = try Corpus.open(path).graph
        let top = graph.topLevel
        #expect(top.map(\.key) == ["root", "file's owner", "top-level objects", "connections"])
        #expect(top[2].value == .list([.reference(.object(2)), .reference(.object(47)), .reference(.object(6))]))
        let outline = Outline(graph: graph)
        let summaries = outline.children(of: outline.roots()[3]).map(\.summary)
        #expect(summaries == ["outlet delegate, #6 NSWindowTemplate → #2 AboutWindowController",
                              "action first:, #12 NSImageView → #2 AboutWindowController",
                              "action second:, #31 NSImageView → #2 AboutWindowController"])
    }
}

/// Fonts show their name and size, in nibs and keyed archives alike.
@Suite struct FontPresenterTests {
    static func view(_ className: String, _ fields: [(String, NIBArchiveBuilder.Value)]) -> ObjectView {
        var b = NIBArchiveBuilder()
        let font = b.reserve()
        let name = b.stringObject("Helvetica-Bold")
        b.define(font, className, fields.map { $0.0 == "name" ? ("NSName", .object(name)) : $0 })
        return Outline(graph: NIBArchiveGraph(input: InputBytes(b.build().bytes))).view(0)
    }

    @Test func anNSFont() {
        let view = Self.view("NSFont", [("name", .null), ("NSSize", .double(13)), ("NSfFlags", .int16(1044))])
        #expect(view.summary == "Helvetica-Bold 13 pt")
        #expect(view.children.map(\.key) == ["name", "size"])
    }

    @Test func aUISystemFont() {
        let view = Self.view("UIFont", [("UISystemFont", .bool(true)), ("UIFontPointSize", .float(17))])
        #expect(view.summary == "system font 17 pt")
    }

    @Test(.enabled(if: Corpus.root != nil, "needs ../shared/corpus"))
    func theCorpusFontsAreNamed() throws {
        var fonts = 0
        for path in NIBArchiveCorpusTests.nibFiles() {
            let graph = try Corpus.open(path).graph
            let outline = Outline(graph: graph)
            for id in 0..<graph.objectCount where graph.structure(id).className == "NSFont" {
                fonts += 1
                #expect(outline.view(id).summary.hasSuffix(" pt") && !outline.view(id).summary.contains("no "), "\(path) #\(id)")
            }
        }
        #expect(fonts > 40)
    }
}

/// A nib inside a data value is an embedded archive like a bplist or typedstream: its problems are
/// reported on the object holding it, at the file offsets of its bytes.
@Suite struct EmbeddedNIBArchiveTests {
    @Test func aNibInADataValueIsCheckedInPlace() throws {
        var inner = NIBArchiveBuilder.sample()
        inner.values[18] = NIBArchiveBuilder.ValueEntry(keyIndex: inner.key("UIDestination"), type: 10, payload: NIBArchiveBuilder.le(99, 4))
        let (innerBytes, innerMarks) = inner.build()
        #expect(EmbeddedArchive.format(of: innerBytes) == .nibArchive)
        var outer = NIBArchiveBuilder()
        outer.object("NSObject", [("payload", .object(1))])
        outer.object("NSData", [("NS.bytes", .data(innerBytes))])
        let (bytes, marks) = outer.build()
        let graph = NIBArchiveGraph(input: InputBytes(bytes))
        #expect(graph.fullCheck().isEmpty)
        let mapped = EmbeddedCheck.diagnostics(in: graph)
        let dangling = try #require(mapped.first { $0.id == "nib.value.ref-out-of-range" })
        let base = try #require(marks["value.1.payload"])
        #expect(dangling.range == ByteRange(start: base + (innerMarks["value.18.payload"] ?? 0), count: 4))
        #expect(dangling.message.hasPrefix("in the NIBArchive embedded in object #1, field \"NS.bytes\""), "\(dangling.message)")
    }

    /// A nib behind another format's header is found and named, as a bplist would be.
    @Test func aNibFurtherIntoTheFileIsNamed() {
        let bytes = Array("HEADER--".utf8) + NIBArchiveBuilder.sample().build().bytes
        let found = EmbeddedArchive.archive(after: InputBytes(bytes))
        #expect(found?.offset == 8 && found?.format == .nibArchive)
    }
}
