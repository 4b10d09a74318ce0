import ArchiveModel

/// Inputs built to hurt (issue 6): extreme nesting, exponentially many paths, counts and sizes near
/// 2^64, offset tables pointing into themselves, overlapping objects, reference loops, huge strings,
/// typedstreams that refer to themselves. Shared by the model's hostile tests (decoders, `--dump`,
/// `--json`), the browser's (headless screens) and the fuzz seeds.
///
/// Builders for large inputs use plain loops: the general builders are slow in debug builds.
public enum HostileInputs {
    /// One named input.
    public struct Input: Sendable, CustomStringConvertible {
        public let name: String
        public let bytes: [UInt8]
        public var description: String { "\(name) (\(bytes.count) bytes)" }
    }

    /// Every kind of hostile input once, at `depth` levels for the nesting ones and `size` bytes for the
    /// huge strings (the model tests use a million levels and 50 MB; browser tests and seeds use less).
    public static func catalogue(depth: Int, size: Int) -> [Input] {
        [
            Input(name: "bplist arrays nested \(depth) deep", bytes: bplistNested(depth: depth)),
            Input(name: "XML arrays nested \(depth) deep", bytes: xmlNested(depth: depth)),
            Input(name: "XML arrays opened \(depth) times", bytes: xmlLeftOpen(depth: depth)),
            Input(name: "OpenStep arrays nested \(depth) deep", bytes: openStepNested(depth: depth)),
            Input(name: "typedstream objects nested \(depth) deep", bytes: typedstreamNested(depth: depth)),
            Input(name: "bplist DAG with 2^64 paths", bytes: bplistDAG()),
            Input(name: "keyed DAG with 2^64 paths", bytes: keyedDAG()),
            Input(name: "embedded archives listed 30 times, 3 levels", bytes: embeddedArchives()),
            Input(name: "array count 2^64-1", bytes: countExtension(marker: 0xAF, count: .max)),
            Input(name: "string count 2^63", bytes: countExtension(marker: 0x5F, count: 1 << 63)),
            Input(name: "trailer fields 2^64-1", bytes: trailer(count: .max, top: .max, table: .max)),
            Input(name: "16-byte offsets of all ones", bytes: wideOffsets(width: 16)),
            Input(name: "offset table pointing into itself", bytes: offsetTablePointingIntoItself()),
            Input(name: "200 overlapping objects", bytes: overlappingObjects(count: 200)),
            Input(name: "$objects ring of 10,000", bytes: uidRing(size: 10_000)),
            Input(name: "$class pointing to itself", bytes: classPointingToItself()),
            Input(name: "bplist containers containing themselves", bytes: containersContainingThemselves()),
            // Known limit (ROBUSTNESS.md): each holder expands the shared list, n² values in all; at 4,000
            // (16 million values from 60 KB) a release build needs 12 s for --check; 500 keeps the browser test
            // well inside its guard on a loaded machine (1,000 took 92 s of 120 in a debug build).
            Input(name: "inline array shared by 4,000 objects", bytes: inlineArraySharedByManyObjects(count: 4_000)),
            Input(name: "inline array shared inside 4,000 lists", bytes: inlineArraySharedByManyObjects(count: 4_000, wrapped: true)),
            Input(name: "dictionary shared by 4,000 $objects entries", bytes: dictionarySharedByManyEntries(count: 4_000, keys: 4_000)),
            Input(name: "4,000 table entries at one dictionary's offset", bytes: offsetSharedByManyObjects(count: 4_000, values: 4_000, keyed: false)),
            Input(name: "4,000 $objects entries at one dictionary's offset", bytes: offsetSharedByManyObjects(count: 4_000, values: 4_000, keyed: true)),
            Input(name: "4,000 keys that are one 4,000-item array", bytes: dictionaryKeyedByOneArray(entries: 4_000, items: 4_000)),
            Input(name: "100 KB of data listed 4,000 times", bytes: dataListedManyTimes(count: 4_000, size: 100_000)),
            Input(name: "4,000 keys that are one 100 KB string", bytes: dictionaryKeyedByOneLongString(entries: 4_000, length: 100_000)),
            Input(name: "4,000 objects of a class with a 100 KB name", bytes: longClassNameForManyObjects(count: 4_000, length: 100_000)),
            Input(name: "4,000 objects with one 100 KB key", bytes: longKeyForManyObjects(count: 4_000, length: 100_000)),
            Input(name: "1,000 objects keyed by one letter with 20,000 accents", bytes: keyedObjects(count: 1_000, key: accentedLetter(marks: 20_000), value: accentedLetter(marks: 20_000), className: accentedLetter(marks: 20_000))),
            Input(name: "4,000 objects without $class keyed by one 100 KB key", bytes: keyedObjects(count: 4_000, key: String(repeating: "k", count: 100_000), withClass: false)),
            Input(name: "4,000 objects sharing one 100 KB UTF-16 string", bytes: keyedObjects(count: 4_000, key: "v", value: String(repeating: "é", count: 50_000))),
            Input(name: "2,000 dictionaries mapping one accented $objects key", bytes: dictionariesSharingOneKeyObject(count: 2_000, key: accentedLetter(marks: 20_000), value: accentedLetter(marks: 20_001))),
            Input(name: "\(size)-byte string", bytes: hugeString(size: size)),
            Input(name: "\(size) ESC bytes in XML", bytes: escapes(size: size)),
            Input(name: "typedstream referring to itself", bytes: typedstreamReferringToItself()),
            Input(name: "typedstream chain of \(depth) back references", bytes: typedstreamBackReferences(count: depth)),
            Input(name: "typedstream naming one 100 KB string 4,000 times", bytes: typedstreamSharedStringRepeated(count: 4_000, length: 100_000)),
        ] + nibCatalogue(depth: depth)
    }

