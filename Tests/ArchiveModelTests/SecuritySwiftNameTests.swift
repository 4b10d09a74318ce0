import ArchiveModel
import FuzzSupport
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

    /// The fuzz target's checks (`FuzzSwiftName`: `FuzzCheck.swiftName` and `.audit`) hold on real and
    /// built names, and they catch what they are for: a name whose demangled form reads back otherwise.
    @Test(arguments: ["_TtC7TestApp23ToolbarWindowController", "_TtCC4Main5Outer5Inner", "_TtCs12_SwiftObject",
                      "_TtGC4Main3BoxSS_", "_TtCV9QuickLook34QLHostPrimaryViewControllerWrapper15HostCoordinator",
                      "_TtCC27DefaultAppsSettingsUIPlugin16LSChangeObserverP33_8C266E9A54B8FCC77A7EDD4AE9F2EF1A8Observer",
                      "_TtC1a12345", "MyApp.Document", "NSArray", "", "_Tt", "_TtC4Main\u{1B}[31m1A", "_TtC2\u{202E}x1A", "_TtC4Main4\u{202E}x"])
    func fuzzChecksHoldOn(_ name: String) {
        #expect(FuzzCheck.swiftName(name) == [], "\(name)")
        #expect(FuzzCheck.audit(className: name, superclasses: ["NSObject"]) == [], "\(name)")
        #expect(FuzzCheck.audit(className: "NSView", superclasses: [name, "NSObject"]) == [], "\(name)")
    }

    /// A fuzz-like sweep (deterministic): manglings built from random identifiers read back as
    /// their names; random bytes after `_TtC` never crash and demangle only to identifiers.
    @Test func randomManglingsRoundTripAndRandomBytesAreBounded() {
        var rng = SplitMix64(seed: 40)
        let alphabet = Array("abcXYZ_09é".unicodeScalars.map(String.init))
        for _ in 0..<5_000 {
            let parts = (0..<Int(rng.next() % 4 + 2)).map { _ in
                (0..<Int(rng.next() % 12 + 1)).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] }.joined()
            }
            let mangled = "_Tt" + String(repeating: "C", count: parts.count - 1) + parts.map { "\($0.utf8.count)\($0)" }.joined()
            let expected = parts.joined(separator: ".")
            // A name that starts with a digit is read as part of the length before it: not a case to check.
            guard parts.allSatisfy({ !($0.first?.isNumber ?? true) }) else { continue }
            #expect(SwiftClassName.parse(mangled) == .demangled(expected), "\(mangled)")
        }
        for _ in 0..<20_000 {
            let tail = (0..<Int(rng.next() % 40)).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            let name = "_TtC" + String(decoding: tail, as: UTF8.self)
            if case .demangled(let readable)? = SwiftClassName.parse(name) {
                #expect(readable.split(separator: ".").count >= 2)
                #expect(!readable.unicodeScalars.contains { $0.value < 0x80 && !($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == ".") })
            }
        }
    }
}
