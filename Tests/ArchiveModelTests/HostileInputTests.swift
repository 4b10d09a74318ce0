import Testing
@testable import ArchiveModel
@testable import ArchiveCore
@testable import XMLPlist
@testable import NIBArchive
@testable import Bookmark
@testable import ArchiveDocuments
@testable import ArchiveOutput
import FuzzSupport
import TestSupport

/// Inputs built to hurt: extreme nesting, exponential path counts, counts and sizes near 2^64, offset
/// tables pointing into themselves, overlapping objects, reference loops, huge strings. Each goes
/// through everything a front end does (decoder, full check, index, invariants, outline, `--dump`,
/// `--json`) and must finish with diagnostics, linear output and bounded memory. The time limits are
/// generous sanity bounds against hangs, not benchmarks.
@Suite(.serialized, .tags(.slow)) struct HostileInputTests {
    /// What one input cost and produced.
    struct Exercise {
        var format: ContainerFormat
        var inputBytes = 0
        var objects = 0
        var diagnostics: [Diagnostic] = []
        var violations: [String] = []
        var dumpLines = 0
        var dumpBytes = 0
        var longestDumpLine = 0
        var longestMessage = 0
        var jsonBytes = 0
        var seconds = 0.0
        /// Growth of the process's peak RSS while decoding, in MiB (0 where it cannot be measured).
        var peakGrowthMiB = 0
    }

    static func exercise(_ bytes: [UInt8], name: String = #function) -> Exercise {
        let resetWorked = Memory.resetPeak()
        let before = Memory.status()
        let start = Memory.now()
        let document = ArchiveDocument.open(InputBytes(bytes), name: name)
        var e = Exercise(format: document.format, inputBytes: bytes.count)
        e.objects = document.graph.objectCount
        e.diagnostics = document.graph.fullCheck()
        e.longestMessage = e.diagnostics.map(\.message.unicodeScalars.count).max() ?? 0
        e.violations = GraphInvariants.violations(document.graph)
        let index = GraphIndex(graph: document.graph)
        if index == nil { e.violations.append("index cancelled") }
        let outline = Outline(graph: document.graph, index: index)
        var rows = outline.roots()
        var visited = 0
        while let row = rows.popLast(), visited < 200 {
            visited += 1
            if row.isExpandable { rows += (0..<min(outline.childCount(of: row), 4)).map { outline.child(of: row, at: $0) } }
        }
        DumpRenderer(document: document, diagnostics: e.diagnostics, index: index).render { line in
            e.dumpLines += 1
            e.dumpBytes += line.utf8.count
            e.longestDumpLine = max(e.longestDumpLine, line.utf8.count)
        }
        JSONRenderer(document: document, diagnostics: e.diagnostics).render { e.jsonBytes += $0.utf8.count }
        e.seconds = Memory.now() - start
        if resetWorked, let b = before, let after = Memory.status() { e.peakGrowthMiB = max(0, after.peak - b.rss) / 1024 }
        print("hostile \(name): \(bytes.count) bytes, \(e.format), \(e.objects) objects, \(e.diagnostics.count) diagnostics, "
              + "dump \(e.dumpLines) lines / \(e.dumpBytes) bytes (longest \(e.longestDumpLine)), json \(e.jsonBytes) bytes, "
              + "\((e.seconds * 1000).rounded() / 1000) s, peak +\(e.peakGrowthMiB) MiB")
        return e
    }

    /// The common expectations: sound graph, at most `lines` dump lines, no dump line longer than
    /// 2,000 bytes, JSON linear in the input (`jsonBound`), under `mebibytes` of peak growth. No bound on
    /// time: no test depends on wall-clock speed (the benchmark measures it; `seconds` is printed, and
    /// kept as a parameter so each input says what it is expected to take in a debug build).
    static func expectBounded(_ e: Exercise, lines: Int, seconds: Double = 60, mebibytes: Int = 2_048,
                              sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(e.violations.isEmpty, "\(e.violations.prefix(3))", sourceLocation: sourceLocation)
        #expect(e.dumpLines <= lines, "dump has \(e.dumpLines) lines", sourceLocation: sourceLocation)
        #expect(e.longestDumpLine <= 2_000, "a dump line of \(e.longestDumpLine) bytes", sourceLocation: sourceLocation)
        #expect(e.longestMessage <= 1_000, "a message of \(e.longestMessage) scalars", sourceLocation: sourceLocation)
        #expect(e.jsonBytes <= jsonBound(e.inputBytes), "JSON of \(e.jsonBytes) bytes from \(e.inputBytes)", sourceLocation: sourceLocation)
        #expect(e.peakGrowthMiB < mebibytes, "peak RSS grew by \(e.peakGrowthMiB) MiB", sourceLocation: sourceLocation)
    }

    /// The JSON of `input` bytes: repeats in full up to twice the budget (escaped control characters
    /// and base64 make output longer than the content), and 512 bytes per input byte for the rest.
    static func jsonBound(_ input: Int) -> Int {
        2 * JSONRenderer.defaultRepeatBudget(inputSize: input) + 512 * input
    }

    /// The nesting depth of the deep tests: a million, or `HOSTILE_DEPTH` from the environment (these
    /// tests take about 30 s of CPU each in a debug build; a busy CI machine may want fewer levels).
    static let million: Int = {
        if let text = getenv("HOSTILE_DEPTH"), let n = Int(String(cString: text)), n > 0 { return n }
        return 1_000_000
    }()

    // MARK: - Nesting a million levels deep

    @Test func bplistArraysNestedAMillionDeep() {
        let e = Self.exercise(HostileInputs.bplistNested(depth: Self.million))
        #expect(e.format == .binaryPlist)
        #expect(e.objects == Self.million + 1)
        Self.expectBounded(e, lines: 4 * Self.million, seconds: 300)
    }

    @Test func xmlArraysNestedAMillionDeep() {
        let e = Self.exercise(HostileInputs.xmlNested(depth: Self.million))
        #expect(e.format == .xmlPlist)
        // The XML decoder keeps the first 10,000 levels and says so; the rest is skipped, not recursed into.
        #expect(e.diagnostics.contains { $0.severity == .error } || Self.million < 10_000, "\(e.diagnostics)")
        Self.expectBounded(e, lines: 4 * Self.million, seconds: 300)
    }

    @Test func openStepArraysNestedAMillionDeep() {
        let e = Self.exercise(HostileInputs.openStepNested(depth: Self.million))
        #expect(e.format == .openStepPlist)
        // Decoded in full (no recursion), with a note that CF stops at 512 levels.
        #expect(e.objects > Self.million)
        #expect(!e.diagnostics.isEmpty)
        Self.expectBounded(e, lines: 4 * Self.million, seconds: 300)
    }

    @Test func xmlLeftOpenAMillionDeep() {
        // Never closed: every level is an unterminated container.
        let e = Self.exercise(HostileInputs.xmlLeftOpen(depth: Self.million))
        #expect(!e.diagnostics.isEmpty)
        Self.expectBounded(e, lines: 4 * Self.million, seconds: 300)
    }

    @Test func typedstreamObjectsNestedAMillionDeep() {
        let e = Self.exercise(HostileInputs.typedstreamNested(depth: Self.million))
        #expect(e.objects >= Self.million)
        Self.expectBounded(e, lines: 4 * Self.million, seconds: 300)
    }

    // MARK: - NIBArchive (issue 26)

    /// A reference chain a million objects long, and an array of a million elements (a list read on
    /// demand): linear in every pass, no recursion.
    @Test func nibChainAMillionLong() {
        let e = Self.exercise(HostileInputs.nibChain(depth: Self.million))
        #expect(e.format == .nibArchive && e.objects == Self.million)
        #expect(!e.diagnostics.contains { $0.severity >= .warning }, "\(e.diagnostics.prefix(3))")
        Self.expectBounded(e, lines: 4 * Self.million, seconds: 300)
    }

    @Test func nibArrayOfAMillionElements() {
        let e = Self.exercise(HostileInputs.nibArray(count: Self.million))
        #expect(e.objects == 2)
        Self.expectBounded(e, lines: 4 * Self.million, seconds: 300)
    }

    /// Counts near 2^32 and offsets past the end: the tables read what the file holds, errors say why.
    @Test(arguments: [UInt32.max, 1 << 31]) func nibCountsNear2To32(count: UInt32) {
        let e = Self.exercise(HostileInputs.nibCounts(count))
        #expect(e.diagnostics.filter { $0.id == "nib.table.count-too-large" }.count == 4)
        Self.expectBounded(e, lines: 1_000, mebibytes: 256)
    }

    @Test func nibTablesPastTheEnd() {
        let e = Self.exercise(HostileInputs.nibOffsets(.max))
        #expect(e.diagnostics.filter { $0.id == "nib.table.out-of-file" }.count == 4)
        #expect(e.objects == 0)
        Self.expectBounded(e, lines: 100, mebibytes: 256)
    }

    @Test func nibValueTableInTheHeader() {
        let e = Self.exercise(HostileInputs.nibValuesInHeader())
        #expect(e.diagnostics.contains { $0.id == "nib.table.in-header" })
        Self.expectBounded(e, lines: 2_000, mebibytes: 256)
    }

    @Test func nibVarintsOfTenBytes() {
        let e = Self.exercise(HostileInputs.nibTenByteVarints(count: 1_000))
        #expect(e.diagnostics.contains { $0.id == "nib.varint.overflow" })
        #expect(e.diagnostics.filter { $0.id == "nib.object.class-out-of-range" }.count == 1_000)
        Self.expectBounded(e, lines: 20_000, mebibytes: 256)
    }

    @Test func nibObjectsReferringToThemselves() {
        let e = Self.exercise(HostileInputs.nibSelfReferences(count: 1_000))
        #expect(e.objects == 1_000)
        Self.expectBounded(e, lines: 20_000, mebibytes: 256)
    }

    /// 4,000 objects all listing the same 4,000 values: each value is decoded under its first object
    /// only (16 million value reads otherwise, in every pass).
    @Test func nibObjectsSharingAllValues() {
        let e = Self.exercise(HostileInputs.nibSharedValues(objects: 4_000, values: 4_000))
        #expect(e.diagnostics.filter { $0.id == "nib.object.values-overlap" }.count == NIBArchiveCheck.reportLimit)
        Self.expectBounded(e, lines: 100_000, seconds: 60, mebibytes: 512)
    }

    // MARK: - Exponentially many paths

    /// 64 levels, each referring to the next twice: 2^64 paths, 65 objects.
    @Test func bplistDAGWithExponentialPaths() {
        let e = Self.exercise(HostileInputs.bplistDAG())
        #expect(e.objects == 65)
        Self.expectBounded(e, lines: 1_000)
    }

    @Test func keyedDAGWithExponentialPaths() {
        let e = Self.exercise(HostileInputs.keyedDAG())
        Self.expectBounded(e, lines: 1_000)
        #expect(e.diagnostics.allSatisfy { $0.severity != .error })
    }

    /// An archive in a data value, referred to 30 times, holding an archive referred to 30 times,
    /// three levels down: each level must be dumped once, not once per reference (27,000 copies).
    @Test func embeddedArchivesReferredToManyTimes() {
        let e = Self.exercise(HostileInputs.embeddedArchives())
        Self.expectBounded(e, lines: 5_000)
    }

    // MARK: - Counts and sizes near 2^64

    /// An object whose count extension says 2^64 − 1 (array, data, string) or 2^63.
    @Test(arguments: [UInt8(0xAF), 0x4F, 0x5F, 0x6F, 0xDF, 0xCF], [UInt64.max, 1 << 63, UInt64(Int64.max)])
    func countExtensionNear2To64(marker: UInt8, count: UInt64) {
        let e = Self.exercise(HostileInputs.countExtension(marker: marker, count: count))
        #expect(e.diagnostics.contains { $0.severity == .error })
        Self.expectBounded(e, lines: 100, mebibytes: 256)
    }

    /// Trailer fields near 2^64: object count, top object, table offset, in every combination that matters.
    @Test(arguments: [(UInt64.max, UInt64(0), UInt64(9)), (UInt64(1), UInt64.max, UInt64(9)), (UInt64(1), UInt64(0), UInt64.max),
                      (UInt64(1) << 62, UInt64(0), UInt64(9)), (UInt64.max, UInt64.max, UInt64.max)])
    func trailerFieldsNear2To64(count: UInt64, top: UInt64, table: UInt64) {
        let e = Self.exercise(HostileInputs.trailer(count: count, top: top, table: table))
        #expect(e.diagnostics.contains { $0.severity == .error })
        Self.expectBounded(e, lines: 100, mebibytes: 256)
    }

    /// Offset and reference widths of 8 and 16 bytes with values near 2^64.
    @Test(arguments: [8, 16]) func wideOffsetsNear2To64(width: Int) {
        let e = Self.exercise(HostileInputs.wideOffsets(width: width))
        #expect(e.diagnostics.contains { $0.severity == .error })
        Self.expectBounded(e, lines: 100, mebibytes: 256)
    }

    // MARK: - Tables and objects in the wrong places

    /// Every offset points into the offset table itself (or at the trailer).
    @Test func offsetTablePointingIntoItself() {
        let e = Self.exercise(HostileInputs.offsetTablePointingIntoItself())
        #expect(e.diagnostics.contains { $0.severity == .error })
        Self.expectBounded(e, lines: 2_000)
    }

    /// Objects that overlap: every offset points one byte further into the same run of array markers,
    /// so each array's references are the next arrays' markers.
    @Test func overlappingObjects() {
        let e = Self.exercise(HostileInputs.overlappingObjects(count: 200))
        #expect(e.diagnostics.contains { $0.id.contains("overlap") }, "\(Set(e.diagnostics.map(\.id)))")
        Self.expectBounded(e, lines: 20_000)
    }

    // MARK: - Reference loops

    /// `$objects` entries referring to each other in a ring, and a ring of 10,000.
    @Test(arguments: [3, 10_000]) func uidRing(size: Int) {
        let e = Self.exercise(HostileInputs.uidRing(size: size))
        Self.expectBounded(e, lines: 10 * size + 100)
    }

    /// `$class` pointing at the object itself, at another instance, and a class whose `$classes` is a UID loop.
    @Test func classPointingToItself() {
        let e = Self.exercise(HostileInputs.classPointingToItself())
        #expect(e.diagnostics.contains { $0.severity == .error })
        Self.expectBounded(e, lines: 1_000)
    }

    /// A bplist whose root array contains itself, and a dictionary whose key is the dictionary.
    @Test func bplistContainersContainingThemselves() {
        let e = Self.exercise(HostileInputs.containersContainingThemselves())
        #expect(e.diagnostics.contains { $0.severity == .error })
        Self.expectBounded(e, lines: 1_000)
    }

    /// One large inline array listed by many objects (plistlib writes a list object used in many places
    /// once): 20,000 objects sharing a 20,000-UID list would be 4·10^8 references from 400 KB if each
    /// object expanded it (4,000 of them took 11.9 s and 515 MB for `--check` before whole-file passes
    /// showed it under one owner). Also 19,999 lost objects, which the unreachable rule once handled in
    /// quadratic time. `wrapped`: each holder lists the shared list inside a one-item list of its own
    /// (14.5 s and 515 MB at 4,000 holders when only directly listed arrays counted as shared).
    @Test(arguments: [false, true])
    func inlineArraySharedByManyObjects(wrapped: Bool) {
        let bytes = HostileInputs.inlineArraySharedByManyObjects(count: 20_000, wrapped: wrapped)
        let e = Self.exercise(bytes)
        #expect(e.diagnostics.filter { $0.id == "keyed.inline.shared" }.count == 1)
        #expect(e.diagnostics.contains { $0.id == "keyed.object.unreachable" })
        Self.expectBounded(e, lines: bytes.count / 2, mebibytes: 256)
    }

    /// 20,000 `$objects` entries listing one 5,000-key dictionary (a valid file, 140 KB): 10^8 fields if
    /// read in every entry (`--check` did not finish in 120 s and passed 3 GB). One entry shows the
    /// fields; the others stand in for it (`SharedEntry`).
    @Test func dictionarySharedByManyEntries() {
        let bytes = HostileInputs.dictionarySharedByManyEntries(count: 20_000, keys: 5_000)
        let e = Self.exercise(bytes)
        #expect(e.objects == 20_002)
        #expect(e.diagnostics.filter { $0.id == "keyed.object.shared" }.count == 1)
        #expect(e.diagnostics.filter { $0.severity == .error }.map(\.id) == [])
        Self.expectBounded(e, lines: bytes.count, mebibytes: 512)
    }

    /// A damaged table: 20,000 entries holding the offset of one 5,000-entry container, in a plain
    /// plist (100 KB: `--check` took 1.3 GB, `--dump` did not finish in 120 s at 5 GB) and as
    /// `$objects` entries of a keyed archive (`--check` did not finish in 60 s at 3 GB).
    @Test(arguments: [false, true])
    func offsetSharedByManyObjects(keyed: Bool) {
        let bytes = HostileInputs.offsetSharedByManyObjects(count: 20_000, values: 5_000, keyed: keyed)
        let e = Self.exercise(bytes)
        #expect(e.diagnostics.filter { $0.id == "bplist.offset.duplicate" }.count == 20_000)
        #expect(!e.diagnostics.contains { $0.id == "bplist.object.unreferenced" })
        if keyed { #expect(e.diagnostics.filter { $0.id == "keyed.object.shared" }.count == 1) }
        Self.expectBounded(e, lines: bytes.count, mebibytes: 512)
    }

    /// 20,000 dictionary keys that are one 20,000-item array (240 KB): naming the keys decoded the array
    /// for each (`--dump` 4.4 s, the first screen 2.8 s in a release build); a container key is named
    /// from its header now.
    @Test func dictionaryKeyedByOneArray() {
        let bytes = HostileInputs.dictionaryKeyedByOneArray(entries: 20_000, items: 20_000)
        let e = Self.exercise(bytes)
        #expect(e.diagnostics.filter { $0.id == "bplist.dict.container-key" }.count == 20_000)
        Self.expectBounded(e, lines: bytes.count, seconds: 60, mebibytes: 512)
    }

    /// One object listing a 100 KB data node 20,000 times (a valid 120 KB file): every read of an item
    /// copied the data, and the rows or stacked items held the copies: `--check` 2.0 GB, `--dump`
    /// 2.0 GB, `--json` 7.8 GB (it also kept the object's whole JSON), and after that fix the JSON still
    /// carried the data 20,000 times (2.7 GB). The other outputs name it; the JSON writes it in full
    /// within its repeat budget, then names the object holding it.
    @Test func dataListedManyTimes() {
        let bytes = HostileInputs.dataListedManyTimes(count: 20_000, size: 100_000)
        let e = Self.exercise(bytes)
        #expect(e.diagnostics.filter { $0.severity == .error }.map(\.id) == [])
        #expect(e.jsonBytes > JSONRenderer.defaultRepeatBudget(inputSize: bytes.count), "repeats in full up to the budget")
        Self.expectBounded(e, lines: bytes.count, seconds: 120, mebibytes: 512)
    }

    /// 20,000 objects with one field each, all keyed by one 100 KB string (a valid 1.1 MB plistlib
    /// file): `--json` wrote the key for each object (2 GB). 10 KB here.
    @Test func longKeyForManyObjects() {
        let bytes = HostileInputs.longKeyForManyObjects(count: 20_000, length: 10_000)
        let e = Self.exercise(bytes)
        #expect(e.diagnostics.filter { $0.severity == .error }.map(\.id) == [])
        Self.expectBounded(e, lines: bytes.count, seconds: 120, mebibytes: 512)
    }

    /// 2,000 objects whose key, string value and class name are one letter with 50,000 accents (a single
    /// character 100 KB long in UTF-16): every `==`, `hasPrefix` or hash of such a key or name normalized
    /// it in full, about 2 ms each: a 300 KB file took 49 s to check and over 120 s to dump (release).
    /// Keys and names now compare by code units, as NSKeyedUnarchiver compares them.
    @Test func accentedLetterForKeysValuesAndClassNames() {
        let letter = HostileInputs.accentedLetter(marks: 50_000)
        let bytes = HostileInputs.keyedObjects(count: 2_000, key: letter, value: letter, className: letter)
        let e = Self.exercise(bytes)
        #expect(e.diagnostics.filter { $0.severity == .error }.map(\.id) == [])
        Self.expectBounded(e, lines: bytes.count, seconds: 60, mebibytes: 512)
    }

    /// A plain dictionary of 20,000 entries keyed by one letter with 50,000 accents (180 KB): cutting the
    /// key for each row kept the whole letter (one character) and each dump line carried 100 KB; once
    /// cut by scalars, looking for character breaks in a slice of the letter read all of it (21 s).
    @Test func plainDictionaryKeyedByOneAccentedLetter() {
        let bytes = HostileInputs.dictionaryKeyedByOneString(entries: 20_000, key: HostileInputs.accentedLetter(marks: 50_000))
        let e = Self.exercise(bytes)
        Self.expectBounded(e, lines: bytes.count, seconds: 60, mebibytes: 512)
    }

    /// The typedstream form: one object whose class name, 2,000 C strings and 2,000 selectors all name
    /// one shared letter with 20,000 accents.
    @Test func typedstreamAccentedLetterShared() {
        let letter = HostileInputs.accentedLetter(marks: 20_000)
        let bytes = HostileInputs.typedstreamSharedStringRepeated(count: 2_000, text: letter, className: letter)
        let e = Self.exercise(bytes)
        #expect(e.format == .typedstream(bigEndian: false))
        Self.expectBounded(e, lines: bytes.count, seconds: 60, mebibytes: 512)
    }

    /// 10,000 NSDictionary objects mapping one `$objects` string (a letter with 50,000 accents) to
    /// another by UID (1 MB): checking each reference for `$null` compared the target string by
    /// canonical equivalence, 20,000 times 2 ms (`--check` 36 s, `--dump` over 100 s, `--json` 78 s for
    /// 20,000 dictionaries in a release build; now 0.1 s, 1.1 s, 0.2 s).
    @Test func dictionariesSharingOneAccentedKeyObject() {
        let bytes = HostileInputs.dictionariesSharingOneKeyObject(count: 10_000, key: HostileInputs.accentedLetter(marks: 50_000),
                                                                  value: HostileInputs.accentedLetter(marks: 50_001))
        let e = Self.exercise(bytes)
        #expect(e.diagnostics.filter { $0.severity == .error }.map(\.id) == [])
        Self.expectBounded(e, lines: bytes.count, seconds: 60, mebibytes: 512)
    }

    /// 20,000 objects without `$class`, keyed by one 100 KB string: each error quoted the key in full
    /// (`--check` 64 s, 2 GB of output, 4 GB of RSS in a release build).
    @Test func objectsWithoutClassKeyedByOneLongKey() {
        let bytes = HostileInputs.keyedObjects(count: 20_000, key: String(repeating: "k", count: 100_000), withClass: false)
        let e = Self.exercise(bytes)
        #expect(e.diagnostics.filter { $0.id == "keyed.class.missing" }.count == 20_000)
        #expect(e.longestMessage < 400)
        Self.expectBounded(e, lines: 4 * bytes.count, seconds: 60, mebibytes: 512)
    }

    /// 20,000 objects whose field is one 100 KB UTF-16 string (a valid 820 KB plistlib file): each read
    /// decoded it again, a scalar at a time (`--check` 28 s, `--dump` over 120 s in a release build). Long
    /// strings and data are now kept once decoded, and UTF-16 is transcoded in one pass.
    @Test func utf16StringSharedByManyObjects() {
        let bytes = HostileInputs.keyedObjects(count: 20_000, key: "v", value: String(repeating: "é", count: 50_000))
        let e = Self.exercise(bytes)
        #expect(e.diagnostics.filter { $0.severity == .error }.map(\.id) == [])
        Self.expectBounded(e, lines: bytes.count, seconds: 60, mebibytes: 512)
    }

    /// 20,000 dictionary keys that are one 100 KB string (260 KB): every row, field and dump line held
    /// or printed the whole key (`--dump` over 60 s and 5.9 GB, 30 KB lines; the first screen 4.2 s and
    /// 3.9 GB). Keys are named once per object and cut to the summary limit where shown.
    @Test func dictionaryKeyedByOneLongString() {
        let bytes = HostileInputs.dictionaryKeyedByOneLongString(entries: 20_000, length: 100_000)
        let e = Self.exercise(bytes)
        #expect(e.objects == 3)
        Self.expectBounded(e, lines: bytes.count, seconds: 60, mebibytes: 512)
    }

    /// A typedstream naming one shared string 20,000 times as C strings and 20,000 times as selectors:
    /// each use decoded its own copy and the graph held them all (at 100 KB, a 200 KB file took 264 s and
    /// +3.8 GB in a debug build; now +20 MiB, and 4 GB of JSON before its repeat budget). 10 KB here.
    @Test func typedstreamSharedStringRepeated() {
        let bytes = HostileInputs.typedstreamSharedStringRepeated(count: 20_000, length: 10_000)
        let e = Self.exercise(bytes)
        #expect(e.format == .typedstream(bigEndian: false))
        Self.expectBounded(e, lines: bytes.count, seconds: 120, mebibytes: 256)
    }

    /// 20,000 objects of one class whose name is long (at 100 KB, a valid 1 MB plistlib file): every row
    /// and dump line named the class in full (`--dump` 42 s, 2 GB of output and 2 GB of RSS), and the
    /// JSON did for each object (4 GB at 100 KB). 10 KB here; dump lines stay under 2,000 bytes.
    @Test func longClassNameForManyObjects() {
        let bytes = HostileInputs.longClassNameForManyObjects(count: 20_000, length: 10_000)
        let e = Self.exercise(bytes)
        #expect(e.diagnostics.filter { $0.severity == .error }.map(\.id) == [])
        Self.expectBounded(e, lines: bytes.count, seconds: 120, mebibytes: 512)
    }

    // MARK: - Huge values

    /// A 50 MB ASCII string in a bplist: decodes, summaries are cut, the JSON carries all of it.
    @Test func fiftyMegabyteString() {
        let size = 50_000_000
        let bytes = HostileInputs.hugeString(size: size)
        let e = Self.exercise(bytes)
        #expect(e.diagnostics.isEmpty, "\(e.diagnostics.prefix(3))")
        #expect(e.jsonBytes > size)
        Self.expectBounded(e, lines: 100, seconds: 300)
        let document = ArchiveDocument.open(InputBytes(bytes), name: "big")
        let row = Outline(graph: document.graph).roots().first
        #expect((row?.summary.count ?? .max) <= ValueFormatter.summaryLimit + 10)
    }

    /// The same string as escape-heavy text: 50 MB of ESC bytes in an XML plist.
    @Test func fiftyMegabytesOfEscapes() {
        let e = Self.exercise(HostileInputs.escapes(size: 50_000_000))
        Self.expectBounded(e, lines: 100, seconds: 300)
    }

    // MARK: - Typedstream references to itself

    /// An object whose field refers back to the object itself (while it is still open), and a class
    /// record whose superclass refers to the class itself.
    @Test func typedstreamReferencingItself() {
        let e = Self.exercise(HostileInputs.typedstreamReferringToItself())
        Self.expectBounded(e, lines: 1_000)
    }

    /// 200,000 objects each referring to the previous one and to the first: wide and deep at once.
    @Test func typedstreamLongBackReferenceChain() {
        let n = 200_000
        let e = Self.exercise(HostileInputs.typedstreamBackReferences(count: n))
        Self.expectBounded(e, lines: 20 * n, seconds: 300)
    }
}
