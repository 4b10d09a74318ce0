import FuzzSupport
import Testing
@testable import ArchiveModel
@testable import Bookmark

/// Hostile and damaged bookmarks: each decodes in bounded work, every range lies inside the bytes,
/// and missing bytes are always reported with a location.
@Suite struct BookmarkHostileTests {
    /// Every diagnostic and note range inside `[0, count]`, every item inside the bookmark, and the
    /// summary, view and JSON made without trapping.
    static func checkInvariants(_ b: BookmarkData, sourceLocation: SourceLocation = #_sourceLocation) {
        for d in b.diagnostics {
            for r in [d.range] + d.notes.map(\.range) {
                #expect(r.map { $0.start >= 0 && $0.end <= b.count } ?? false, "\(d)", sourceLocation: sourceLocation)
            }
            #expect(DiagnosticRegistry.kind(d.id) != nil, sourceLocation: sourceLocation)
        }
        for item in b.items { #expect(item.range.end <= b.count && item.headerRange.count == 8, sourceLocation: sourceLocation) }
        let view = b.view()
        #expect(view.fields.count <= BookmarkView.fieldLimit, sourceLocation: sourceLocation)
        for f in view.fields { #expect(f.range.map { $0.start >= 0 && $0.end <= b.count } ?? true, "\(f.name)", sourceLocation: sourceLocation) }
        // The fuzz target's own checks agree.
        #expect(FuzzCheck.bookmark(b).isEmpty, "\(FuzzCheck.bookmark(b).prefix(3))", sourceLocation: sourceLocation)
    }

    @Test func everyTruncationOfTheSampleIsLocated() {
        let (bytes, _) = BookmarkBuilder.sample().build()
        for n in 0..<bytes.count {
            let b = BookmarkData(bytes: Array(bytes.prefix(n)))
            Self.checkInvariants(b)
            #expect(b.diagnostics.contains { $0.severity == .error && $0.range != nil }, "cut at \(n)")
        }
    }

    @Test func everyTruncationOfAFinderAliasFile() {
        var builder = BookmarkBuilder.sample()
        builder.aliasFileShape = true
        let (bytes, _) = builder.build()
        #expect(BookmarkData(bytes: bytes).diagnostics.isEmpty)
        for n in 0..<bytes.count {
            let b = BookmarkData(bytes: Array(bytes.prefix(n)))
            Self.checkInvariants(b)
            #expect(!b.diagnostics.isEmpty, "cut at \(n)")
        }
    }

    @Test func everySingleByteChangeOfTheSample() {
        let (bytes, _) = BookmarkBuilder.sample().build()
        for i in bytes.indices {
            for value: UInt8 in [0x00, 0x80, 0xFF] where bytes[i] != value {
                var changed = bytes
                changed[i] = value
                Self.checkInvariants(BookmarkData(bytes: changed))
            }
        }
    }

    @Test func aTableThatLinksToItself() {
        var b = BookmarkBuilder.sample()
        b.tocs[0].next = .table(0)
        let d = BookmarkData(bytes: b.build().bytes)
        #expect(d.diagnostics.map(\.id) == ["bookmark.toc.loop"] && d.tocs.count == 1)
        #expect(d.summary.path == "/Users/me/file.txt")
    }

    @Test func aHundredThousandNestedArrays() {
        let b = BookmarkData(bytes: BookmarkBuilder.nestedArrays(depth: 100_000))
        // The path's first element is an array, not a string: that is reported too.
        #expect(b.diagnostics.map(\.id) == ["bookmark.item.too-deep", "bookmark.key.unexpected-type"])
        #expect(b.items.count == BookmarkDecoder.Limits.depth)
        Self.checkInvariants(b)
    }

    @Test func offsetsPastTheEndEverywhere() {
        let builder = BookmarkBuilder(entries: [
            .init(0x1004, .array([.offset(0xFFFF_FFFF), .offset(0xFFFF_FFFC)])),
            .init(0x1005, .offset(0x7FFF_FFFF)),
            .init(.raw(0xFFFF_FFFF), .null),
        ])
        let b = BookmarkData(bytes: builder.build().bytes)
        #expect(b.diagnostics.filter { $0.id == "bookmark.item.out-of-range" }.count == 4)
        Self.checkInvariants(b)
    }

    @Test func sharedItemsDoNotExplodeTheViewOrJSON() {
        // 40 levels, each an array naming the next level twice: 2^40 paths through 41 items.
        var item: BookmarkBuilder.Item = .named("l40", .string("leaf"))
        for level in stride(from: 39, through: 0, by: -1) {
            item = .named("l\(level)", .array([item, .ref("l\(level + 1)")]))
        }
        let b = BookmarkData(bytes: BookmarkBuilder(entries: [.init(0x1054, item)]).build().bytes)
        #expect(b.diagnostics.isEmpty && b.items.count == 41)
        let view = b.view()
        #expect(view.isCut && view.fields.count == BookmarkView.fieldLimit)
        #expect(b.json().text.utf8.count < 1 << 20)
        Self.checkInvariants(b)
    }

    @Test func aBookmarkInsideALargerInput() throws {
        var damaged = BookmarkBuilder.sample()
        damaged.version = 7
        let (bytes, _) = damaged.build()
        let input = InputBytes([UInt8](repeating: 0xAA, count: 100) + bytes + [1, 2, 3])
        #expect(BookmarkData.matches(input, at: 100) && !BookmarkData.matches(input, at: 99))
        let b = BookmarkData(input: input, range: ByteRange(start: 100, count: bytes.count))
        #expect(b.origin == 100 && b.count == bytes.count)
        #expect(b.diagnostics.map(\.range) == [ByteRange(8, 12)])
        #expect(b.outerDiagnostics.map(\.range) == [ByteRange(108, 112)])
        #expect(b.summary.path == "/Users/me/file.txt")
        // A range past the input is clamped; nothing outside it is read.
        let clamped = BookmarkData(input: input, range: ByteRange(start: 100, count: 1 << 40))
        #expect(clamped.count == bytes.count + 3)
    }

    @Test func contentDetection() {
        let (bytes, _) = BookmarkBuilder.sample().build()
        #expect(BookmarkData.matches(bytes))
        var alis = bytes
        alis.replaceSubrange(0..<4, with: Array("alis".utf8))
        #expect(BookmarkData.matches(alis) && BookmarkData(bytes: alis).diagnostics.isEmpty)
        #expect(!BookmarkData.matches(Array(bytes.prefix(51))))
        #expect(!BookmarkData.matches(Array("bplist00".utf8)) && !BookmarkData.matches([]))
    }
}
