import ArchiveModel

/// Turns arbitrary bytes into a keyed archive: the bytes are read as a program of builder steps
/// (entries, classes, fields, references, top-level keys), so every input yields a well-formed bplist00
/// container with arbitrary NSKeyedArchiver semantics — cycles, self-referencing `$class`, UIDs out of
/// range, known classes with wrong field types. A few trailing steps may then overwrite raw bytes, so
/// container damage meets archive damage too.
///
/// This reaches the keyed layer (rules, known-class presenters, outline) far more often than byte
/// mutations of a bplist, where most changes break the offset table first.
public struct KeyedArchiveProgram {
    var bytes: [UInt8]
    var position = 0

    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// The archive the program describes (nested data values may hold archives made the same way).
    public static func archive(from bytes: [UInt8]) -> [UInt8] {
        var program = KeyedArchiveProgram(bytes)
        return program.build(depth: 0)
    }

    mutating func next() -> UInt8 {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return bytes[position]
    }

    var exhausted: Bool { position >= bytes.count }

    mutating func below(_ n: Int) -> Int { n <= 1 ? 0 : Int(next()) % n }

    mutating func take(_ count: Int) -> [UInt8] {
        let n = Swift.min(count, bytes.count - Swift.min(position, bytes.count))
        defer { position += n }
        return n > 0 ? Array(bytes[position..<(position + n)]) : []
    }

    static let classNames = [
        "NSArray", "NSMutableArray", "NSSet", "NSMutableSet", "NSCountedSet", "NSOrderedSet", "NSMutableOrderedSet",
        "NSDictionary", "NSMutableDictionary", "NSString", "NSMutableString", "NSData", "NSMutableData", "NSDate",
        "NSNull", "NSUUID", "NSLocale", "NSTimeZone", "NSNumber", "NSValue", "NSURL", "NSAttributedString",
        "NSMutableAttributedString", "NSColor", "UIColor", "NSError", "NSNotification", "NSIndexSet", "NSMutableIndexSet",
        "NSIndexPath", "NSObject", "Custom", "", "\u{1B}[31mred\u{1B}[0m", "bidi\u{202E}txt", "line\nbreak",
    ]

    static let keys = [
        "NS.keys", "NS.objects", "NS.string", "NS.bytes", "NS.data", "NS.time", "NS.base", "NS.relative", "NS.special",
        "NS.rangeval.location", "NS.rangeval.length", "NS.uuidbytes", "NSRGB", "NSWhite", "NSCMYK", "NSColorSpace",
        "NSColorName", "NSCatalogName", "NSString", "NSAttributes", "NSAttributeInfo", "NSDomain", "NSCode",
        "NSUserInfo", "NSRangeCount", "NSRangeData", "NSLocation", "NSLength", "NSIndexPathLength", "NSIndexPathData",
        "NSIndexPathValue", "NS.intval", "NS.dblval", "NS.boolval", "NS.number", "NS.name", "NS.object", "NS.userinfo",
        "NS.count", "NS.pointval", "NS.rectval", "NS.sizeval", "NS.edgeval.0", "NS.key.0", "NS.object.0", "NS.object.1",
        "NS.identifier", "UIRed", "UIGreen", "UIBlue", "UIAlpha", "UIWhite", "UISystemColorName", "$class", "$classname",
        "$classes", "$0", "$1", "$$x", "x", "root", "\u{1B}]0;title\u{07}", "",
    ]

    static let strings = [
        "", "a", "{1, 2}", "{{0, 0}, {10, 20}}", "0.2 0.4 0.6 1", "NSKeyedArchiver", "$null", "https://example.org/",
        "\u{1B}[2J", "\u{9B}31m", "\u{202E}abc", "日本語", "\u{0}", String(repeating: "x", count: 300),
    ]

    mutating func string() -> String {
        switch below(4) {
        case 0: return Self.strings[below(Self.strings.count)]
        case 1: return Self.keys[below(Self.keys.count)]
        default: return String(decoding: take(below(40)), as: UTF8.self)
        }
    }

    mutating func int() -> Int64 {
        switch below(6) {
        case 0: return Int64(below(8))
        case 1: return Int64(Int8(bitPattern: next()))
        case 2: return [Int64.min, Int64.max, -1, 0, 1 << 32, Int64(Int32.max)][below(6)]
        default:
            var v: UInt64 = 0
            for _ in 0..<(1 + below(8)) { v = v << 8 | UInt64(next()) }
            return Int64(bitPattern: v)
        }
    }

