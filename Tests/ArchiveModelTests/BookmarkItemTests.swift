import FuzzSupport
import Testing
@testable import ArchiveModel
@testable import OpenStepPlist
@testable import Typedstream
@testable import NIBArchive
@testable import IB3XML
@testable import Bookmark
@testable import ArchivePresentation
@testable import ArchiveSources

/// Every item type and every known key from built bookmarks: the decoded value, the header and
/// payload ranges at the builder's named offsets, and no diagnostic.
@Suite struct BookmarkItemTests {
    /// One item type: what to write, and the type and value expected back.
    struct Case: Sendable, CustomStringConvertible {
        let name: String
        let item: BookmarkBuilder.Item
        let type: BookmarkItemType
        let value: BookmarkValue
        let payloadSize: Int
        var description: String { name }
    }

    static let cases: [Case] = [
        Case(name: "string", item: .string("héllo"), type: .string, value: .string(valid: true), payloadSize: 6),
        Case(name: "data", item: .data([1, 2, 3]), type: .data, value: .data, payloadSize: 3),
        Case(name: "int8", item: .int8(-5), type: .integer(width: 1), value: .integer(-5), payloadSize: 1),
        Case(name: "int16", item: .int16(-300), type: .integer(width: 2), value: .integer(-300), payloadSize: 2),
        Case(name: "int32", item: .int32(-70_000), type: .integer(width: 4), value: .integer(-70_000), payloadSize: 4),
        Case(name: "int64", item: .int64(5_000_000_000), type: .integer(width: 8), value: .integer(5_000_000_000), payloadSize: 8),
        Case(name: "float32", item: .float32(1.5), type: .real(width: 4), value: .real(1.5), payloadSize: 4),
        Case(name: "float64", item: .float64(-2.25), type: .real(width: 8), value: .real(-2.25), payloadSize: 8),
        Case(name: "date", item: .date(678_650_775.5), type: .date, value: .date(678_650_775.5), payloadSize: 8),
        Case(name: "false", item: .bool(false), type: .bool(false), value: .bool(false), payloadSize: 0),
        Case(name: "true", item: .bool(true), type: .bool(true), value: .bool(true), payloadSize: 0),
        Case(name: "uuid", item: .uuid(Array(0..<16)), type: .uuid, value: .uuid(Array(0..<16)), payloadSize: 16),
        Case(name: "url", item: .url("file:///tmp/"), type: .url, value: .url(valid: true), payloadSize: 12),
        Case(name: "null", item: .null, type: .null, value: .null, payloadSize: 0),
    ]

    /// A bookmark whose one entry (unknown key 0x1054, so no key expectations apply) holds `item`.
    static func decode(_ item: BookmarkBuilder.Item) -> (BookmarkData, [String: Int]) {
        let (bytes, marks) = BookmarkBuilder(entries: [.init(0x1054, item)]).build()
        return (BookmarkData(bytes: bytes), marks)
    }

    @Test(arguments: cases) func eachScalarType(_ c: Case) throws {
        let (b, marks) = Self.decode(c.item)
        #expect(b.diagnostics.isEmpty, "\(b.diagnostics.map(\.description))")
        let index = try #require(b.tocs.first?.entries.first?.value.item)
        let item = b.items[index], at = try #require(marks["toc.0.entry.0.item"])
        #expect(item.type == c.type && item.value == c.value)
        #expect(item.headerRange == ByteRange(start: at, count: 8))
        #expect(item.payloadRange == ByteRange(start: at + 8, count: c.payloadSize))
        #expect(item.depth == 1 && !item.isCut)
    }

    @Test func textAndBytesAreReadFromThePayload() throws {
        let (b, _) = Self.decode(.string("héllo"))
        #expect(b.text(of: 0) == "héllo" && b.text(of: 0, limit: 1) == "h" && b.bytes(of: 0).count == 6)
        let (u, _) = Self.decode(.uuid(Array(0..<16)))
        #expect(u.view().roots.first.map { u.view().fields[$0].value } == .uuid("00010203-0405-0607-0809-0A0B0C0D0E0F"))
    }

