import Testing
@testable import ArchiveModel
@testable import NIBArchive
@testable import IB3XML
@testable import ArchiveSources

@Suite struct KnownClassColorTests {
    static func ascii(_ s: String) -> FieldValue { V.data(Array(s.utf8)) }

    @Test func keyedComponentSpaces() {
        let g = FakeGraph()
        #expect(g.present(g.keyed("NSColor", [("NSColorSpace", V.int(1)), ("NSRGB", Self.ascii("1 0 0.5\0"))]))?.summary
            == "calibrated RGB r=1 g=0 b=0.5")
        #expect(g.present(g.keyed("NSColor", [("NSColorSpace", V.int(2)), ("NSRGB", Self.ascii("0 0 1 1"))]))?.summary
            == "device RGB r=0 g=0 b=1 a=1")
        #expect(g.present(g.keyed("NSColor", [("NSColorSpace", V.int(3)), ("NSWhite", Self.ascii("0.5 1"))]))?.summary
            == "calibrated white w=0.5 a=1")
        #expect(g.present(g.keyed("NSColor", [("NSColorSpace", V.int(5)), ("NSCMYK", Self.ascii("0 1 0 0 1"))]))?.summary
            == "device CMYK c=0 m=1 y=0 k=0 a=1")
        #expect(g.present(g.keyed("NSColor", [("NSRGB", Self.ascii("1 1 1"))]))?.summary == "device RGB r=1 g=1 b=1")
    }

    @Test func keyedNamedAndOdd() {
        let g = FakeGraph()
        let fallback = g.keyed("NSColor", [("NSColorSpace", V.int(4)), ("NSWhite", Self.ascii("0"))])
        let p = g.present(g.keyed("NSColor", [("NSColorSpace", V.int(6)), ("NSCatalogName", g.string("System")),
                                              ("NSColorName", g.string("controlColor")), ("NSColor", fallback)]))
        #expect(p?.summary == "named \"controlColor\" in catalog \"System\"")
        #expect(p?.children == [Field(key: "fallback", value: fallback)])
        #expect(g.present(g.keyed("NSColor", [("NSColorSpace", V.int(10))]))?.summary == "NSColor, color space 10 (not decoded)")
        #expect(g.present(g.keyed("NSColor", []))?.summary == "NSColor, NSColorSpace missing")
        #expect(g.present(g.keyed("NSColor", [("NSColorSpace", V.int(1))]))?.summary == "calibrated RGB, NSRGB missing")
        #expect(g.present(g.keyed("NSColor", [("NSColorSpace", V.int(1)), ("NSRGB", Self.ascii("1 \u{1B}[2J"))]))?.summary
            == "calibrated RGB 1 \\e[2J")
    }

    @Test func uiColor() {
        let g = FakeGraph()
        #expect(g.present(g.keyed("UIColor", [("UIRed", V.real(1)), ("UIGreen", V.real(0.5)), ("UIBlue", V.real(0)), ("UIAlpha", V.real(1))]))?
            .summary == "RGB r=1.0 g=0.5 b=0.0 a=1.0")
        #expect(g.present(g.keyed("UIColor", [("UIWhite", V.real(0.5)), ("UIAlpha", V.real(1))]))?.summary == "white w=0.5 a=1.0")
        #expect(g.present(g.keyed("UIColor", [("UISystemColorName", g.string("systemRedColor"))]))?.summary == "system \"systemRedColor\"")
        #expect(g.present(g.keyed("UIDeviceRGBColor", chain: ["UIColor"], [("NSColorSpace", V.int(2)), ("NSRGB", Self.ascii("1 0 0 1"))]))?
            .summary == "device RGB r=1 g=0 b=0 a=1")
    }

    @Test func typed() {
        let g = FakeGraph(typedstream: true)
        #expect(g.present(g.typed("NSColor", [("c", V.int(2)), ("f", V.real(1)), ("f", V.real(0.5)), ("f", V.real(0)), ("f", V.real(1))]))?
            .summary == "device RGB r=1.0 g=0.5 b=0.0 a=1.0")
        #expect(g.present(g.typed("NSColor", [("c", V.int(3)), ("f", V.real(0.5))]))?.summary
            == "calibrated white w=0.5 (1 component, expected 2)")
        let p = g.present(g.typed("NSColor", [("c", V.int(6)), ("@", g.typedString("System")), ("@", g.typedString("textColor")),
                                               ("@", V.null)]))
        #expect(p?.summary == "named \"textColor\" in catalog \"System\"")
        #expect(g.present(g.typed("NSColor", [("c", V.int(9))]))?.summary == "NSColor, color kind 9 (not decoded)")
        #expect(g.present(g.typed("NSColor", []))?.summary == "NSColor, no color kind")
    }
}