    mutating func real() -> Double {
        switch below(4) {
        case 0: return [Double.nan, .infinity, -.infinity, 0, -0.0, .greatestFiniteMagnitude, 1e300, -1e15][below(8)]
        case 1: return Double(int())
        default:
            var v: UInt64 = 0
            for _ in 0..<8 { v = v << 8 | UInt64(next()) }
            return Double(bitPattern: v)
        }
    }

    mutating func data(depth: Int) -> [UInt8] {
        switch below(5) {
        case 0 where depth < 2:
            var nested = KeyedArchiveProgram(take(below(64)))
            return nested.build(depth: depth + 1)
        case 1: return Array("bplist00".utf8) + take(below(48))
        case 2: return [0x04, 0x0B] + Array("streamtyped".utf8) + take(below(48))
        default: return take(below(48))
        }
    }

    mutating func value(ids: Int, depth: Int) -> KeyedArchiveBuilder.Value {
        switch below(12) {
        case 0, 1, 2, 3: return .ref(below(ids + 2))
        case 4: return .int(int())
        case 5: return .real(real())
        case 6: return .bool(next() & 1 == 1)
        case 7: return .string(string())
        case 8: return .data(data(depth: depth))
        case 9, 10: return .refs((0..<below(8)).map { _ in below(ids + 2) })
        default:
            var v: UInt64 = 0
            for _ in 0..<(1 + below(8)) { v = v << 8 | UInt64(next()) }
            return .rawUID(v)
        }
    }

    mutating func fields(ids: Int, depth: Int) -> [(String, KeyedArchiveBuilder.Value)] {
        (0..<below(7)).map { _ in (below(3) == 0 ? string() : Self.keys[below(Self.keys.count)], value(ids: ids, depth: depth)) }
    }

    /// Known Foundation classes with the fields their presenters read, each with the kind of value the
    /// archiver stores there (i integer, r real, b bool, s string, d data, o reference, l reference list).
    /// Templated objects meet the presenters' main paths far more often than random class/key pairs.
    public static let templates: [(name: String, supers: [String], fields: [(String, Character)])] = [
        ("NSIndexSet", ["NSObject"], [("NSRangeCount", "i"), ("NSRangeData", "d"), ("NSLocation", "i"), ("NSLength", "i")]),
        ("NSMutableIndexSet", ["NSIndexSet", "NSObject"], [("NSRangeCount", "i"), ("NSRangeData", "d"), ("NSLocation", "i"), ("NSLength", "i")]),
        ("NSIndexPath", ["NSObject"], [("NSIndexPathLength", "i"), ("NSIndexPathData", "d"), ("NSIndexPathValue", "i")]),
        ("NSColor", ["NSObject"], [("NSColorSpace", "i"), ("NSRGB", "d"), ("NSWhite", "d"), ("NSCMYK", "d"),
                                   ("NSColorName", "o"), ("NSCatalogName", "o"), ("NSColor", "o")]),
        ("UIColor", ["NSObject"], [("UIRed", "r"), ("UIGreen", "r"), ("UIBlue", "r"), ("UIAlpha", "r"), ("UIWhite", "r"),
                                   ("UISystemColorName", "o")]),
        ("NSValue", ["NSObject"], [("NS.special", "i"), ("NS.rangeval.location", "i"), ("NS.rangeval.length", "i"),
                                   ("NS.pointval", "s"), ("NS.rectval", "s"), ("NS.sizeval", "s"), ("NS.edgeval.0", "r")]),
        ("NSNumber", ["NSValue", "NSObject"], [("NS.intval", "i"), ("NS.dblval", "r"), ("NS.boolval", "b"), ("NS.number", "o")]),
        ("NSAttributedString", ["NSObject"], [("NSString", "o"), ("NSAttributes", "o"), ("NSAttributeInfo", "o")]),
        ("NSMutableAttributedString", ["NSAttributedString", "NSObject"], [("NSString", "o"), ("NSAttributes", "l"), ("NSAttributeInfo", "d")]),
        ("NSError", ["NSObject"], [("NSDomain", "o"), ("NSCode", "i"), ("NSUserInfo", "o")]),
        ("NSNotification", ["NSObject"], [("NS.name", "o"), ("NS.object", "o"), ("NS.userinfo", "o")]),
        ("NSArray", ["NSObject"], [("NS.objects", "l")]),
        ("NSOrderedSet", ["NSObject"], [("NS.objects", "l"), ("NS.object.0", "o")]),
        ("NSDictionary", ["NSObject"], [("NS.keys", "l"), ("NS.objects", "l"), ("NS.key.0", "o"), ("NS.object.0", "o")]),
        ("NSMutableString", ["NSString", "NSObject"], [("NS.string", "s"), ("NS.bytes", "d")]),
        ("NSMutableData", ["NSData", "NSObject"], [("NS.data", "d"), ("NS.bytes", "d")]),
        ("NSDate", ["NSObject"], [("NS.time", "r")]),
        ("NSURL", ["NSObject"], [("NS.base", "o"), ("NS.relative", "o")]),
        ("NSUUID", ["NSObject"], [("NS.uuidbytes", "d")]),
        ("NSLocale", ["NSObject"], [("NS.identifier", "o")]),
        ("NSTimeZone", ["NSObject"], [("NS.name", "o"), ("NS.data", "d")]),
        ("NSCountedSet", ["NSMutableSet", "NSSet", "NSObject"], [("NS.objects", "l"), ("NS.count", "i")]),
    ]