    @Test func arrayElementsHaveTheirRanges() throws {
        let (b, marks) = Self.decode(.array([.string("a"), .int32(2), .array([.null])]))
        #expect(b.diagnostics.isEmpty)
        let root = try #require(b.tocs[0].entries[0].value.item)
        guard case .array(let links) = b.items[root].value else { Issue.record("not an array"); return }
        #expect(links.count == 3)
        let base = try #require(marks["toc.0.entry.0.item"])
        for (i, link) in links.enumerated() {
            #expect(link.field == ByteRange(start: base + 8 + 4 * i, count: 4))
            #expect(link.item.map { b.items[$0].headerRange.start } == marks["toc.0.entry.0.item.\(i)"])
        }
        #expect(links[2].item.map { b.items[$0].depth } == 2)
    }

    @Test func dictionaryPairsKeysAndValues() throws {
        let (b, marks) = Self.decode(.dictionary([.init(.string("name"), .string("value")), .init(.string("n"), .int32(7))]))
        #expect(b.diagnostics.isEmpty)
        let root = try #require(b.tocs[0].entries[0].value.item)
        guard case .dictionary(let pairs) = b.items[root].value else { Issue.record("not a dictionary"); return }
        #expect(pairs.count == 2)
        #expect(pairs[1].key.item.map { b.items[$0].headerRange.start } == marks["toc.0.entry.0.item.key.1"])
        #expect(pairs[1].value.item.map { b.items[$0].value } == .integer(7))
        #expect(b.json()["$bookmark"]?["unknownKeys"] == .array([.object([
            .init("key", .string("0x1054")), .init("type", .string("0x0701")),
            .init("hex", .string(BookmarkHex.bytes(b.bytes(of: root)))),
            .init("value", .object([.init("name", .string("value")), .init("n", .integer(7))])),
        ])]))
    }

    @Test func relativeURLJoinsBaseAndRest() throws {
        let (b, marks) = Self.decode(.relativeURL(base: .url("file:///Users/me/"), relative: .string("Documents/a.txt")))
        #expect(b.diagnostics.isEmpty)
        let root = try #require(b.tocs[0].entries[0].value.item)
        guard case .relativeURL(let base, let relative) = b.items[root].value else { Issue.record("not a relative URL"); return }
        #expect(base.item.map { b.items[$0].headerRange.start } == marks["toc.0.entry.0.item.base"])
        #expect(relative.item.map { b.items[$0].headerRange.start } == marks["toc.0.entry.0.item.relative"])
        #expect(b.urlText(root) == "file:///Users/me/Documents/a.txt")
    }

    @Test func aSharedItemIsReadOnce() throws {
        let (b, _) = Self.decode(.array([.named("s", .string("shared")), .ref("s"), .ref("s")]))
        #expect(b.diagnostics.isEmpty && b.items.count == 2)
    }

    /// An item of a type the key allows, per known key.
    static func allowed(_ key: BookmarkKnownKey) -> BookmarkBuilder.Item {
        let candidates: [BookmarkBuilder.Item] = [.string("s"), .data([0]), .array([]), .date(0), .url("file:///"), .bool(true), .int64(1)]
        let types: [BookmarkItemType] = [.string, .data, .array, .date, .url, .bool(true), .integer(width: 8)]
        return zip(candidates, types).first { key.allows($0.1) }?.0 ?? .null
    }

    @Test(arguments: BookmarkKnownKey.allCases) func eachKnownKeyIsNamed(_ key: BookmarkKnownKey) throws {
        let (bytes, marks) = BookmarkBuilder(entries: [.init(key.rawValue, Self.allowed(key))]).build()
        let b = BookmarkData(bytes: bytes)
        #expect(b.diagnostics.isEmpty, "\(b.diagnostics.map(\.description))")
        let view = b.view()
        let field = try #require(view.root(key.name))
        #expect(field.range?.start == marks["toc.0.entry.0.item"])
        #expect(b.json()["$bookmark"]?[key.name] != nil)
        #expect(b.entry(key)?.range == ByteRange(start: try #require(marks["toc.0.entry.0"]), count: 12))
    }
}