    // MARK: - bplist pieces

    /// A bplist00 from pre-encoded objects, with 4-byte offsets and 4-byte references.
    public static func bplist(objects: [[UInt8]], top: Int = 0) -> [UInt8] {
        var out = Array("bplist00".utf8)
        var offsets: [Int] = []
        offsets.reserveCapacity(objects.count)
        for o in objects { offsets.append(out.count); out += o }
        let table = out.count
        for o in offsets { bigEndian(UInt64(o), 4, &out) }
        out += [0, 0, 0, 0, 0, 0, 4, 4]
        bigEndian(UInt64(objects.count), 8, &out)
        bigEndian(UInt64(top), 8, &out)
        bigEndian(UInt64(table), 8, &out)
        return out
    }

    /// Appends `v` as `width` big-endian bytes.
    public static func bigEndian(_ v: UInt64, _ width: Int, _ out: inout [UInt8]) {
        for i in stride(from: width - 1, through: 0, by: -1) { out.append(UInt8(truncatingIfNeeded: v >> (8 * UInt64(i)))) }
    }

    /// An array object holding `refs` as 4-byte references (count < 15).
    public static func array(_ refs: [Int]) -> [UInt8] {
        var o: [UInt8] = [0xA0 | UInt8(refs.count & 0x0F)]
        for r in refs { bigEndian(UInt64(r), 4, &o) }
        return o
    }

    // MARK: - Nesting

    /// Arrays each holding the next, `depth` levels, ending in an integer.
    public static func bplistNested(depth: Int) -> [UInt8] {
        var objects: [[UInt8]] = []
        objects.reserveCapacity(depth + 1)
        for i in 0..<depth { objects.append(array([i + 1])) }
        objects.append([0x10, 0x2A])
        return bplist(objects: objects)
    }

