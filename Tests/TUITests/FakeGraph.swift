import ArchiveModel

/// A small in-memory archive with every case the browser must show: a shared object, a cycle
/// A→B→A, nil, conditional-null and dangling references, a million-item list, hostile text,
/// objects with diagnostics and an unreachable object.
final class FakeGraph: ObjectGraph, @unchecked Sendable {
    // Safety: immutable after init.
    let container: ContainerFormat = .binaryPlist
    let archiveKind = "NSKeyedArchiver"
    let input: InputBytes
    let objects: [GraphObject]
    let topLevel: [Field]
    let openDiagnostics: [Diagnostic]
    let checkDiagnostics: [Diagnostic]

    var objectCount: Int { objects.count }

    func object(_ id: ObjectID) -> GraphObject {
        id >= 0 && id < objects.count ? objects[id] : GraphObject(id: id, kind: .invalid)
    }

    func fullCheck(progress: (Double) -> Bool) -> [Diagnostic] {
        _ = progress(0.5)
        return checkDiagnostics
    }

    static let hostile = "esc\u{1B}[31mred\u{07} 日本語 😀 e\u{301} \u{202E}rtl"
    static let bigCount = 1_000_000

    /// The instance with a million-item list (built once; only the tests about size use it).
    static let huge = FakeGraph()
    /// The same archive with a 20-item list, for everything else.
    static let small = FakeGraph(bigCount: 20)

    init(bigCount: Int = FakeGraph.bigCount) {
        input = InputBytes((0..<256).map { UInt8($0) })
        let badDiag = Diagnostic("archive.field.invalid", .error, "field count is 3 but 2 values follow",
                                 range: ByteRange(120, 130), object: 7)
        let sharedWarning = Diagnostic("archive.class.unusual", .warning, "class Shared is not an Apple class",
                                       range: ByteRange(40, 56), object: 2)
        objects = [
            GraphObject(id: 0, kind: .nullMarker, range: ByteRange(8, 9)),
            Self.instance(1, "Root", ByteRange(10, 40), Self.rootFields),
            Self.instance(2, "Shared", ByteRange(40, 56), [Field(key: "name", value: .scalar(.string("shared thing")))],
                          diagnostics: [sharedWarning]),
            Self.instance(3, "NodeA", ByteRange(56, 64), [Field(key: "next", value: Self.ref(4), range: ByteRange(60, 62))]),
            Self.instance(4, "NodeB", ByteRange(64, 72), [Field(key: "next", value: Self.ref(3), range: ByteRange(68, 70))]),
            // A custom class, so the million items stay an inline list (NSArray would be presented as a known class).
            Self.instance(5, "BigList", ByteRange(72, 100), [
                Field(key: "NS.objects", value: .list((0..<bigCount).map { .scalar(.integer(Int128($0), width: 4)) })),
            ]),
            GraphObject(id: 6, kind: .value, value: .string(FakeGraph.hostile), range: ByteRange(100, 120)),
            Self.instance(7, "Broken", ByteRange(120, 140), [Field(key: "length", value: .invalid("truncated integer: 2 of 8 bytes"))],
                          diagnostics: [badDiag]),
            GraphObject(id: 8, kind: .classDescription, className: "Root",
                        classChain: [ClassInfo(name: "Root"), ClassInfo(name: "NSObject")], range: ByteRange(140, 160)),
            Self.instance(9, "Orphan", ByteRange(160, 170), [Field(key: "owner", value: Self.ref(1))]),
        ]
        topLevel = [Field(key: "root", value: Self.ref(1), range: ByteRange(200, 210))]
        openDiagnostics = [badDiag]
        checkDiagnostics = [
            badDiag, sharedWarning,
            Diagnostic("bplist.trailer.padding", .note, "trailer has 2 unused bytes", range: ByteRange(250, 252)),
            Diagnostic("archive.cycle", .warning, "reference cycle: #3 → #4 → #3", range: ByteRange(68, 70), object: 4),
            Diagnostic("archive.unreachable", .warning, "object 9 is unreachable", object: 9),
        ]
    }

    static func ref(_ id: Int) -> FieldValue { .reference(.object(id)) }

    static func instance(_ id: Int, _ cls: String, _ range: ByteRange, _ fields: [Field],
                         diagnostics: [Diagnostic] = []) -> GraphObject {
        GraphObject(id: id, kind: .instance, className: cls, classChain: [ClassInfo(name: cls), ClassInfo(name: "NSObject")],
                    fields: fields, range: range, diagnostics: diagnostics)
    }

    /// Fields of the root object, in order (the row numbers tests use are listed in `Rows`).
    static let rootFields: [Field] = [
        Field(key: "shared1", value: ref(2), range: ByteRange(12, 14)),
        Field(key: "shared2", value: ref(2), range: ByteRange(14, 16)),
        Field(key: "cycle", value: ref(3), range: ByteRange(16, 18)),
        Field(key: "nothing", value: .reference(.null), range: ByteRange(18, 20)),
        Field(key: "maybe", value: .reference(.conditionalNull(0)), range: ByteRange(20, 22)),
        Field(key: "broken", value: .reference(.dangling(raw: 99, reason: "object reference 99 is out of range (the table has 10 objects)")),
              range: ByteRange(22, 24)),
        Field(key: "big", value: ref(5), range: ByteRange(24, 26)),
        Field(key: "text", value: ref(6), range: ByteRange(26, 28)),
        Field(key: "bad", value: ref(7), range: ByteRange(28, 30)),
        Field(key: "count", value: .scalar(.integer(42, width: 1)), range: ByteRange(30, 32)),
        Field(key: "k\u{1B}ey", value: .scalar(.string("日本語テキスト")), range: ByteRange(32, 40)),
    ]
}

/// Paths of the fake graph's rows (the single root `root` starts expanded).
enum Rows {
    static let root = [0]
    static let shared1 = [0, 0]
    static let shared2 = [0, 1]
    static let cycle = [0, 2]
    static let nothing = [0, 3]
    static let maybe = [0, 4]
    static let broken = [0, 5]
    static let big = [0, 6]
    static let text = [0, 7]
    static let bad = [0, 8]
    static let count = [0, 9]
    static let wideKey = [0, 10]
    static let lostAndFound = [1]
}
