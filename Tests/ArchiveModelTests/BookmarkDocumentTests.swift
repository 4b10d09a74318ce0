import FuzzSupport
import Testing
@testable import ArchiveModel
@testable import OpenStepPlist
@testable import NIBArchive
@testable import IB3XML
@testable import ArchiveDocuments
@testable import ArchiveOutput
@testable import ArchiveSources
import TestSupport

/// Bookmark data and alias records as documents of their own (issue 36 item 2): detected by content,
/// shown as a graph whose record row carries the summary, checked with `bookmark.*` diagnostics; and
/// found inside the data values of archives and plists like the other embedded archives.
@Suite struct BookmarkDocumentTests {
    static let built = BookmarkBuilder.sample().build()

    static func open(_ bytes: [UInt8]) -> ArchiveDocument { ArchiveDocument.open(InputBytes(bytes), name: "bookmark") }

    @Test func aBookmarkIsItsOwnFormat() throws {
        let doc = Self.open(Self.built.bytes)
        #expect(doc.format == .bookmark(alias: false))
        #expect(doc.isDecoded)
        #expect(doc.formatDescription == "bookmark data")
        #expect(DocumentCheck.fullCheck(of: doc.graph).isEmpty)
    }

    @Test func theRecordRowShowsTheSummaryAndTheFieldsAreOneStepAway() throws {
        let doc = Self.open(Self.built.bytes)
        let outline = Outline(graph: doc.graph)
        let root = try #require(outline.roots().first)
        #expect(root.label == "bookmark" && root.className == "bookmark")
        #expect(root.summary.hasPrefix("/Users/me/file.txt on \"Macintosh HD\" (/), created 2022-07-04T18:06:15Z, file ID 706090"))
        let children = outline.children(of: root)
        #expect(children.map(\.label).prefix(4) == ["path", "fileIDs", "resourceProperties", "creationDate"])
        #expect(children.last?.label == "header")
        let path = children[0]
        #expect(path.className == "array" && path.summary == "3 items")
        #expect(path.range?.start == Self.built.marks["toc.0.entry.0.item"])
        let components = outline.children(of: path)
        #expect(components.map(\.summary) == ["\"Users\"", "\"me\"", "\"file.txt\""])
        #expect(components[2].range == ByteRange(start: try #require(Self.built.marks["toc.0.entry.0.item.2"]), count: 16))
        #expect(children[3].value == .scalar(.date(678_650_775)))
        #expect(children.first { $0.label == "com.example.volumeID" }?.summary == "\"4F11DC52-BC18-4F1F-B08A-F944C91D95E3\"")
    }

    @Test func aDamagedBookmarkIsDiagnosedWithOffsets() throws {
        var bytes = Self.built.bytes
        let toc = try #require(Self.built.marks["toc.0"])
        bytes[toc + 4] = 0x00  // the TOC's 0xfffffffe marker
        let doc = Self.open(bytes)
        #expect(doc.format == .bookmark(alias: false))
        let diagnostics = DocumentCheck.fullCheck(of: doc.graph)
        let bad = try #require(diagnostics.first { $0.id == "bookmark.toc.bad-magic" })
        #expect(bad.range?.start == toc + 4)
    }

    /// Every cut of the sample opens as a bookmark, with diagnostics and no trap.
    @Test func everyCutIsABookmarkWithDiagnostics() {
        for cut in 5..<Self.built.bytes.count {
            let doc = Self.open(Array(Self.built.bytes.prefix(cut)))
            #expect(doc.format == .bookmark(alias: false), "cut at \(cut)")
            let diagnostics = DocumentCheck.fullCheck(of: doc.graph)
            #expect(diagnostics.contains { $0.id.hasPrefix("bookmark.") && $0.severity == .error && $0.range != nil }, "cut at \(cut)")
            _ = Outline(graph: doc.graph).roots()
        }
    }

    /// Text that starts with "book" is text, not a bookmark.
    @Test func textStartingWithBookIsNotABookmark() {
        #expect(FormatDetector.detect(InputBytes(Array("bookkeeping = yes;".utf8))) == .openStepPlist)
    }