    public static func xmlNested(depth: Int) -> [UInt8] {
        Array(("<?xml version=\"1.0\"?><plist version=\"1.0\">" + String(repeating: "<array>", count: depth)
            + "<true/>" + String(repeating: "</array>", count: depth) + "</plist>").utf8)
    }

    /// Arrays opened `depth` times and never closed.
    public static func xmlLeftOpen(depth: Int) -> [UInt8] {
        Array(("<plist>" + String(repeating: "<array>", count: depth)).utf8)
    }

    public static func openStepNested(depth: Int) -> [UInt8] {
        Array((String(repeating: "(", count: depth) + "x" + String(repeating: ")", count: depth)).utf8)
    }

    public static func typedstreamNested(depth: Int) -> [UInt8] {
        var w = TypedstreamWriter()
        w.header()
        w.types("@")
        for _ in 0..<depth {
            w.beginObject([("Node", 0)])
            w.types("@")
        }
        w.nilTag()
        for _ in 0..<depth { w.endObject() }
        return w.bytes
    }

    // MARK: - Exponentially many paths

    /// 64 levels, each referring to the next twice: 2^64 paths, 65 objects.
    public static func bplistDAG() -> [UInt8] {
        var objects = (0..<64).map { array([$0 + 1, $0 + 1]) }
        objects.append([0x51, 0x78])
        return bplist(objects: objects)
    }

    /// 64 keyed objects whose `left` and `right` both refer to the next.
    public static func keyedDAG() -> [UInt8] {
        var a = KeyedArchiveBuilder()
        var next = a.object("Leaf", [("v", .int(1))])
        for _ in 0..<64 { next = a.object("Node", [("left", .ref(next)), ("right", .ref(next))]) }
        a.top = [("root", .ref(next))]
        return a.buildBinary()
    }

    /// An archive in a data value listed 30 times, holding one listed 30 times, three levels down.
    public static func embeddedArchives() -> [UInt8] {
        var inner: [UInt8] = {
            var b = BinaryPlistBuilder()
            b.add(.string("leaf"))
            return b.build().bytes
        }()
        for _ in 0..<3 {
            var b = BinaryPlistBuilder()
            b.add(.array(Array(repeating: 1, count: 30)))
            b.add(.data(inner))
            inner = b.build().bytes
        }
        return inner
    }

    // MARK: - Counts and sizes near 2^64

    /// One object whose count extension (an 8-byte integer) says `count`.
    public static func countExtension(marker: UInt8, count: UInt64) -> [UInt8] {
        var object: [UInt8] = [marker, 0x13]
        bigEndian(count, 8, &object)
        object += [0, 0, 0, 0]
        return bplist(objects: [object])
    }

    /// A one-object bplist whose trailer says `count` objects, top `top`, table at `table`.
    public static func trailer(count: UInt64, top: UInt64, table: UInt64) -> [UInt8] {
        var out = Array("bplist00".utf8) + [0x10, 0x01, 0x08]
        out += [0, 0, 0, 0, 0, 0, 1, 1]
        bigEndian(count, 8, &out)
        bigEndian(top, 8, &out)
        bigEndian(table, 8, &out)
        return out
    }

    /// Offsets `width` bytes wide (8 or 16), all ones.
    public static func wideOffsets(width: Int) -> [UInt8] {
        var out = Array("bplist00".utf8) + [0xA2, 0x00, 0x01]
        let table = out.count
        for _ in 0..<max(1, width / 8) { bigEndian(UInt64.max, 8, &out) }
        out += [0, 0, 0, 0, 0, 0, UInt8(truncatingIfNeeded: width), 1]
        bigEndian(1, 8, &out)
        bigEndian(0, 8, &out)
        bigEndian(UInt64(table), 8, &out)
        return out
    }

    // MARK: - Tables and objects in the wrong places

