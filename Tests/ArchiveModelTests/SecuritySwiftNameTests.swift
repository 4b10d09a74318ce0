import ArchiveModel
import Testing

/// The bounded reader of Swift class names (issue 40: `_TtC…` to `Module.Class`).
@Suite struct SecuritySwiftNameTests {
    @Test(arguments: [
        ("_TtC8MyModule6Person", "MyModule.Person"),
        ("_TtCC4Main5Outer5Inner", "Main.Outer.Inner"),
        ("_TtCs12_SwiftObject", "Swift._SwiftObject"),
        ("MyApp.Document", "MyApp.Document"),
    ])
    func demangles(_ name: String, _ expected: String) {
        #expect(SwiftClassName.parse(name) == .demangled(expected))
    }

    @Test(arguments: ["_TtGC4Main3BoxSS_", "_TtC7MyModule", "_TtC0x1A", "_TtC99999Main1A", "_TtC4Main1Axx", "_Tt", "_TtC4Ma", "_TtC04Main1A"])
    func doesNotDemangle(_ name: String) {
        guard case .undemangled? = SwiftClassName.parse(name) else {
            Issue.record("\(name): \(String(describing: SwiftClassName.parse(name)))")
            return
        }
    }

    @Test func plainNamesAreNotSwift() {
        #expect(SwiftClassName.parse("NSArray") == nil)
        #expect(SwiftClassName.parse("a..b") == nil)
        #expect(SwiftClassName.parse(".x") == nil)
    }

    @Test func hostileNamesAreBounded() {
        let long = "_TtC" + String(repeating: "C", count: 100_000)
        guard case .undemangled? = SwiftClassName.parse(long) else { Issue.record("long"); return }
        let nested = "_Tt" + String(repeating: "C", count: 17) + "1A"
        guard case .undemangled? = SwiftClassName.parse(nested) else { Issue.record("nested"); return }
        #expect(SwiftClassName.parse(String(repeating: "a.", count: 10_000) + "a") == nil)
    }
}
