import Testing
@testable import ArchiveModel
@testable import ArchiveDocuments
import FuzzSupport

/// `damage.truncated`, `damage.zero-filled` and `damage.reencoded` for typedstreams and NIBArchives
/// (issue 42 item 5), on fixtures built in code: each cause named from the format's own arithmetic
/// with the numbers the fixture's marks give, and never on the valid original.
struct FormatDamageTests {
    /// A typedstream in NSArchiver's shape: an NSArray of 40 NSStrings, each string's text marked.
    static let typedstream: (bytes: [UInt8], marks: [String: Int]) = {
        var w = TypedstreamWriter()
        w.header()
        w.types("@")
        w.mark("root")
        w.beginObject([("NSArray", 0), ("NSObject", 0)])
        w.types("i")
        w.int(40)
        for i in 0..<40 {
            w.types("@")
            w.beginObject([("NSString", 1), ("NSObject", 0)])
            w.types("+")
            w.mark("s\(i)")
            w.unshared("string number \(i) " + String(repeating: "x", count: i % 7))
            w.endObject()
        }
        w.endObject()
        return (w.bytes, w.marks)
    }()

    /// A NIBArchive in ibtool's layout: a root array of 30 views, each with a label string.
    static let nib: (bytes: [UInt8], marks: [String: Int], classes: Int) = {
        var nib = NIBArchiveBuilder()
        let root = nib.reserve()
        var ids: [UInt32] = []
        for i in 0..<30 { ids.append(nib.object("UIView", [("UILabel", .string("view number \(i)"))])) }
        nib.define(root, "NSArray", [("NSInlinedValue", .bool(true))] + ids.map { ("UINibEncoderEmptyKey", .object($0)) })
        let built = nib.build()
        return (built.bytes, built.marks, nib.classes.count)
    }()

    static func causes(_ bytes: [UInt8]) -> [Diagnostic] {
        DocumentCheck.fullCheck(of: ArchiveDocument.open(InputBytes(bytes), name: "fixture").graph).filter { $0.id.hasPrefix("damage.") }
    }

    static func zeroed(_ bytes: [UInt8], _ block: ByteRange) -> [UInt8] {
        var out = bytes
        for i in block.start..<block.end { out[i] = 0 }
        return out
    }

    @Test func theOriginalsAreCleanAndGetNoCause() {
        for bytes in [Self.typedstream.bytes, Self.nib.bytes] {
            let all = DocumentCheck.fullCheck(of: ArchiveDocument.open(InputBytes(bytes), name: "fixture").graph)
            #expect(!all.contains { $0.severity == .error }, "\(all.map(\.description))")
            #expect(!all.contains { $0.id.hasPrefix("damage.") })
        }
    }

    // MARK: - Typedstream

    @Test func aTypedstreamOneByteShortLacksTheRootsEnd() throws {
        let damaged = Array(Self.typedstream.bytes.dropLast())
        let cause = try #require(Self.causes(damaged).first)
        #expect(cause.id == "damage.truncated")
        #expect(cause.range == ByteRange(damaged.count, damaged.count))
        #expect(cause.message.contains("1 object is still open and lacks its end-of-object marker 86"), "\(cause.message)")
        #expect(cause.message.contains("at least 1 byte is missing"), "\(cause.message)")
        #expect(cause.notes.contains { $0.message.hasPrefix("object #0 (NSArray)") && $0.range == ByteRange((Self.typedstream.marks["root"] ?? -1), damaged.count) })
    }

    @Test(arguments: [0, 1, 5])
    func aTypedstreamCutInsideAStringCountsItsDeclaredLength(kept: Int) throws {
        let text = try #require(Self.typedstream.marks["s20"])
        let length = Int(Self.typedstream.bytes[text])
        let damaged = Array(Self.typedstream.bytes.prefix(text + 1 + kept))
        let cause = try #require(Self.causes(damaged).first)
        #expect(cause.id == "damage.truncated")
        #expect(cause.message.contains("whose declared length runs \(length - kept) bytes past the end"), "\(cause.message)")
        // The string's missing bytes, then the 86 of the NSString and of the NSArray around it.
        #expect(cause.message.contains("2 objects are still open"), "\(cause.message)")
        #expect(cause.message.contains("at least \(length - kept + 2) bytes are missing"), "\(cause.message)")
        #expect(cause.notes.first?.range == ByteRange(text, damaged.count))
    }

    @Test func aTypedstreamCutInsideAClassChainNeedsAByte() throws {
        // The NSString object of string 20 starts 4 bytes before its text: 84, its class (a reference),
        // then the '+' type string reference and the length.
        let objectStart = try #require(Self.typedstream.marks["s20"]) - 3
        #expect(Self.typedstream.bytes[objectStart] == 0x84)
        let damaged = Array(Self.typedstream.bytes.prefix(objectStart + 1))
        let cause = try #require(Self.causes(damaged).first)
        #expect(cause.id == "damage.truncated")
        #expect(cause.message.contains("inside the class of object"), "\(cause.message)")
        #expect(cause.message.contains("at least 3 bytes are missing"), "\(cause.message)")
    }

    @Test(arguments: [256, 512])
    func aZeroedBlockInATypedstreamIsZeroFilledNotTruncated(start: Int) throws {
        let block = ByteRange(start: start, count: 64)
        let causes = Self.causes(Self.zeroed(Self.typedstream.bytes, block))
        #expect(!causes.contains { $0.id == "damage.truncated" }, "\(causes.map(\.description))")
        let fill = try #require(causes.first { $0.id == "damage.zero-filled" }, "\(causes.map(\.description))")
        #expect(fill.range.map { $0.start <= block.start && $0.end >= block.end } == true)
        #expect(fill.notes.first?.message.hasPrefix("in the zeros: typedstream.") == true)
    }