    /// Every offset points into the offset table itself (one at the trailer).
    public static func offsetTablePointingIntoItself() -> [UInt8] {
        let n = 64
        var out = Array("bplist00".utf8) + [0x10, 0x00]
        let table = out.count
        for i in 0..<n { bigEndian(UInt64(table + (i % 8)), 2, &out) }
        let trailer = out.count
        out[table + 2] = UInt8(truncatingIfNeeded: trailer >> 8)
        out[table + 3] = UInt8(truncatingIfNeeded: trailer)
        out += [0, 0, 0, 0, 0, 0, 2, 1]
        bigEndian(UInt64(n), 8, &out)
        bigEndian(0, 8, &out)
        bigEndian(UInt64(table), 8, &out)
        return out
    }

    /// Every offset one byte further into the same run of array markers, so each array's references
    /// are the next arrays' markers.
    public static func overlappingObjects(count n: Int) -> [UInt8] {
        var out = Array("bplist00".utf8) + [UInt8](repeating: 0xA3, count: n + 8)
        let table = out.count
        for i in 0..<n { bigEndian(UInt64(8 + i), 2, &out) }
        out += [0, 0, 0, 0, 0, 0, 2, 1]
        bigEndian(UInt64(n), 8, &out)
        bigEndian(0, 8, &out)
        bigEndian(UInt64(table), 8, &out)
        return out
    }

    // MARK: - Reference loops

    /// `$objects` entries referring to each other in a ring of `size`.
    public static func uidRing(size: Int) -> [UInt8] {
        var a = KeyedArchiveBuilder()
        let first = a.entries.count
        for i in 0..<size { a.add(.object(classID: nil, fields: [("next", .ref(first + (i + 1) % size))])) }
        let cls = a.classID("Ring")
        for i in 0..<size { a.set(first + i, .object(classID: cls, fields: [("next", .ref(first + (i + 1) % size))])) }
        a.top = [("root", .ref(first))]
        return a.buildBinary()
    }

    /// `$class` pointing at the object itself, two instances as each other's class, `$classname` a UID.
    public static func classPointingToItself() -> [UInt8] {
        var a = KeyedArchiveBuilder()
        let selfish = a.reserve()
        a.set(selfish, .object(classID: selfish, fields: [("x", .int(1))]))
        let other = a.reserve()
        let pair = a.add(.object(classID: other, fields: [("peer", .ref(other))]))
        a.set(other, .object(classID: pair, fields: [("peer", .ref(pair))]))
        let odd = a.add(.rawDictionary([("$classname", .ref(selfish)), ("$classes", .refs([selfish, other]))]))
        let weird = a.add(.object(classID: odd, fields: []))
        a.top = [("root", .ref(selfish)), ("pair", .ref(pair)), ("weird", .ref(weird))]
        return a.buildBinary()
    }

    /// A root array that contains itself, and a dictionary whose key is the dictionary.
    public static func containersContainingThemselves() -> [UInt8] {
        var d: [UInt8] = [0xD1]
        bigEndian(1, 4, &d)
        bigEndian(1, 4, &d)
        return bplist(objects: [array([0, 0, 1]), d])
    }

    /// `count` keyed objects whose `list` field is the same inline array of `count` UIDs (Python's
    /// plistlib writes a list used in many places once); `wrapped`, each holder's field is a one-item
    /// list of its own around the shared one.
    public static func inlineArraySharedByManyObjects(count n: Int, wrapped: Bool = false) -> [UInt8] {
        var b = BinaryPlistBuilder()
        b.add(.null) // 0: the root, set below
        let keys = ["$archiver", "$top", "$objects", "root", "list", "$class"].map { b.add(.string($0)) }
        let archiver = b.add(.string("NSKeyedArchiver"))
        let uid1 = b.add(.uid(1)), classUID = b.add(.uid(UInt64(n + 1)))
        let shared = b.add(.array(Array(repeating: uid1, count: n)))
        let holders = (0..<n).map { _ in b.add(.dict([(keys[5], classUID), (keys[4], wrapped ? b.add(.array([shared])) : shared)])) }
        let cls = b.add(.dict([(b.add(.string("$classname")), b.add(.string("Holder"))),
                               (b.add(.string("$classes")), b.add(.array([b.add(.string("Holder"))])))]))
        let null = b.add(.string("$null"))
        let objects = b.add(.array([null] + holders + [cls]))
        let top = b.add(.dict([(keys[3], uid1)]))
        b.objects[0] = .dict([(keys[0], archiver), (keys[1], top), (keys[2], objects)])
        return b.build().bytes
    }