    /// A bookmark in a keyed archive's NSData: found like an archive, its row summarised.
    @Test func aBookmarkInsideAnArchiveIsFoundAndSummarised() throws {
        var builder = KeyedArchiveBuilder()
        let data = builder.add(.data(Self.built.bytes))
        let root = builder.object("NSMutableData", [("NS.data", .ref(data))])
        builder.top = [("root", .ref(root))]
        let doc = ArchiveDocument.open(InputBytes(builder.buildBinary()), name: "holder")
        let node = DocumentNode(root: doc)
        var found: [FoundArchive] = []
        EmbeddedArchives.forEach(in: node) { found.append($0); return true }
        #expect(found.map(\.format) == [.bookmark(alias: false)])
        let first = try #require(found.first)
        let child = try #require(EmbeddedArchives.open(first, in: node))
        #expect(child.document.graph is BookmarkGraph)
        let outline = Outline(graph: doc.graph)
        let row = try #require(outline.roots().first)
        #expect(row.summary.contains("bookmark: /Users/me/file.txt on \"Macintosh HD\""), "\(row.summary)")
    }

    /// An alias record (no signature: found by its structure) as a file, and in a binary and an XML
    /// plist's data values.
    @Test func anAliasRecordIsFoundAsAFileAndInsidePlists() throws {
        let alias = BookmarkAliasRecordTests.sound
        let doc = Self.open(alias)
        #expect(doc.format == .bookmark(alias: true))
        #expect(doc.formatDescription == "Alias Manager record")
        let root = try #require(Outline(graph: doc.graph).roots().first)
        #expect(root.summary.hasPrefix("/Users/me/a.txt"))

        var builder = KeyedArchiveBuilder()
        let data = builder.add(.data(alias))
        builder.top = [("root", .ref(data))]
        let keyed = ArchiveDocument.open(InputBytes(builder.buildBinary()), name: "keyed")
        var found: [FoundArchive] = []
        EmbeddedArchives.forEach(in: DocumentNode(root: keyed)) { found.append($0); return true }
        #expect(found.map(\.format) == [.bookmark(alias: true)])

        let xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\t<key>AliasData</key>\n\t<data>\n\t"
            + Base64.encode(alias) + "\n\t</data>\n</dict>\n</plist>\n"
        let plist = ArchiveDocument.open(InputBytes(Array(xml.utf8)), name: "loginitems.plist")
        found = []
        EmbeddedArchives.forEach(in: DocumentNode(root: plist)) { found.append($0); return true }
        #expect(found.map(\.format) == [.bookmark(alias: true)])
        let outline = Outline(graph: plist.graph)
        let top = try #require(outline.roots().first)
        let row = try #require(outline.children(of: top).first)
        #expect(row.summary.contains("alias record: /Users/me/a.txt"), "\(row.summary)")
    }

    /// A damaged bookmark inside an archive: `--check`'s diagnostics name it at its place in the file.
    @Test func aDamagedEmbeddedBookmarkIsReportedInTheFile() throws {
        var bytes = Self.built.bytes
        let toc = try #require(Self.built.marks["toc.0"])
        bytes[toc + 4] = 0
        var builder = KeyedArchiveBuilder()
        let data = builder.add(.data(bytes))
        builder.top = [("root", .ref(data))]
        let file = builder.buildBinary()
        let doc = ArchiveDocument.open(InputBytes(file), name: "holder")
        let diagnostics = DocumentCheck.fullCheck(of: doc.graph)
        let bad = try #require(diagnostics.first { $0.id == "bookmark.toc.bad-magic" })
        let start = try #require((0...(file.count - bytes.count)).first { file[$0..<($0 + bytes.count)].elementsEqual(bytes) })
        #expect(bad.range?.start == start + toc + 4)
        let row = try #require(Outline(graph: doc.graph).roots().first)
        #expect(row.summary.contains("(damaged: 1 error)") || row.summary.contains("errors)"), "\(row.summary)")
    }

