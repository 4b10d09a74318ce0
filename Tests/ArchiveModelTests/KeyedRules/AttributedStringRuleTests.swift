import Testing
@testable import ArchiveModel
@testable import ArchiveCore
@testable import BinaryPlist
@testable import XMLPlist
@testable import OpenStepPlist
@testable import KeyedArchive
@testable import Typedstream
@testable import NIBArchive
@testable import IB3XML
@testable import Bookmark
@testable import ArchiveDocuments
@testable import ArchivePresentation
@testable import ArchiveOutput
@testable import ArchiveAudit
@testable import ArchiveSources

/// AttributedStringRunRule: attribute runs measured against the string in `--check` (issue 25 bug 6).
@Suite struct AttributedStringRuleTests {
    /// An archive whose root is an NSAttributedString of `text` with two attribute dictionaries and
    /// the run data `info` (a data object, or inline data).
    static func archive(_ text: String, info: [UInt8], inline: Bool = false) -> (KeyedArchiveBuilder, id: Int) {
        var a = KeyedArchiveBuilder()
        let string = a.add(.string(text))
        let plain = a.object("NSDictionary", [("NS.keys", .refs([])), ("NS.objects", .refs([]))])
        let bold = a.object("NSDictionary", [("NS.keys", .refs([])), ("NS.objects", .refs([]))])
        let dictionaries = a.object("NSArray", [("NS.objects", .refs([plain, bold]))])
        let runs: KeyedArchiveBuilder.Value = inline ? .data(info) : .ref(a.add(.data(info)))
        let id = a.object("NSAttributedString", [("NSString", .ref(string)), ("NSAttributes", .ref(dictionaries)), ("NSAttributeInfo", runs)])
        a.top = [("root", .ref(id))]
        return (a, id)
    }

    static let text = "hello world, hi!!"  // 17 UTF-16 units

    /// The issue's case: run [8, 56) on a 17-unit string had no diagnostic.
    @Test func aRunPastTheEndIsAnErrorOnTheRunData() throws {
        let info: [UInt8] = [5, 0, 3, 1, 48, 0]
        let (a, id) = Self.archive(Self.text, info: info)
        let bytes = a.buildBinary()
        let d = KeyedFixture.check(a)
        #expect(d.map(\.id) == ["keyed.attributed-string.run-past-end"])
        #expect(d.first?.severity == .error)
        #expect(d.first?.object == id)
        #expect(d.first?.message == "attributed string #\(id): attribute run 2 is [8, 56) but the string is 17 UTF-16 units long; applying it raises NSRangeException")
        #expect(d.first?.range == KeyedFixture.range(of: [0x46] + info, in: bytes))
        let note = try #require(d.first?.notes.first)
        #expect(note.message == "the string is 17 UTF-16 units long")
        #expect(note.range == KeyedFixture.range(of: [0x5F, 0x10, 17] + Array(Self.text.utf8), in: bytes))
    }

    @Test func runsThatStopShortAreAnError() {
        let d = KeyedFixture.check(Self.archive(Self.text, info: [5, 0, 3, 1]).0)
        #expect(d.map(\.id) == ["keyed.attributed-string.runs-short"])
        #expect(d.first?.message.hasSuffix("the 2 attribute runs cover 8 of the string's 17 UTF-16 units; swift-corelibs-foundation then fails to decode the attributed string") == true)
        let cut = KeyedFixture.check(Self.archive(Self.text, info: [5, 0, 0x83]).0)
        #expect(cut.first?.message.contains("the 1 attribute run covers 5 of the string's 17 UTF-16 units (the run data ends inside a number)") == true)
    }

    @Test func runsAfterTheEndAreAWarning() {
        let d = KeyedFixture.check(Self.archive(Self.text, info: [17, 0, 3, 1, 2, 0]).0)
        #expect(d.map(\.id) == ["keyed.attributed-string.extra-runs"])
        #expect(d.first?.severity == .warning)
        #expect(d.first?.message.hasSuffix("2 attribute runs from run 1 on start at or after the end of the string (17 UTF-16 units); swift-corelibs-foundation ignores them") == true)
    }

