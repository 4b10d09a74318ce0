import Testing
@testable import ArchiveModel
@testable import XMLPlist
@testable import Typedstream
@testable import ArchivePresentation
import FuzzSupport

/// Objects with very many fields (`TypedstreamFieldLayout`): a large array is shown from its count and
/// the rows asked for, read a block at a time, and every field read so equals the field of a whole
/// read; damage keeps the fields as decoded.
@Suite struct TypedstreamLazyFieldsTests {
    /// An NSMutableArray of `count` elements (new strings, new numbers, references to earlier
    /// elements, nil), the top-level value; returns the bytes and the array's id.
    static func arrayStream(_ count: Int, nilAt: Int? = nil, nilClassAt: Int? = nil) -> (bytes: [UInt8], array: Int) {
        var w = TypedstreamWriter()
        w.header()
        w.types("@")
        let array = w.beginObject([("NSMutableArray", 0), ("NSArray", 0), ("NSObject", 0)])
        w.types("i")
        w.int(Int128(count))
        var earlier: [Int] = []
        for i in 0..<count {
            w.types("@")
            if i == nilAt {
                w.nilTag()
            } else if i == nilClassAt {
                // An element with no class: a problem of the element's own, not of the array.
                w.newTag()
                w.nilTag()
                w.endObject()
            } else if i % 7 == 6, let target = earlier.last {
                w.ref(target)
            } else {
                earlier.append(w.nsString("item \(i)"))
            }
        }
        w.endObject()
        return (w.bytes, array)
    }

    /// The same stream with every object's fields kept as decoded (what a lazy read must equal).
    static func eager(_ bytes: [UInt8]) -> TypedstreamGraph {
        TypedstreamGraph(TypedstreamDecoder.index(InputBytes(bytes), keepingAllFields: true))
    }

    @Test func aLargeArrayShowsItsCountAndEndsReadingAFewBlocks() throws {
        let n = 20_000
        let (bytes, array) = Self.arrayStream(n)
        let graph = TypedstreamDecoder.decode(InputBytes(bytes))
        let object = graph.object(array)
        #expect(object.fields.isLazy)
        #expect(object.fields.count == n + 1)
        #expect(object.fields.uniformTail == FieldCollection.UniformTail(start: 1, encoding: "@"))

        let outline = Outline(graph: graph)
        let root = try #require(outline.roots().first)
        #expect(root.summary == "NSMutableArray, \(n) items" || root.summary == "\(n) items")
        #expect(outline.childCount(of: root) == n + 1)
        let first = outline.child(of: root, at: 0), last = outline.child(of: root, at: n - 1)
        let eager = Self.eager(bytes)
        let eagerOutline = Outline(graph: eager)
        let eagerRoot = try #require(eagerOutline.roots().first)
        #expect(first == eagerOutline.child(of: eagerRoot, at: 0))
        #expect(last == eagerOutline.child(of: eagerRoot, at: n - 1))
        #expect(root.summary == eagerRoot.summary)
        // The count, the problem scan of the first items, the first and the last row: a few blocks
        // out of n / 64.
        let blocks = graph.index.fieldBlocks.blocksRead
        #expect(blocks > 0 && blocks <= ArrayPresenter.problemScanLimit / TypedstreamFieldLayout.blockSize + 4)
    }

    @Test func everyFieldReadByBlockEqualsTheWholeRead() {
        let (bytes, array) = Self.arrayStream(3_000, nilAt: 1_500)
        // Compares every object, read lazily, with the eager decode (fields, ranges, diagnostics).
        let graph = TypedstreamInvariants.decodeChecked(bytes)
        #expect(graph.object(array).fields.isLazy)
        let eagerFields = Array(Self.eager(bytes).object(array).fields)
        let lazyFields = graph.object(array).fields
        for i in [0, 1, 63, 64, 65, 1_501, 2_999, 3_000] { #expect(lazyFields[i] == eagerFields[i]) }
        // Reading them all in order reads each block once.
        let before = graph.index.fieldBlocks.blocksRead
        #expect(Array(lazyFields) == eagerFields)
        let blocks = (3_001 + TypedstreamFieldLayout.blockSize - 1) / TypedstreamFieldLayout.blockSize
        #expect(graph.index.fieldBlocks.blocksRead - before <= blocks)
    }

    @Test func groupsOfSeveralValuesAndMixedTypesReadTheSame() {
        // A custom class writing `i@` pairs and single `i` groups: checkpoints fall between groups, not
        // every 64 fields, and only the last group (an `i`) makes a uniform tail.
        var w = TypedstreamWriter()
        w.header()
        w.types("@")
        let holder = w.beginObject([("Holder", 3), ("NSObject", 0)])
        for i in 0..<400 {
            if i % 3 == 0 {
                w.types("i")
                w.int(Int128(i))
            } else {
                w.types("i@")
                w.int(Int128(-i))
                w.nsString("s\(i)")
            }
        }
        w.endObject()
        let graph = TypedstreamInvariants.decodeChecked(w.bytes)
        let fields = graph.object(holder).fields
        #expect(fields.isLazy)
        #expect(fields.count == 666)
        #expect(fields.uniformTail == FieldCollection.UniformTail(start: 665, encoding: "i"))
        #expect(fields.map(\.key) == (0..<fields.count).map(String.init))
    }

    @Test func aLargeDictionaryListsItsKeysAndObjectsLazily() throws {
        var w = TypedstreamWriter()
        w.header()
        w.types("@")
        let dictionary = w.beginObject([("NSMutableDictionary", 0), ("NSDictionary", 0), ("NSObject", 0)])
        let entries = 5_000
        w.types("i")
        w.int(Int128(entries))
        for i in 0..<entries {
            w.types("@")
            w.nsString("key \(i)")
            w.types("@")
            w.nsString("value \(i)")
        }
        w.endObject()
        let graph = TypedstreamInvariants.decodeChecked(w.bytes)
        let eager = Self.eager(w.bytes)
        let view = ObjectView(object: graph.object(dictionary), graph: graph)
        let eagerView = ObjectView(object: eager.object(dictionary), graph: eager)
        #expect(view.summary == eagerView.summary)
        #expect(view.summary.contains("5000 entries"))
        #expect(view.children.count == entries)
        for i in [0, 1, entries - 1] { #expect(view.children[i] == eagerView.children[i]) }
    }

    @Test func anElementsOwnProblemLeavesTheArrayLazyAndTheDiagnosticsTheSame() {
        let (bytes, array) = Self.arrayStream(1_000, nilClassAt: 700)
        let graph = TypedstreamInvariants.decodeChecked(bytes)
        #expect(graph.object(array).fields.isLazy)
        let ids = graph.fullCheck().map(\.id)
        #expect(ids.contains("typedstream.object.nil-class"))
        #expect(graph.fullCheck() == Self.eager(bytes).fullCheck())
    }

    @Test func aTruncatedLargeArrayKeepsItsFieldsAsDecoded() {
        let (bytes, array) = Self.arrayStream(2_000)
        let cut = Array(bytes.prefix(bytes.count * 2 / 3))
        // The array ends unterminated: its fields are kept from the pass, as before.
        let graph = TypedstreamInvariants.decodeChecked(cut)
        let object = graph.object(array)
        #expect(!object.fields.isLazy)
        #expect(object.diagnostics.contains { $0.id == "typedstream.object.unterminated" })
        #expect(object.fields.count > 1 && object.fields.count < 2_001)
        #expect(graph.fullCheck() == Self.eager(cut).fullCheck())
    }
}