    /// A keyed archive whose `$objects` lists one `keys`-key dictionary `count` times (Python's plistlib
    /// writes a dictionary used twice once): NSKeyedUnarchiver reads `count` objects of `keys` fields each.
    public static func dictionarySharedByManyEntries(count n: Int, keys k: Int) -> [UInt8] {
        var b = BinaryPlistBuilder()
        b.add(.null) // 0: the root, set below
        let uid1 = b.add(.uid(1))
        var fields: [(Int, Int)] = [(b.add(.string("$class")), b.add(.uid(UInt64(n + 1))))]
        for i in 0..<k { fields.append((b.add(.string("k\(i)")), uid1)) }
        let shared = b.add(.dict(fields))
        let cls = b.add(.dict([(b.add(.string("$classname")), b.add(.string("Thing"))),
                               (b.add(.string("$classes")), b.add(.array([b.add(.string("Thing"))])))]))
        let objects = b.add(.array([b.add(.string("$null"))] + Array(repeating: shared, count: n) + [cls]))
        let top = b.add(.dict([(b.add(.string("root")), uid1)]))
        b.objects[0] = .dict([(b.add(.string("$archiver")), b.add(.string("NSKeyedArchiver"))),
                              (b.add(.string("$version")), b.add(.integer(100_000))),
                              (b.add(.string("$top")), top), (b.add(.string("$objects")), objects)])
        return b.build().bytes
    }

    /// A damaged offset table: `count` entries hold the offset of one container of `values` values.
    /// Plain: the top object is a dictionary of `values` keys, and `count` table entries repeat its
    /// offset. Keyed: `$objects` entries 2…`count`+1 are table entries that repeat the offset of entry
    /// 1, a dictionary of `values` keys.
    public static func offsetSharedByManyObjects(count n: Int, values k: Int, keyed: Bool) -> [UInt8] {
        var b = BinaryPlistBuilder()
        b.offsetIntSize = 4
        b.add(.null) // 0: the root, set below
        var sharers: [Int] = []
        let target: Int
        if keyed {
            let uid1 = b.add(.uid(1))
            var fields: [(Int, Int)] = [(b.add(.string("$class")), b.add(.uid(UInt64(n + 2))))]
            for i in 0..<k { fields.append((b.add(.string("k\(i)")), uid1)) }
            target = b.add(.dict(fields))
            sharers = (0..<n).map { _ in b.add(.null) }   // placeholders: their offsets are rewritten below
            let cls = b.add(.dict([(b.add(.string("$classname")), b.add(.string("Thing"))),
                                   (b.add(.string("$classes")), b.add(.array([b.add(.string("Thing"))])))]))
            let objects = b.add(.array([b.add(.string("$null")), target] + sharers + [cls]))
            let top = b.add(.dict([(b.add(.string("root")), uid1)]))
            b.objects[0] = .dict([(b.add(.string("$archiver")), b.add(.string("NSKeyedArchiver"))),
                                  (b.add(.string("$version")), b.add(.integer(100_000))),
                                  (b.add(.string("$top")), top), (b.add(.string("$objects")), objects)])
        } else {
            let a = b.add(.string("a"))
            b.objects[0] = .dict(Array(repeating: (a, a), count: k))
            target = 0
            sharers = (0..<n).map { _ in b.add(.null) }
        }
        let built = b.build()
        var bytes = built.bytes
        let offset = UInt64(built.ranges[target].start)
        for id in sharers {
            var entry: [UInt8] = []
            bigEndian(offset, 4, &entry)
            bytes.replaceSubrange((built.tableOffset + 4 * id)..<(built.tableOffset + 4 * id + 4), with: entry)
        }
        return bytes
    }