    @Test func aTypedstreamThroughUTF8ReplacementIsReencoded() throws {
        let damaged = Array(String(decoding: Self.typedstream.bytes, as: UTF8.self).utf8)
        let causes = Self.causes(damaged)
        #expect(causes.first?.id == "damage.reencoded", "\(causes.map(\.description))")
        #expect(!causes.contains { $0.id == "damage.truncated" })
    }

    @Test func aTypedstreamThroughLatin1IsReencodedAndReadsBackCleanly() throws {
        let damaged = Array(String(decoding: Self.typedstream.bytes, asLatin1: true).utf8)
        let cause = try #require(Self.causes(damaged).first)
        #expect(cause.id == "damage.reencoded")
        #expect(cause.message.contains("the file (\(Self.typedstream.bytes.count) bytes) decodes with no error"), "\(cause.message)")
    }

    // MARK: - NIBArchive

    @Test func aNIBArchiveOneByteShortLacksTheLastClassNamesByte() throws {
        let damaged = Array(Self.nib.bytes.dropLast())
        let cause = try #require(Self.causes(damaged).first)
        #expect(cause.id == "damage.truncated")
        #expect(cause.message.contains("the class names table ends early: class name \(Self.nib.classes - 1) starts at offset "
                                       + "\(Self.nib.marks["class.\(Self.nib.classes - 1)"] ?? -1)"), "\(cause.message)")
        #expect(cause.message.contains("at least 1 byte is missing"), "\(cause.message)")
        #expect(cause.notes.contains { $0.range == ByteRange(18 + 8 * 3, 18 + 8 * 4) })
    }

    @Test func aNIBArchiveCutInsideAValueCountsTheTablesPastTheEnd() throws {
        let marks = Self.nib.marks
        let payload = try #require(marks["value.20.payload"])
        let damaged = Array(Self.nib.bytes.prefix(payload + 3))
        let cause = try #require(Self.causes(damaged).first)
        #expect(cause.id == "damage.truncated")
        #expect(cause.message.contains("the values table ends early: value 20 starts at offset \(marks["value.20"] ?? -1)"), "\(cause.message)")
        let classNames = try #require(marks["classNames"])
        #expect(cause.message.contains("the class names table (\(Self.nib.classes) class names) starts at offset \(classNames), past the end"),
                "\(cause.message)")
        // The class-name table must start where the header says, and hold at least 2 bytes per entry.
        let missing = classNames + 2 * Self.nib.classes - damaged.count
        #expect(cause.message.contains("at least \(missing) bytes are missing"), "\(cause.message)")
    }

    @Test func aZeroedBlockInANIBArchiveIsZeroFilledNotTruncated() throws {
        let values = try #require(Self.nib.marks["values"])
        let start = (values + 63) / 32 * 32
        let block = ByteRange(start: start, count: 32)
        let causes = Self.causes(Self.zeroed(Self.nib.bytes, block))
        #expect(!causes.contains { $0.id == "damage.truncated" }, "\(causes.map(\.description))")
        let fill = try #require(causes.first { $0.id == "damage.zero-filled" }, "\(causes.map(\.description))")
        #expect(fill.range.map { $0.start <= block.start && $0.end >= block.end } == true)
        #expect(fill.notes.contains { $0.message.hasPrefix("in the zeros: nib.varint.overflow") }, "\(fill.notes)")
    }

    @Test func aNIBArchiveThroughUTF8ReplacementIsReencoded() throws {
        let damaged = Array(String(decoding: Self.nib.bytes, as: UTF8.self).utf8)
        let causes = Self.causes(damaged)
        #expect(causes.first?.id == "damage.reencoded", "\(causes.map(\.description))")
    }

    @Test func aNIBArchiveThroughLatin1IsReencodedAndReadsBackCleanly() throws {
        let damaged = Array(String(decoding: Self.nib.bytes, asLatin1: true).utf8)
        let cause = try #require(Self.causes(damaged).first)
        #expect(cause.id == "damage.reencoded")
        #expect(cause.message.contains("the file (\(Self.nib.bytes.count) bytes) decodes with no error"), "\(cause.message)")
    }

    @Test func aNIBArchiveShorterThanItsHeader() throws {
        let cause = try #require(Self.causes(Array(Self.nib.bytes.prefix(30))).first)
        #expect(cause.id == "damage.truncated")
        #expect(cause.message.contains("at least 20 bytes are missing"), "\(cause.message)")
    }

    /// `declaredEnd` reads an entry's own lengths past the end of the input.
    @Test func theDeclaredEndOfACutEntry() throws {
        let marks = Self.nib.marks
        let value = try #require(marks["value.20"]), payload = try #require(marks["value.20.payload"])
        let length = 14 // "view number 20"
        let reader = NIBArchiveReader(input: InputBytes(Array(Self.nib.bytes.prefix(payload + 3))))
        #expect(reader.declaredEnd(.values, at: value) == payload + length)
        // Cut inside the key-index varint: one more byte is all that is known.
        let cutEarly = NIBArchiveReader(input: InputBytes(Array(Self.nib.bytes.prefix(value))))
        #expect(cutEarly.declaredEnd(.values, at: value) == value + 1)
    }
}
