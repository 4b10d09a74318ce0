import Testing
@testable import ArchiveModel
@testable import NIBArchive
@testable import IB3XML
@testable import ArchiveSources

@Suite struct KnownClassValueTests {
    @Test func date() {
        let g = FakeGraph()
        #expect(g.present(g.keyed("NSDate", [("NS.time", V.real(0))]))?.summary == "2001-01-01T00:00:00Z")
        #expect(g.present(g.keyed("NSDate", [("NS.time", V.int(86400))]))?.summary == "2001-01-02T00:00:00Z")
        #expect(g.present(g.keyed("NSDate", []))?.summary == "NSDate, NS.time missing")
        #expect(g.present(g.keyed("NSDate", [("NS.time", V.str("x"))]))?.summary == "NSDate, NS.time is not a number (\"x\")")
        #expect(g.present(g.keyed("NSDate", [("NS.time", V.real(.nan))]))?.summary == "invalid date (nan s since 2001)")
        let t = FakeGraph(typedstream: true)
        #expect(t.present(t.typed("NSDate", [("d", V.real(86400.5))]))?.summary == "2001-01-02T00:00:00.500Z")
        #expect(t.present(t.typed("NSDate", []))?.summary == "NSDate, no time value")
    }

    @Test func nullUUIDLocaleTimeZone() {
        let g = FakeGraph()
        #expect(g.present(g.keyed("NSNull", []))?.summary == "null")
        #expect(g.present(g.keyed("NSUUID", [("NS.uuidbytes", V.data((0..<16).map { UInt8($0) }))]))?.summary
            == "00010203-0405-0607-0809-0A0B0C0D0E0F")
        #expect(g.present(g.keyed("NSUUID", [("NS.uuidbytes", V.data([0xAB]))]))?.summary == "NSUUID, expected 16 bytes: 1 byte <ab>")
        #expect(g.present(g.keyed("NSUUID", []))?.summary == "NSUUID, NS.uuidbytes missing")
        #expect(g.present(g.keyed("NSLocale", [("NS.identifier", g.string("en_US"))]))?.summary == "\"en_US\"")
        #expect(g.present(g.keyed("NSTimeZone", [("NS.name", g.string("Europe/Paris")), ("NS.data", V.data([1]))]))?.summary
            == "\"Europe/Paris\"")
        #expect(g.present(g.keyed("NSTimeZone", [("NS.name", V.int(3))]))?.summary == "NSTimeZone, NS.name is not a string")
        let t = FakeGraph(typedstream: true)
        #expect(t.present(t.typed("NSUUID", [("@", V.null)])) == nil)
    }

    @Test func numberObjectForm() {
        let g = FakeGraph()
        #expect(g.present(g.keyed("NSNumber", [("NS.number", V.int(5))]))?.summary == "5")
        #expect(g.present(g.keyed("NSNumber", [("NS.intval", V.int(-7))]))?.summary == "-7")
        #expect(g.present(g.keyed("NSNumber", [("NS.dblval", V.real(2.5))]))?.summary == "2.5")
        #expect(g.present(g.keyed("NSNumber", [("NS.boolval", V.bool(true))]))?.summary == "true")
        #expect(g.present(g.keyed("NSNumber", [("NS.number", g.number(9))]))?.summary == "9")
        #expect(g.present(g.keyed("NSNumber", []))?.summary == "NSNumber, no value (NS.number, NS.intval, NS.dblval, NS.boolval missing)")
        #expect(g.present(g.keyed("NSNumber", [("NS.number", .list([]))]))?.summary == "NSNumber, NS.number is not a number (0 items)")
    }

    @Test func specialValues() {
        let g = FakeGraph()
        #expect(g.present(g.keyed("NSValue", [("NS.special", V.int(1)), ("NS.pointval", g.string("{1, 2}"))]))?.summary == "point {1, 2}")
        #expect(g.present(g.keyed("NSValue", [("NS.special", V.int(2)), ("NS.sizeval", g.string("{3, 4}"))]))?.summary == "size {3, 4}")
        #expect(g.present(g.keyed("NSValue", [("NS.special", V.int(3)), ("NS.rectval", g.string("{{0, 0}, {10, 20}}"))]))?.summary
            == "rect {{0, 0}, {10, 20}}")
        #expect(g.present(g.keyed("NSValue", [("NS.special", V.int(3))]))?.summary == "rect, NS.rectval missing")
        #expect(g.present(g.keyed("NSValue", [("NS.special", V.int(4)), ("NS.rangeval.location", g.number(5)),
                                               ("NS.rangeval.length", g.number(98345))]))?.summary == "range {5, 98345}")
        #expect(g.present(g.keyed("NSValue", [("NS.special", V.int(4)), ("NS.rangeval.location", V.int(1))]))?.summary == "range {1, ?}")
        #expect(g.present(g.keyed("NSValue", [("NS.special", V.int(12)), ("NS.edgeval.top", V.real(1)), ("NS.edgeval.left", V.real(2)),
                                               ("NS.edgeval.bottom", V.real(3)), ("NS.edgeval.right", V.real(4))]))?.summary
            == "edge insets {1.0, 2.0, 3.0, 4.0}")
        #expect(g.present(g.keyed("NSValue", [("NS.special", V.int(7))]))?.summary == "NSValue, special type 7 (not decoded)")
        #expect(g.present(g.keyed("NSValue", [("NS.special", V.str("1"))]))?.summary == "NSValue, NS.special is not an integer (\"1\")")
        #expect(g.present(g.keyed("NSValue", [("NS.special", V.int(1)), ("NS.pointval", V.str("{1,\n2}"))]))?.summary == "point {1,\\n2}")
    }

    @Test func concreteValue() {
        let g = FakeGraph()
        let type = g.string("i")
        let p = g.present(g.keyed("NSValue", [("$0", type), ("$1", V.int(3))]))
        #expect(p?.summary == "NSValue of type \"i\": 3")
        #expect(p?.children == [Field(key: "type", value: type), Field(key: "value", value: V.int(3))])
        #expect(g.present(g.keyed("NSValue", []))?.summary == "NSValue, no type ($0 missing): no value ($1 missing)")
    }

    @Test func typedNumberAndValue() {
        let g = FakeGraph(typedstream: true)
        #expect(g.present(g.typed("NSNumber", chain: ["NSValue"], [("*", V.str("i")), ("i", V.int(42))]))?.summary == "42")
        #expect(g.present(g.typed("NSNumber", chain: ["NSValue"], [("*", V.data(Array("d".utf8))), ("d", V.real(0.5))]))?.summary == "0.5")
        let p = g.present(g.typed("NSValue", [("*", V.str("{_NSRange=QQ}")), ("{_NSRange=QQ}", .list([V.int(1), V.int(2)]))]))
        #expect(p?.summary == "type \"{_NSRange=QQ}\": {1, 2}")
        #expect(p?.children.map(\.key) == ["type", "value"])
        #expect(g.present(g.typed("NSValue", [("i", V.int(1))]))?.summary == "NSValue, no type-encoding string")
        #expect(g.present(g.typed("NSConcreteValue", chain: ["NSValue"], [("*", V.str("i"))]))?.summary == "type \"i\": no value")
    }
}
