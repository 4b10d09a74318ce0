import Testing
import TestSupport
@testable import ArchiveModel
@testable import ArchiveDocuments
import FuzzSupport

/// A plain plist hands the search for embedded archives its data values without building objects
/// (`DataValueScanning`, issue 39): the same values, and so the same archives found, as reading every
/// object.
@Suite struct DataValueScanningTests {
    /// What object-by-object reading gives: each object's own data value and its fields' inline data,
    /// with the object's id.
    static func dataObjects(_ graph: any ObjectGraph) -> [(ObjectID, [UInt8])] {
        (0..<graph.objectCount).flatMap { id -> [(ObjectID, [UInt8])] in
            let object = graph.object(id)
            var found: [(ObjectID, [UInt8])] = []
            if case .data(let bytes)? = object.value { found.append((id, bytes)) }
            for field in object.fields {
                if case .scalar(.data(let bytes)) = field.value { found.append((id, bytes)) }
            }
            return found
        }
    }

    static func scanned(_ graph: any ObjectGraph) throws -> [(ObjectID, [UInt8])] {
        let scanning = try #require(graph as? any DataValueScanning)
        var out: [(ObjectID, [UInt8])] = []
        scanning.forEachDataValue { out.append(($0, $1)) }
        return out
    }

    static func expectSameData(_ graph: any ObjectGraph, _ name: String) throws {
        let read = dataObjects(graph), scanned = try scanned(graph)
        #expect(scanned.map(\.0) == read.map(\.0), "\(name)")
        #expect(scanned.map(\.1) == read.map(\.1), "\(name)")
    }

    /// A plain bplist with data beside every other kind, a data key, an embedded keyed archive, a real
    /// whose bytes hold an alias record's end tag (FF FF 00 00: a chance start of the quick pass) and
    /// a table entry past the end of the objects.
    static func mixedPlist(brokenEntry: Bool = false) -> [UInt8] {
        var b = BinaryPlistBuilder()
        let blob = b.add(.data([1, 2, 3, 4]))
        let archive = b.add(.data(DemoArchive.bytes()))
        let chance = b.add(.real(Double(bitPattern: 0x3FF0_FFFF_0000_1234)))
        let text = b.add(.string("data"))
        let number = b.add(.integer(-7))
        let empty = b.add(.data([]))
        let list = b.add(.array([blob, text, empty]))
        let dataKey = b.add(.data([9]))
        let keyA = b.add(.string("a")), keyB = b.add(.string("b"))
        let root = b.add(.dict([(keyA, list), (keyB, archive), (dataKey, chance), (text, number)]))
        b.topObject = root
        var bytes = b.build().bytes
        if brokenEntry {
            // Point the first table entry past the object area: an object that cannot be read.
            let built = b.build()
            bytes[built.tableOffset] = 0xFF
        }
        return bytes
    }

    @Test func aBinaryPlistListsTheDataObjectsReadingWouldGive() throws {
        for broken in [false, true] {
            let document = ArchiveDocument.open(InputBytes(Self.mixedPlist(brokenEntry: broken)), name: "mixed")
            let read = Self.dataObjects(document.graph)
            #expect(read.count == (broken ? 3 : 4))
            try Self.expectSameData(document.graph, "broken: \(broken)")
        }
    }

    @Test func anXMLPlistListsTheDataObjectsReadingWouldGive() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>a</key><data>AQID</data><key>b</key><array><string>x</string>
            <data>  YnBs aXN0 MDA= </data><data>!!</data><integer>4</integer><data></data></array></dict></plist>
            """
        let document = ArchiveDocument.open(InputBytes(Array(xml.utf8)), name: "xml")
        #expect(Self.dataObjects(document.graph).count == 4)
        try Self.expectSameData(document.graph, "xml")
    }

    @Test func theArchiveInADataValueIsFoundAndTheChanceStartFindsNothingElse() throws {
        let document = ArchiveDocument.open(InputBytes(Self.mixedPlist()), name: "mixed")
        // The quick pass sees a start (the archive's, and the real's end tag), so the search runs.
        #expect(EmbeddedArchives.mayHoldArchives(document.graph.input, container: .binaryPlist))
        let expected = Self.dataObjects(document.graph).filter { EmbeddedArchive.format(of: $0.1) != nil }.map(\.0)
        #expect(expected.count == 1)
        #expect(ArchiveHoldingObjects().ids(in: document.graph) == expected)
        var found: [FoundArchive] = []
        EmbeddedArchives.forEach(in: document.graph) { found.append($0); return true }
        #expect(found.map(\.bytes) == [DemoArchive.bytes()])
    }

    /// A nib's data values under ordinary keys (a string is data in a nib too) and under the empty key
    /// (a list's items, not fields).
    @Test func aNibListsTheDataValuesReadingWouldGive() throws {
        var b = NIBArchiveBuilder()
        let root = b.object("NSObject", [("blob", .data([1, 2, 3])), ("name", .string("x")),
                                         ("UINibEncoderEmptyKey", .data([7])), ("UINibEncoderEmptyKey", .data([8]))])
        _ = b.object("Holder", [("archive", .data(DemoArchive.bytes())), ("other", .object(root)), ("empty", .data([]))])
        let document = ArchiveDocument.open(InputBytes(b.build().bytes), name: "data.nib")
        let read = Self.dataObjects(document.graph)
        #expect(read.count == 4, "\(read.map(\.0))")
        try Self.expectSameData(document.graph, "nib")
        #expect(ArchiveHoldingObjects().ids(in: document.graph) == [1])
    }

    @Test(.needsCorpus) func corpusPlistsListTheDataObjectsReadingWouldGive() throws {
        var scannedFiles = 0
        for path in Corpus.files("plist") + Corpus.files("encodings") + Corpus.files("corrupt") + Corpus.files("nibarchive") {
            guard let document = try? Corpus.open(path), document.graph is any DataValueScanning,
                  document.graph.objectCount <= 200_000 else { continue }
            try Self.expectSameData(document.graph, path)
            scannedFiles += 1
        }
        #expect(scannedFiles >= 80)
    }
}