    @Test func anAttributeIndexPastNSAttributesIsAnError() throws {
        let (a, id) = Self.archive(Self.text, info: [10, 0, 7, 5])
        let d = KeyedFixture.check(a)
        #expect(d.map(\.id) == ["keyed.attributed-string.index-out-of-range"])
        #expect(d.first?.message == "attributed string #\(id): attribute run 1 names dictionary 5 but NSAttributes holds 2 dictionaries; swift-corelibs-foundation then fails to decode it")
        #expect(d.first?.notes.first?.message == "NSAttributes holds 2 dictionaries")
    }

    /// Lengths are UTF-16 units: "a😀b" is 4 of them.
    @Test func runsCoveringTheStringExactlyAreClean() {
        #expect(KeyedFixture.check(Self.archive(Self.text, info: [10, 0, 7, 1]).0).isEmpty)
        #expect(KeyedFixture.check(Self.archive("a😀b", info: [1, 0, 3, 1]).0).isEmpty)
        #expect(KeyedFixture.check(Self.archive("a😀b", info: [1, 0, 4, 1]).0).map(\.id) == ["keyed.attributed-string.run-past-end"])
        #expect(KeyedFixture.check(Self.archive(Self.text, info: [10, 0, 8, 1], inline: true).0).map(\.id) == ["keyed.attributed-string.run-past-end"])
    }

    /// Beyond one checkpoint of the table (64 runs): the crossing run, the extra runs and the bad index
    /// are found where they are.
    @Test func longRunListsAreMeasuredExactly() {
        let ones: [UInt8] = (0..<100).flatMap { _ -> [UInt8] in [1, 0] }
        let text = String(repeating: "x", count: 102)
        let crossing = KeyedFixture.check(Self.archive(text, info: ones + [5, 1, 1, 0]).0)
        #expect(crossing.contains { $0.message.contains("attribute run 100 is [100, 105) but the string is 102 UTF-16 units long") })
        #expect(crossing.contains { $0.id == "keyed.attributed-string.extra-runs" && $0.message.contains("1 attribute run from run 101 on") })
        var indexes = ones
        indexes[2 * 70 + 1] = 9
        let bad = KeyedFixture.check(Self.archive(String(repeating: "x", count: 100), info: indexes).0)
        #expect(bad.map(\.id) == ["keyed.attributed-string.index-out-of-range"])
        #expect(bad.first?.message.contains("attribute run 70 names dictionary 9") == true)
    }

    /// The table agrees with the plain walk over the runs (`AttributedStringRuns.problems`) on many
    /// run lists, around every checkpoint.
    @Test func theTableAgreesWithAPlainWalk() {
        var seed: UInt64 = 0x2545_F491_4F6C_DD1D
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        for _ in 0..<300 {
            let lengths = (0..<next(200)).map { _ in next(4) }
            let info: [UInt8] = lengths.flatMap { length -> [UInt8] in [UInt8(length), 0] }
            let table = AttributeRunTable(info)
            let total = lengths.reduce(0, +)
            for length in [0, 1, total / 2, total - 1, total, total + 1, next(total + 3)] where length >= 0 {
                let expected = lengths.isEmpty && length > 0
                    ? [AttributedStringRuns.Problem.short(runs: 0, covered: 0, length: length, truncated: false)]
                    : AttributedStringRuns.problems(lengths: lengths, length: length)
                #expect(table.measure(length: length, attributes: 1).problems == expected, "\(lengths) over \(length)")
            }
        }
    }

    /// Many attributed strings naming one run list and one string: each is measured, from one decode.
    @Test func sharedRunDataIsCheckedForEveryString() {
        let archived = Self.archive(Self.text, info: [5, 0, 3, 1, 48, 0])
        var a = archived.0
        let first = archived.id
        let objects = a.entries.count
        var roots: [KeyedArchiveBuilder.Value] = [.ref(first)]
        for _ in 0..<20 {
            guard case .object(let cls, let fields) = a.entries[first] else { return }
            roots.append(.ref(a.add(.object(classID: cls, fields: fields))))
        }
        a.top = roots.enumerated().map { ("root\($0.offset == 0 ? "" : String($0.offset))", $0.element) }
        let d = KeyedFixture.check(a).filter { $0.id == "keyed.attributed-string.run-past-end" }
        #expect(d.count == 21)
        #expect(Set(d.compactMap(\.object)) == Set([first] + Array(objects..<objects + 20)))
    }
}

