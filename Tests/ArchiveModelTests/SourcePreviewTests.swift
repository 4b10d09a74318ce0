import FuzzSupport
import Testing
@testable import ArchiveModel
@testable import Typedstream
@testable import ArchiveDocuments
@testable import ArchivePresentation
import TestSupport

/// The one-line preview of an archive in a source's list (issue 38, item 3), on archives built here.
@Suite struct SourcePreviewTests {
    func preview(_ bytes: [UInt8]) -> SourcePreview {
        SourcePreview.of(ArchiveDocument.open(InputBytes(bytes), name: "built"))
    }

    /// A keyed archive whose `$top` root is the object `build` adds.
    func keyed(_ build: (inout KeyedArchiveBuilder) -> Int) -> [UInt8] {
        var b = KeyedArchiveBuilder()
        let root = build(&b)
        b.top = [("root", .ref(root))]
        return b.buildBinary()
    }

    func dictionary(_ b: inout KeyedArchiveBuilder, _ pairs: [(String, KeyedArchiveBuilder.Entry)]) -> Int {
        let keys = pairs.map { b.add(.string($0.0)) }, values = pairs.map { b.add($0.1) }
        return b.object("NSDictionary", [("NS.keys", .refs(keys)), ("NS.objects", .refs(values))])
    }

    @Test func anAttributedStringShowsItsText() {
        let p = preview(keyed { b in
            let text = b.add(.string("Lunch at 12?"))
            let attributes = dictionary(&b, [])
            return b.object("NSAttributedString", [("NSString", .ref(text)), ("NSAttributes", .ref(attributes))])
        })
        #expect(p.text == "\"Lunch at 12?\"")
        #expect(p.value == "Lunch at 12?")
        #expect(!p.isDamaged)
    }

    @Test func anIMessageBodyShowsItsText() {
        let p = preview(StandInCorpus.attributedBody("See you at the station"))
        #expect(p.text == "\"See you at the station\"")
        #expect(p.value == "See you at the station")
    }

    @Test func aStringRootIsItsText() {
        #expect(preview(keyed { $0.add(.string("just text")) }).text == "\"just text\"")
        var plain = BinaryPlistBuilder()
        plain.add(.string("plain root"))
        let p = preview(plain.build().bytes)
        #expect(p.text == "\"plain root\"")
        #expect(p.value == "plain root")
    }

    @Test func aDictionaryShowsItsFirstKeys() {
        let four = preview(keyed { b in dictionary(&b, [("name", .string("Ann")), ("date", .real(1)), ("size", .int(3)), ("owner", .string("x"))]) })
        #expect(four.text == "{name, date, size, …}")
        let two = preview(keyed { b in dictionary(&b, [("name", .string("Ann")), ("date", .real(1))]) })
        #expect(two.text == "{name, date}")
        var plain = BinaryPlistBuilder()
        let a = plain.add(.string("a")), one = plain.add(.integer(1))
        plain.topObject = plain.add(.dict([(a, one)]))
        #expect(preview(plain.build().bytes).text == "{a}")
    }

    @Test func anArrayShowsItsCountAndFirstItems() {
        let p = preview(keyed { b in
            let items = (1...5).map { b.add(.int(Int64($0))) }
            return b.object("NSArray", [("NS.objects", .refs(items))])
        })
        #expect(p.text == "5 items: [1, 2, 3, …]")
        var plain = BinaryPlistBuilder()
        let x = plain.add(.string("x"))
        plain.topObject = plain.add(.array([x]))
        #expect(preview(plain.build().bytes).text == "1 item: [\"x\"]")
    }

    @Test func anObjectOfAnUnknownClassShowsItsClassAndFields() {
        let p = preview(keyed { b in b.object("MyThing", [("alpha", .int(1)), ("beta", .string("b"))]) })
        #expect(p.text == "MyThing {alpha, beta}")
    }

    @Test func aNibShowsItsTopLevelObjectsClasses() {
        let p = preview(NIBArchiveBuilder.sample().build().bytes)
        #expect(p.text == "2 top-level objects: UIProxyObject, UIViewController")
        #expect(!p.isDamaged)
    }

    @Test func aKeyedNibShowsItsTopLevelObjectsClasses() {
        var b = KeyedArchiveBuilder()
        let owner = b.object("NSCustomObject", [("NSClassName", .string("AppController"))])
        let window = b.object("NSWindowTemplate", [("NSWindowTitle", .string("Main"))])
        let menu = b.object("NSMenu", [("NSTitle", .string("AMainMenu"))])
        let button = b.object("NSButton", [])
        let keys = b.object("NSArray", [("NS.objects", .refs([window, menu, button]))])
        let parents = b.object("NSArray", [("NS.objects", .refs([owner, owner, window]))])
        let data = b.object("NSIBObjectData", [("NSRoot", .ref(owner)), ("NSObjectsKeys", .ref(keys)), ("NSObjectsValues", .ref(parents))])
        b.top = [("IB.objectdata", .ref(data)), ("IB.systemFontUpdateVersion", .int(1))]
        #expect(preview(b.buildBinary()).text == "3 top-level objects: NSCustomObject, NSWindowTemplate, NSMenu")
    }

    @Test func aDamagedArchiveSaysSoAndNeverCrashes() {
        let whole = keyed { $0.add(.string("cut short")) }
        let p = preview(Array(whole.prefix(30)))
        #expect(p.isDamaged)
        #expect(p.text.hasPrefix("damaged: "), "\(p.text)")
        #expect(p.text.contains("30 bytes"), "nothing decoded: the first error says why: \(p.text)")
        // Every cut of a small archive gives a preview (never a trap), damaged or whole.
        for end in 0...whole.count {
            let cut = preview(Array(whole.prefix(end)))
            #expect(cut.text.count <= SourcePreview.textLimit + 1)
        }
    }

    @Test func textFromTheFileIsEscapedAndCut() {
        let p = preview(keyed { $0.add(.string("evil\u{1B}[31m\n" + String(repeating: "x", count: 1_000))) })
        #expect(p.text.hasPrefix("\"evil\\e[31m\\n"))
        #expect(!p.text.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
        #expect(p.text.count <= SourcePreview.textLimit + 1)
        #expect(p.value?.hasPrefix("evil\u{1B}[31m\n") == true, "the value is searched, never shown")
    }

    @Test func anArchiveOverTheLimitIsNotOpened() throws {
        let folder = SourceFixtures.temporaryFolder()
        #expect(TestPlatform.writeFile(keyed { $0.add(.string("small")) }, to: folder + "/a.plist"))
        let source = try #require(ArchiveSource.open(path: Array(folder.utf8)))
        let entry = try #require(source.entries.first)
        #expect(SourcePreview.of(entry, in: source).text == "\"small\"")
        var huge = entry
        huge.size = SourcePreview.byteLimit + 1
        #expect(SourcePreview.of(huge, in: source).text.hasPrefix("not previewed: "))
    }
}