    /// A value of the kind a template names (three times in four), else any value.
    mutating func value(kind: Character, ids: Int, depth: Int) -> KeyedArchiveBuilder.Value {
        guard below(4) != 0 else { return value(ids: ids, depth: depth) }
        switch kind {
        case "i": return .int(int())
        case "r": return .real(real())
        case "b": return .bool(next() & 1 == 1)
        case "s": return .string(string())
        case "d": return .data(below(3) == 0 ? Array(string().utf8) : data(depth: depth))
        case "l": return .refs((0..<below(8)).map { _ in below(ids + 2) })
        default: return .ref(below(ids + 2))
        }
    }

    /// An object of a known class with (most of) the fields its presenter reads.
    mutating func templated(_ a: inout KeyedArchiveBuilder, ids: Int, depth: Int) -> KeyedArchiveBuilder.Entry {
        let template = Self.templates[below(Self.templates.count)]
        var fields: [(String, KeyedArchiveBuilder.Value)] = []
        for (key, kind) in template.fields where below(4) != 0 { fields.append((key, value(kind: kind, ids: ids, depth: depth))) }
        if below(4) == 0 { fields += self.fields(ids: ids, depth: depth) }
        return .object(classID: a.classID(template.name, template.supers), fields: fields)
    }

    mutating func className() -> String { below(5) == 0 ? string() : Self.classNames[below(Self.classNames.count)] }

    mutating func build(depth: Int) -> [UInt8] {
        var a = KeyedArchiveBuilder()
        let planned = 1 + below(32)
        if below(16) == 0 { a.archiver = string() }
        if below(16) == 0 { a.version = int() }
        var made = 0
        while made < planned, !exhausted {
            made += 1
            let ids = Swift.max(planned, a.entries.count)
            switch below(17) {
            case 0: a.add(.null)
            case 1: a.add(.string(string()))
            case 2: a.add(.int(int()))
            case 3: a.add(.real(real()))
            case 4: a.add(.bool(next() & 1 == 1))
            case 5: a.add(.data(data(depth: depth)))
            case 6, 7, 8:
                let name = className()
                let supers = (0..<below(3)).map { _ in className() }
                a.add(.object(classID: a.classID(name, supers), fields: fields(ids: ids, depth: depth)))
            case 9: a.add(.object(classID: below(4) == 0 ? nil : below(ids + 2), fields: fields(ids: ids, depth: depth)))
            case 10: a.add(.classDictionary(name: below(4) == 0 ? nil : className(), chain: (0..<below(4)).map { _ in className() }))
            case 11:
                // A reserved slot filled later with an object pointing back at it (a cycle), or left as $null.
                let slot = a.reserve()
                if next() & 1 == 1 {
                    a.set(slot, .object(classID: a.classID(className()), fields: [("self", .ref(slot))] + fields(ids: ids, depth: depth)))
                }
            case 12, 13, 14: a.add(templated(&a, ids: ids, depth: depth))
            default: a.add(.rawDictionary(fields(ids: ids, depth: depth)))
            }
        }
        let ids = a.entries.count
        a.top = [("root", .ref(below(ids + 1)))]
        for _ in 0..<below(3) { a.top.append((string(), value(ids: ids, depth: depth))) }
        var out = a.buildBinary()
        // Raw damage: a few bytes overwritten at chosen offsets. A program that has run out of bytes
        // reads zeros, which would choose damage at offset 0 and so break the header of every short input.
        if depth == 0, !out.isEmpty, !exhausted {
            for _ in 0..<(below(8) == 0 ? 1 + below(4) : 0) {
                let at = (Int(next()) << 8 | Int(next())) % out.count
                out[at] = next()
            }
        }
        return out
    }
}