/// Many attributed strings naming one long string and one long run list (a valid shape: a writer may
/// share the data objects): the run list is decoded once per thread, not once per string.
@Suite struct AttributedStringRuleCostTests {
    /// `count` attributed strings, each with an NSAttributes array of its own, sharing one string of
    /// `runs` units and one run list of `runs` runs whose last one ends a unit past the string.
    static func sharedRuns(count n: Int, runs: Int) -> [UInt8] {
        var b = BinaryPlistBuilder()
        b.add(.null) // 0: the root, set below
        let classKey = b.add(.string("$class")), objectsKey = b.add(.string("NS.objects"))
        // $objects: $null, root array, n strings, n attribute arrays, text, info, dictionary, 3 classes.
        let text = 2 + 2 * n, info = text + 1, dictionary = info + 1, classes = dictionary + 1
        var infoBytes = [UInt8](repeating: 0, count: 2 * runs)
        for i in 0..<runs - 1 { infoBytes[2 * i] = 1 }
        infoBytes[2 * (runs - 1)] = 2
        let keys = ["NSString", "NSAttributes", "NSAttributeInfo"].map { b.add(.string($0)) }
        let textUID = b.add(.uid(UInt64(text))), infoUID = b.add(.uid(UInt64(info)))
        let strings = (0..<n).map { i in
            b.add(.dict([(classKey, b.add(.uid(UInt64(classes)))), (keys[0], textUID), (keys[1], b.add(.uid(UInt64(2 + n + i)))), (keys[2], infoUID)]))
        }
        let arrays = (0..<n).map { _ in
            b.add(.dict([(classKey, b.add(.uid(UInt64(classes + 1)))), (objectsKey, b.add(.array([b.add(.uid(UInt64(dictionary)))])))]))
        }
        let root = b.add(.dict([(classKey, b.add(.uid(UInt64(classes + 1)))), (objectsKey, b.add(.array((0..<n).map { b.add(.uid(UInt64(2 + $0))) })))]))
        let dict = b.add(.dict([(classKey, b.add(.uid(UInt64(classes + 2)))), (b.add(.string("NS.keys")), b.add(.array([]))), (objectsKey, b.add(.array([])))]))
        let classDicts = ["NSAttributedString", "NSArray", "NSDictionary"].map { name in
            let nameID = b.add(.string(name))
            return b.add(.dict([(b.add(.string("$classname")), nameID), (b.add(.string("$classes")), b.add(.array([nameID, b.add(.string("NSObject"))])))]))
        }
        let objects = b.add(.array([b.add(.string("$null")), root] + strings + arrays
            + [b.add(.string(String(repeating: "x", count: runs))), b.add(.data(infoBytes)), dict] + classDicts))
        let top = b.add(.dict([(b.add(.string("root")), b.add(.uid(1)))]))
        b.objects[0] = .dict([(b.add(.string("$archiver")), b.add(.string("NSKeyedArchiver"))), (b.add(.string("$version")), b.add(.integer(100_000))),
                              (b.add(.string("$top")), top), (b.add(.string("$objects")), objects)])
        return b.build().bytes
    }

    /// 2,000 strings and a 50,000-run list: 10^8 runs if each string decoded the list.
    @Test func aSharedRunListIsDecodedOnce() {
        let bytes = Self.sharedRuns(count: 2_000, runs: 50_000)
        let graph = KeyedArchiveGraph(tree: BinaryPlistTree(InputBytes(bytes)))
        let start = ContinuousClock.now
        let d = graph.fullCheck()
        let elapsed = ContinuousClock.now - start
        let pastEnd = d.filter { $0.id == "keyed.attributed-string.run-past-end" }
        #expect(pastEnd.count == 2_000)
        #expect(pastEnd.first?.message.contains("attribute run 49999 is [49999, 50001) but the string is 50000 UTF-16 units long") == true)
        #expect(d.count == 2_000, "\(d.filter { $0.id != "keyed.attributed-string.run-past-end" }.prefix(3))")
        print("a shared run list checked for 2,000 strings in \(elapsed)")
    }
}