    /// An item of a type no writer is known to use keeps its type code beside its bytes.
    @Test func anUnknownItemShowsItsTypeCode() throws {
        var builder = BookmarkBuilder.sample()
        builder.tocs[0].entries.append(.init(0xF123, .raw(type: 0x0B01, payload: [1, 2, 3, 4])))
        let doc = Self.open(builder.build().bytes)
        let outline = Outline(graph: doc.graph)
        let root = try #require(outline.roots().first)
        let row = try #require(outline.children(of: root).first { $0.label == "0xf123" })
        #expect(row.className == "type 0x0b01")
        #expect(row.summary.contains("4 bytes <01020304>"))
        #expect(DocumentCheck.fullCheck(of: doc.graph).contains { $0.id == "bookmark.item.unknown-type" })
    }

    /// The graph keeps the invariants every graph keeps (the fuzz target's checks), for a sound
    /// bookmark, an alias record, deeply nested arrays, and bytes read the wrong way.
    @Test func theGraphKeepsTheGraphInvariants() {
        let inputs: [([UInt8], Bool)] = [
            (Self.built.bytes, false), (BookmarkAliasRecordTests.sound, true), (BookmarkBuilder.nestedArrays(depth: 200), false),
            (Self.built.bytes, true), (BookmarkAliasRecordTests.sound, false), (Array("book".utf8), false),
        ]
        for (bytes, alias) in inputs {
            let graph = BookmarkGraph(input: InputBytes(bytes), alias: alias)
            let problems = FuzzCheck.graph(graph) + FuzzCheck.outline(Outline(graph: graph))
            #expect(problems.isEmpty, "\(problems.prefix(3))")
        }
    }

    /// The quick pass that spares files embedding nothing: a bookmark's header counts, the word "book"
    /// in a key does not; an alias record's end tag counts in raw and base64 form.
    @Test func theQuickPassKnowsBookmarksFromTheWord() {
        let inside = [UInt8](repeating: 0x20, count: 9) + Self.built.bytes
        #expect(EmbeddedArchives.mayHoldArchives(InputBytes(inside), container: .binaryPlist))
        #expect(!EmbeddedArchives.mayHoldArchives(InputBytes(Array(" books and bookmarks".utf8)), container: .binaryPlist))
        #expect(EmbeddedArchives.mayHoldArchives(InputBytes(Array("  Ym9vawAAAAA=".utf8)), container: .xmlPlist))
        let alias = BookmarkAliasRecordTests.sound
        #expect(EmbeddedArchives.mayHoldArchives(InputBytes([0x20] + alias), container: .binaryPlist))
        #expect(EmbeddedArchives.mayHoldArchives(InputBytes(Array((" " + Base64.encode(alias)).utf8)), container: .xmlPlist))
    }
}

/// The corpus's bookmarks and compressed archives, cut and with bytes changed: every copy opens,
/// checks and shows its first rows without a trap, and a cut one is diagnosed at an offset.
@Suite(.needsCorpus)
struct BookmarkCorpusDamageTests {
    static func exercise(_ bytes: [UInt8]) -> [Diagnostic] {
        let doc = ArchiveDocument.open(InputBytes(bytes), name: "damaged")
        let diagnostics = DocumentCheck.fullCheck(of: doc.graph)
        let outline = Outline(graph: doc.graph)
        for root in outline.roots() { _ = outline.children(of: root).map(\.summary) }
        return diagnostics
    }

    @Test func cutAndGarbledCopiesAreDiagnosed() throws {
        let files = Corpus.files("bookmark").filter { !$0.hasSuffix(".btm") && !$0.hasSuffix(".plist") && !$0.hasSuffix(".sfl2") }
        #expect(files.count >= 6)
        var random = SplitMix64(seed: 36)
        for path in files {
            let whole = try InputBytes.read(path: path).bytes(in: ByteRange(0, Int.max))
            for cut in stride(from: 8, to: whole.count, by: 13) {
                let diagnostics = Self.exercise(Array(whole.prefix(cut)))
                #expect(diagnostics.contains { $0.severity == .error && $0.range != nil }, "\(path) cut at \(cut)")
            }
            for _ in 0..<200 {
                var copy = whole
                let at = Int(random.next() % UInt64(copy.count))
                copy[at] = UInt8(truncatingIfNeeded: random.next())
                _ = Self.exercise(copy)
            }
        }
    }
}
