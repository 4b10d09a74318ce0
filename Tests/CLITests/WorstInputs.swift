import ArchiveModel
import FuzzSupport

/// Small versions of bench/worst.py's inputs, built in memory for `WorstInputMemoryTests`.
enum WorstInputs {
    static let ib3Head = Array(("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        + "<archive type=\"com.apple.InterfaceBuilder3.Cocoa.XIB\" version=\"7.10\">\n<data>\n").utf8)
    static let ib3Tail = Array("</data>\n</archive>\n".utf8)

    /// '{' then 4 MB of prose: an OpenStep dictionary that never closes.
    static func proseAfterBrace() -> [UInt8] {
        let prose = Array("It was the best of times, it was the worst of times; the brace opened and the text went on. ".utf8)
        var bytes: [UInt8] = [UInt8(ascii: "{")]
        bytes.reserveCapacity(4 << 20)
        while bytes.count < 4 << 20 { bytes += prose }
        return bytes
    }

    /// A binary plist: an array of `count` distinct one-byte objects (true), 3-byte refs, 4-byte offsets.
    static func oneByteObjects(count: Int) -> [UInt8] {
        var bytes = Array("bplist00".utf8)
        var offsets = [8]
        bytes += [0xAF, 0x13] + withUnsafeBytes(of: UInt64(count).bigEndian, Array.init)
        for i in 1...count { bytes += [UInt8(i >> 16 & 0xFF), UInt8(i >> 8 & 0xFF), UInt8(i & 0xFF)] }
        for _ in 0..<count { offsets.append(bytes.count); bytes.append(0x09) }
        let table = bytes.count
        for o in offsets { bytes += withUnsafeBytes(of: UInt32(o).bigEndian, Array.init) }
        bytes += [0, 0, 0, 0, 0, 0, 4, 3]
        for v in [UInt64(offsets.count), 0, UInt64(table)] { bytes += withUnsafeBytes(of: v.bigEndian, Array.init) }
        return bytes
    }

    /// A keyed archive (binary) whose root NSArray holds `count` UIDs past the end of `$objects`.
    static func badReferences(count: Int) -> [UInt8] {
        var b = BinaryPlistBuilder()
        let top = b.add(.null)
        func string(_ s: String) -> Int { b.add(.string(s)) }
        let uids = (0..<count).map { b.add(.uid(2_000_000_000 + UInt64($0))) }
        let array = b.add(.dict([(string("$class"), b.add(.uid(2))), (string("NS.objects"), b.add(.array(uids)))]))
        let classDict = b.add(.dict([(string("$classname"), string("NSArray")),
                                     (string("$classes"), b.add(.array([string("NSArray"), string("NSObject")])))]))
        let objects = b.add(.array([string("$null"), array, classDict]))
        b.objects[top] = .dict([(string("$archiver"), string("NSKeyedArchiver")), (string("$version"), b.add(.integer(100_000))),
                                (string("$top"), b.add(.dict([(string("root"), b.add(.uid(1)))]))), (string("$objects"), objects)])
        return b.build().bytes
    }

    /// A typedstream NSMutableArray of `count` NSObjects, each writing its class record again.
    static func repeatedClassRecords(count: Int) -> [UInt8] {
        var w = TypedstreamWriter()
        w.header()
        w.types("@")
        w.beginObject([("NSMutableArray", 0)])
        w.types("i")
        w.int(Int128(count))
        for _ in 0..<count {
            w.types("@")
            // 84 (the object), 84 (a new class record), the shared name, version 0, 85 (no superclass).
            w.newTag(); w.newTag(); w.shared("NSObject"); w.int(0); w.nilTag()
            w.endObject()
        }
        w.endObject()
        return w.bytes
    }

    /// A NIBArchive: one NSObject with `count` values (key 0, type 4: true), two bytes each.
    static func nibValues(count: Int) -> [UInt8] {
        var out = Array("NIBArchive".utf8) + NIBArchiveBuilder.le(1, 4) + NIBArchiveBuilder.le(10, 4) + [UInt8](repeating: 0, count: 32)
        var tables: [(count: Int, offset: Int)] = [(1, out.count)]
        out += [0x80, 0x80] + NIBArchiveBuilder.varint(UInt64(count))
        tables.append((1, out.count))
        out += NIBArchiveBuilder.varint(3) + Array("key".utf8)
        tables.append((count, out.count))
        for _ in 0..<count { out += [0x80, 0x04] }
        tables.append((1, out.count))
        out += NIBArchiveBuilder.varint(9) + NIBArchiveBuilder.varint(0) + Array("NSObject\0".utf8)
        for (i, t) in tables.enumerated() {
            out.replaceSubrange(18 + 8 * i ..< 26 + 8 * i, with: NIBArchiveBuilder.le(UInt64(t.count), 4) + NIBArchiveBuilder.le(UInt64(t.offset), 4))
        }
        return out
    }

    /// An IB3 XML archive whose `<data>` holds `count` unknown elements.
    static func ib3UnknownElements(count: Int) -> [UInt8] {
        var bytes = ib3Head
        for i in 0..<count { bytes += Array("<unknown\(i) a=\"x\">t</unknown\(i)>\n".utf8) }
        return bytes + ib3Tail
    }

    /// An IB3 XML archive of `depth` nested NSMutableArray objects.
    static func deepIB3(depth: Int) -> [UInt8] {
        let open = Array("<object class=\"NSMutableArray\" key=\"NS.object.0\">".utf8), close = Array("</object>".utf8)
        var bytes = ib3Head
        for _ in 0..<depth { bytes += open }
        for _ in 0..<depth { bytes += close }
        return bytes + [0x0A] + ib3Tail
    }

    /// An OpenStep plist of `depth` nested arrays.
    static func deepOpenStep(depth: Int) -> [UInt8] {
        Array(repeating: UInt8(ascii: "("), count: depth) + Array(repeating: UInt8(ascii: ")"), count: depth)
    }
}
