import ArchiveCore

/// The built-in demo archives (`archive-browse --demo [corrupt]`), generated in code: a small library
/// of books that shows cycles, shared objects, conditional and nil references, custom classes, known
/// Foundation classes, mangled and positional keys, and text that must be escaped.
package enum DemoArchive {
    /// The demo archive as bplist00 bytes; `corrupt` adds damage of several kinds.
    package static func bytes(corrupt: Bool = false) -> [UInt8] {
        var a = KeyedArchiveBuilder()
        let library = a.reserve()
        a.top = [("root", .ref(library))]
        let author = a.object("Author", [("name", .ref(a.add(.string("Ursula K. Le Guin")))), ("born", .int(1929))])
        let published = a.object("NSDate", [("NS.time", .real(-1_009_843_200))])
        let sequel = a.reserve() // stays "$null": a conditional object never encoded unconditionally
        let book1 = a.object("Book", [
            ("title", .ref(a.add(.string("A Wizard of Earthsea")))), ("author", .ref(author)), ("year", .int(1968)),
            ("rating", .real(4.5)), ("inPrint", .bool(true)), ("library", .ref(library)), ("published", .ref(published)),
            ("sequel", .ref(sequel)), ("$$isbn", .ref(a.add(.string("0-395-27653-5")))),
        ])
        let book2 = a.object("Book", [
            ("title", .ref(a.add(.string("The Left Hand of Darkness")))), ("author", .ref(author)), ("year", .int(1969)),
            ("rating", .real(4.25)), ("inPrint", .bool(true)), ("library", .ref(library)), ("previous", .ref(0)),
        ])
        let book3 = a.object("Book", [
            ("title", .ref(a.add(.string("日本語の本 \u{1B}[31mred\u{1B}[0m\tтекст 🎉")))), ("year", .int(2024)),
            ("rating", .int(3_000_000_000)), ("library", .ref(library)),
        ])
        let books = a.object("NSMutableArray", superclasses: ["NSArray", "NSObject"], [("NS.objects", .refs([book1, book2, book3]))])
        let tags = a.object("NSSet", [("NS.objects", .refs([a.add(.string("fantasy")), a.add(.string("classic"))]))])
        let metadata = metadataDictionary(&a)
        a.set(library, .object(classID: a.classID("Library"), fields: [
            ("name", .ref(a.add(.string("Demo Library")))), ("books", .ref(books)), ("tags", .ref(tags)),
            ("metadata", .ref(metadata)), ("featured", .ref(book1)), ("closedOn", .ref(0)),
            ("$0", .int(42)), ("$1", .ref(a.add(.string("positional value")))),
        ]))
        if corrupt { damage(&a, library: library, books: books) }
        return a.buildBinary()
    }

    private static func metadataDictionary(_ a: inout KeyedArchiveBuilder) -> Int {
        let uuid = a.object("NSUUID", [("NS.uuidbytes", .data([0x12, 0x34, 0x56, 0x78, 0x9A, 0xBC, 0x4D, 0xEF, 0x80, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77]))])
        let url = a.object("NSURL", [("NS.base", .ref(0)), ("NS.relative", .ref(a.add(.string("https://example.org/library"))))])
        let range = a.object("NSValue", [("NS.special", .int(4)), ("NS.rangeval.location", .ref(a.add(.int(5)))), ("NS.rangeval.length", .ref(a.add(.int(10))))])
        let note = a.object("NSMutableString", superclasses: ["NSString", "NSObject"], [("NS.string", .string("line one\nline two \u{202E}reversed"))])
        let color = a.object("NSColor", [("NSColorSpace", .int(1)), ("NSRGB", .data(Array("0.2 0.4 0.6 1".utf8)))])
        let keys = ["id", "homepage", "range", "note", "color", "cover"].map { a.add(.string($0)) }
        let cover = a.add(.data(Array("GIF89a".utf8) + [0x01, 0x00, 0x01, 0x00, 0x80, 0x00, 0x00]))
        return a.object("NSDictionary", [("NS.keys", .refs(keys)), ("NS.objects", .refs([uuid, url, range, note, color, cover]))])
    }

    /// Damage: a dangling UID, a keys/objects mismatch, a class without `$classname`, a `$classy` key,
    /// nil inside a collection, and an object nothing reaches.
    private static func damage(_ a: inout KeyedArchiveBuilder, library: Int, books: Int) {
        let broken = a.add(.classDictionary(name: nil, chain: ["Broken", "NSObject"]))
        let orphan = a.object("Orphan", [("note", .ref(a.add(.string("nothing points here"))))])
        _ = orphan
        let odd = a.add(.rawDictionary([("$classy", .ref(broken)), ("value", .int(7))]))
        let mismatched = a.object("NSDictionary", [("NS.keys", .refs([a.add(.string("a")), a.add(.string("b"))])), ("NS.objects", .refs([odd]))])
        a.set(books, .object(classID: a.classID("NSMutableArray", ["NSArray", "NSObject"]), fields: [("NS.objects", .refs([0, books - 1]))]))
        let instance = a.add(.object(classID: broken, fields: [("x", .int(1))]))
        a.top.append(("extras", .ref(a.object("Extras", [("dangling", .rawUID(9_999)), ("mismatched", .ref(mismatched)), ("broken", .ref(instance))]))))
        _ = library
    }
}