    /// A dictionary of `entries` entries whose keys are all one array of `items` references (CF rejects
    /// container keys): naming each key by decoding it is `entries` × `items` work.
    public static func dictionaryKeyedByOneArray(entries k: Int, items m: Int) -> [UInt8] {
        var b = BinaryPlistBuilder()
        b.add(.null) // 0: the dictionary, set below
        let value = b.add(.string("a"))
        let key = b.add(.array(Array(repeating: value, count: m)))
        b.objects[0] = .dict(Array(repeating: (key, value), count: k))
        return b.build().bytes
    }

    /// A keyed archive whose one object lists a `size`-byte data node `count` times in an inline list
    /// (Python's plistlib writes equal data once): each read of an item used to copy the data.
    public static func dataListedManyTimes(count n: Int, size: Int) -> [UInt8] {
        var b = BinaryPlistBuilder()
        b.add(.null) // 0: the root, set below
        let data = b.add(.data(Array(repeating: 0x78, count: size)))
        let holder = b.add(.dict([(b.add(.string("$class")), b.add(.uid(2))), (b.add(.string("list")), b.add(.array(Array(repeating: data, count: n))))]))
        let cls = b.add(.dict([(b.add(.string("$classname")), b.add(.string("Thing"))),
                               (b.add(.string("$classes")), b.add(.array([b.add(.string("Thing"))])))]))
        let objects = b.add(.array([b.add(.string("$null")), holder, cls]))
        let top = b.add(.dict([(b.add(.string("root")), b.add(.uid(1)))]))
        b.objects[0] = .dict([(b.add(.string("$archiver")), b.add(.string("NSKeyedArchiver"))),
                              (b.add(.string("$version")), b.add(.integer(100_000))),
                              (b.add(.string("$top")), top), (b.add(.string("$objects")), objects)])
        return b.build().bytes
    }

    /// A dictionary of `entries` entries whose keys are all one string of `length` characters (CF
    /// keeps hash-equal keys of a malformed file): each row named its key in full.
    public static func dictionaryKeyedByOneLongString(entries k: Int, length: Int) -> [UInt8] {
        dictionaryKeyedByOneString(entries: k, key: String(repeating: "k", count: length))
    }

    /// A dictionary of `entries` entries whose keys are all the one string node `key`.
    public static func dictionaryKeyedByOneString(entries k: Int, key text: String) -> [UInt8] {
        var b = BinaryPlistBuilder()
        b.add(.null) // 0: the dictionary, set below
        let value = b.add(.string("a"))
        let key = b.add(.string(text))
        b.objects[0] = .dict(Array(repeating: (key, value), count: k))
        return b.build().bytes
    }

    /// A keyed archive of `count` objects of one class whose name is `length` characters long, all
    /// listed by the root: every row and dump line named the class in full.
    public static func longClassNameForManyObjects(count n: Int, length: Int) -> [UInt8] {
        var b = BinaryPlistBuilder()
        b.add(.null) // 0: the root, set below
        let classKey = b.add(.string("$class")), classUID = b.add(.uid(UInt64(n + 2)))
        let name = b.add(.string(String(repeating: "C", count: length)))
        let items = b.add(.array((0..<n).map { b.add(.uid(UInt64($0 + 2))) }))
        let root = b.add(.dict([(classKey, classUID), (b.add(.string("items")), items)]))
        let member = b.add(.dict([(classKey, classUID)]))
        let cls = b.add(.dict([(b.add(.string("$classname")), name), (b.add(.string("$classes")), b.add(.array([name, b.add(.string("NSObject"))])))]))
        let objects = b.add(.array([b.add(.string("$null")), root] + Array(repeating: member, count: n) + [cls]))
        let top = b.add(.dict([(b.add(.string("root")), b.add(.uid(1)))]))
        b.objects[0] = .dict([(b.add(.string("$archiver")), b.add(.string("NSKeyedArchiver"))),
                              (b.add(.string("$version")), b.add(.integer(100_000))),
                              (b.add(.string("$top")), top), (b.add(.string("$objects")), objects)])
        return b.build().bytes
    }

