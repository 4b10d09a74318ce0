import FuzzSupport
import Testing

/// The terminal-safety predicate every fuzz target, the campaign and the browsing tests rely on: it must
/// name exactly the scalars that may never reach a terminal raw, at both edges of each range, in short
/// (inline) and long strings alike.
@Suite struct UnsafeScalarTests {
    static let unsafe: [UInt32] = [0x00, 0x07, 0x1B, 0x1F, 0x7F, 0x80, 0x85, 0x9F, 0x202A, 0x202E, 0x2066, 0x2069]
    static let safe: [UInt32] = [0x20, 0x41, 0x7E, 0xA0, 0xE9, 0x2029, 0x202F, 0x2065, 0x206A, 0x65E5, 0x1F600]

    @Test func namesEveryUnsafeScalarWhereverItStands() {
        for value in Self.unsafe {
            guard let scalar = Unicode.Scalar(value) else { continue }
            for text in ["\(scalar)", "ab\(scalar)", String(repeating: "x", count: 40) + "\(scalar)y", "é\(scalar)"] {
                #expect(FuzzCheck.unsafeScalar(in: text) == scalar, "U+\(String(value, radix: 16)) in \(text.debugDescription)")
            }
        }
    }

    @Test func passesSafeText() {
        for value in Self.safe {
            guard let scalar = Unicode.Scalar(value) else { continue }
            for text in ["\(scalar)", "ab\(scalar)", String(repeating: "x", count: 40) + "\(scalar)y"] {
                #expect(FuzzCheck.unsafeScalar(in: text) == nil, "U+\(String(value, radix: 16)) in \(text.debugDescription)")
            }
        }
        #expect(FuzzCheck.unsafeScalar(in: "") == nil)
        #expect(FuzzCheck.unsafeScalar(in: "\\e[31m \\u{202E} …") == nil)
    }
}
