import ArchiveModel
import FuzzSupport

/// Inputs the project builds itself, used beside the shared corpus (and written out as fuzz seeds):
/// the demo archives and small builder fixtures with cycles, shared objects and odd widths.
enum Fixtures {
    static func all() -> [(name: String, bytes: [UInt8])] {
        [
            ("fixture/demo.bplist", DemoArchive.bytes()),
            ("fixture/demo-corrupt.bplist", DemoArchive.bytes(corrupt: true)),
            ("fixture/plain.bplist", plain()),
            ("fixture/keyed-cycle.bplist", keyedCycle()),
            ("fixture/wide-refs.bplist", wideRefs()),
            ("fixture/embedded.bplist", embedded()),
            ("fixture/openstep.plist", Array(openStep.utf8)),
            // Text plists in the other encodings CF reads: the decoders read them through a transcoded copy.
            ("fixture/openstep-utf16le.plist", [0xFF, 0xFE] + openStep.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }),
            ("fixture/gnustep-utf16be.strings", strings.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }),
            ("fixture/xml-utf32le.plist", [0xFF, 0xFE, 0x00, 0x00] + xml.unicodeScalars.flatMap { s in (0..<4).map { UInt8(truncatingIfNeeded: s.value >> (8 * $0)) } }),
            ("fixture/sample.nib", NIBArchiveBuilder.sample().build().bytes),
            ("fixture/damaged.nib", damagedNib()),
            ("fixture/sample.xib", IB3ArchiveBuilder.sample().finished()),
            ("fixture/damaged.xib", damagedIB3()),
        ] + formats()
    }

    /// The sample nib with a reference out of range, an object naming a class that does not exist, a
    /// value of unknown type at the end and trailing bytes.
    static func damagedNib() -> [UInt8] {
        var b = NIBArchiveBuilder.sample()
        b.values[6] = NIBArchiveBuilder.ValueEntry(keyIndex: 2, type: 10, payload: NIBArchiveBuilder.le(500, 4))
        b.objects[4].classIndex = 40
        b.values.append(NIBArchiveBuilder.ValueEntry(keyIndex: 0, type: 12, payload: [1, 2]))
        b.trailing = [0, 0, 0]
        return b.build().bytes
    }

    /// The sample IB3 archive with a dangling reference, an unknown element, a value that does not
    /// read, and the file cut inside its object records.
    static func damagedIB3() -> [UInt8] {
        var b = IB3ArchiveBuilder.sample()
        b.empty("reference", [("key", "lost"), ("ref", "4242")])
        b.leaf("widget", "?", [("key", "odd")])
        b.leaf("int", "12x", [("key", "bad")])
        b.start("object", [("class", "IBObjectRecord"), ("key", "cut")])
        return b.unfinished
    }

    /// A plain plist with every scalar type and nested containers.
    static func plain() -> [UInt8] {
        var b = BinaryPlistBuilder()
        b.add(.dict([(1, 2), (3, 4), (5, 6)]))
        b.add(.string("name")); b.add(.string("日本 \u{1B}[1m"))
        b.add(.string("list")); b.add(.array([7, 8, 9, 10, 11, 12]))
        b.add(.string("set")); b.add(.set([7, 8]))
        b.add(.integer(-7)); b.add(.real(1.5)); b.add(.data([1, 2, 3])); b.add(.date(0)); b.add(.bool(true)); b.add(.uid(3))
        return b.build().bytes
    }

    /// A keyed archive with a parent/child cycle, a shared string and a nil reference.
    static func keyedCycle() -> [UInt8] {
        var a = KeyedArchiveBuilder()
        let parent = a.reserve()
        let name = a.add(.string("shared"))
        let child = a.object("Node", [("parent", .ref(parent)), ("name", .ref(name)), ("n", .int(3))])
        a.set(parent, .object(classID: a.classID("Node"), fields: [("child", .ref(child)), ("name", .ref(name)), ("none", .ref(0))]))
        a.top = [("root", .ref(parent))]
        return a.buildBinary()
    }

    /// A plain plist written with 8-byte references and offsets.
    static func wideRefs() -> [UInt8] {
        var b = BinaryPlistBuilder()
        b.objectRefSize = 8
        b.offsetIntSize = 8
        b.add(.array([1, 2, 1]))
        b.add(.string("x")); b.add(.integer(1 << 40))
        return b.build().bytes
    }

    /// A keyed archive holding another keyed archive in an NSData.
    static func embedded() -> [UInt8] {
        var a = KeyedArchiveBuilder()
        let data = a.object("NSData", [("NS.bytes", .data(keyedCycle()))])
        a.top = [("root", .ref(a.object("Holder", [("payload", .ref(data)), ("raw", .ref(a.add(.data(plain()))))])))]
        return a.buildBinary()
    }

    static let openStep = """
        // OpenStep plist
        { name = "demo \\033[31m"; list = (1, 2, "three", <0a0b0c>); nested = { a = b; c = (); }; }
        """

    /// A strings file (no braces) with non-ASCII text, an astral character and GNUstep base64 data.
    static let strings = """
        /* Localizable.strings */
        "greeting" = "Grüß dich 😀";
        "blob" = <[AAECAw==]>;
        "typed" = <*I42>;

        """

    static let xml = """
        <?xml version="1.0" encoding="UTF-32"?>
        <plist version="1.0"><dict><key>名前</key><string>é 😀</string><key>n</key><integer>7</integer></dict></plist>

        """
}