    /// A keyed archive of `count` objects, each with one field whose key is one `length`-character
    /// string (Python's plistlib writes equal keys once), all listed by the root: `--json` wrote the key
    /// in full for every object.
    public static func longKeyForManyObjects(count n: Int, length: Int) -> [UInt8] {
        keyedObjects(count: n, key: String(repeating: "k", count: length))
    }

    /// One letter carrying `marks` combining accents: a single character of any length, which Swift's
    /// `==`, `hasPrefix` and hashing normalize in full at each comparison.
    public static func accentedLetter(marks: Int) -> String {
        "a" + String(repeating: "\u{301}", count: marks)
    }

    /// A keyed archive of `count` objects, all listed by the root, each `{key: value}` plus `$class`
    /// (or without `$class` when `withClass` is false), every object naming the one key node and, when
    /// `value` is given, the one string node. `className` names their class.
    public static func keyedObjects(count n: Int, key: String, value: String? = nil, withClass: Bool = true,
                                    className: String = "Thing") -> [UInt8] {
        var b = BinaryPlistBuilder()
        b.add(.null) // 0: the root, set below
        let classKey = b.add(.string("$class")), classUID = b.add(.uid(UInt64(n + 2)))
        let keyID = b.add(.string(key))
        let valueID = b.add(value.map { .string($0) } ?? .integer(1))
        let items = b.add(.array((0..<n).map { b.add(.uid(UInt64($0 + 2))) }))
        let root = b.add(.dict([(classKey, classUID), (b.add(.string("items")), items)]))
        let members = (0..<n).map { _ in b.add(.dict((withClass ? [(classKey, classUID)] : []) + [(keyID, valueID)])) }
        let name = b.add(.string(className))
        let cls = b.add(.dict([(b.add(.string("$classname")), name), (b.add(.string("$classes")), b.add(.array([name, b.add(.string("NSObject"))])))]))
        let objects = b.add(.array([b.add(.string("$null")), root] + members + [cls]))
        let top = b.add(.dict([(b.add(.string("root")), b.add(.uid(1)))]))
        b.objects[0] = .dict([(b.add(.string("$archiver")), b.add(.string("NSKeyedArchiver"))),
                              (b.add(.string("$version")), b.add(.integer(100_000))),
                              (b.add(.string("$top")), top), (b.add(.string("$objects")), objects)])
        return b.build().bytes
    }

