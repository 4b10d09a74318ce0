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
            switch below(14) {
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
            default: a.add(.rawDictionary(fields(ids: ids, depth: depth)))
            }
        }
        let ids = a.entries.count
        a.top = [("root", .ref(below(ids + 1)))]
        for _ in 0..<below(3) { a.top.append((string(), value(ids: ids, depth: depth))) }
        var out = a.buildBinary()
        // Raw damage: a few bytes overwritten at chosen offsets.
        if depth == 0, !out.isEmpty {
            for _ in 0..<(below(8) == 0 ? 1 + below(4) : 0) {
                let at = (Int(next()) << 8 | Int(next())) % out.count
                out[at] = next()
            }
        }
        return out
    }
}