    /// A keyed archive of `count` NSDictionary objects, each mapping the one `$objects` string `key` to
    /// the one string `value` by UID: every reference is checked for `$null`, which compared the
    /// string by canonical equivalence.
    public static func dictionariesSharingOneKeyObject(count n: Int, key: String, value: String) -> [UInt8] {
        var b = BinaryPlistBuilder()
        b.add(.null) // 0: the root, set below
        let classKey = b.add(.string("$class")), keysKey = b.add(.string("NS.keys")), objectsKey = b.add(.string("NS.objects"))
        let arrayClass = b.add(.uid(UInt64(n + 4))), dictClass = b.add(.uid(UInt64(n + 5)))
        let keyUID = b.add(.uid(UInt64(n + 2))), valueUID = b.add(.uid(UInt64(n + 3)))
        let root = b.add(.dict([(classKey, arrayClass), (objectsKey, b.add(.array((0..<n).map { b.add(.uid(UInt64($0 + 2))) })))]))
        let dicts = (0..<n).map { _ in
            b.add(.dict([(classKey, dictClass), (keysKey, b.add(.array([keyUID]))), (objectsKey, b.add(.array([valueUID])))]))
        }
        func classDict(_ name: String) -> Int {
            let nameID = b.add(.string(name))
            return b.add(.dict([(b.add(.string("$classname")), nameID), (b.add(.string("$classes")), b.add(.array([nameID, b.add(.string("NSObject"))])))]))
        }
        let tail = [b.add(.string(key)), b.add(.string(value)), classDict("NSArray"), classDict("NSDictionary")]
        let objects = b.add(.array([b.add(.string("$null")), root] + dicts + tail))
        let top = b.add(.dict([(b.add(.string("root")), b.add(.uid(1)))]))
        b.objects[0] = .dict([(b.add(.string("$archiver")), b.add(.string("NSKeyedArchiver"))),
                              (b.add(.string("$version")), b.add(.integer(100_000))),
                              (b.add(.string("$top")), top), (b.add(.string("$objects")), objects)])
        return b.build().bytes
    }

    // MARK: - Huge values

    /// An ASCII string of `size` bytes in a bplist.
    public static func hugeString(size: Int) -> [UInt8] {
        var object: [UInt8] = [0x5F, 0x12]
        bigEndian(UInt64(size), 4, &object)
        object += [UInt8](repeating: UInt8(ascii: "a"), count: size)
        return bplist(objects: [object])
    }

    /// `size` ESC bytes in an XML `<string>`.
    public static func escapes(size: Int) -> [UInt8] {
        Array("<plist><string>".utf8) + [UInt8](repeating: 0x1B, count: size) + Array("</string></plist>".utf8)
    }

    // MARK: - Typedstreams referring to themselves

    /// An object whose fields refer back to the object while it is still open, and a class record whose
    /// superclass refers to its own table slot.
    public static func typedstreamReferringToItself() -> [UInt8] {
        var w = TypedstreamWriter()
        w.header()
        w.types("@")
        let node = w.beginObject([("Node", 0)])
        w.types("@@")
        w.ref(node)
        w.ref(node)
        w.endObject()
        w.types("@")
        w.newTag()
        let slot = w.objectCount
        w.newTag()
        w.shared("Loop")
        w.int(0)
        w.ref(slot + 1)
        w.endObject()
        return w.bytes
    }

    /// A typedstream object whose fields are `count` C strings and `count` selectors that all name one
    /// `length`-byte shared string (a reference costs two bytes).
    public static func typedstreamSharedStringRepeated(count n: Int, length: Int) -> [UInt8] {
        typedstreamSharedStringRepeated(count: n, text: String(repeating: "s", count: length))
    }

    /// As above, naming `text`, in an object whose class is named `text` too.
    public static func typedstreamSharedStringRepeated(count n: Int, text: String, className: String = "Holder") -> [UInt8] {
        var w = TypedstreamWriter()
        w.header()
        w.types("@")
        w.beginObject([(className, 0)])
        w.types(String(repeating: "*", count: n))
        for _ in 0..<n { w.cString(text) }
        w.types(String(repeating: ":", count: n))
        for _ in 0..<n { w.shared(text) }
        w.endObject()
        return w.bytes
    }

    /// `count` objects each referring to the previous one and to the first: wide and deep at once.
    public static func typedstreamBackReferences(count n: Int) -> [UInt8] {
        var w = TypedstreamWriter()
        w.header()
        w.types("@")
        let first = w.beginObject([("Node", 0)])
        w.types("@")
        w.nilTag()
        w.endObject()
        var previous = first
        for _ in 0..<n {
            w.types("@")
            let id = w.beginObject([("Node", 0)])
            w.types("@@")
            w.ref(previous)
            w.ref(first)
            w.endObject()
            previous = id
        }
        return w.bytes
    }
}
