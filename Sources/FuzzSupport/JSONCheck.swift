/// A strict RFC 8259 syntax check (no values built), iterative so deep nesting cannot overflow the stack.
public enum JSONCheck {
    /// Nil when `text` is exactly one valid JSON value (with optional surrounding whitespace), else
    /// the first problem and its byte offset.
    public static func validate(_ text: String) -> String? {
        let b = Array(text.utf8)
        var i = 0
        var open: [Bool] = []
        func ws() { while i < b.count, b[i] == 0x20 || b[i] == 0x0A || b[i] == 0x0D || b[i] == 0x09 { i += 1 } }
        func fail(_ what: String) -> String { "\(what) at byte \(i)" }

        func string() -> String? {
            guard i < b.count, b[i] == UInt8(ascii: "\"") else { return fail("expected a string") }
            i += 1
            while i < b.count {
                let c = b[i]
                if c == UInt8(ascii: "\"") { i += 1; return nil }
                if c < 0x20 { return fail("raw control byte \(c) in a string") }
                if c == UInt8(ascii: "\\") {
                    i += 1
                    guard i < b.count else { break }
                    switch b[i] {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                         UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                        i += 1
                    case UInt8(ascii: "u"):
                        guard i + 4 < b.count, b[(i + 1)...(i + 4)].allSatisfy(isHex) else { return fail("bad \\u escape") }
                        i += 5
                    default: return fail("bad escape")
                    }
                    continue
                }
                i += 1
            }
            return fail("unterminated string")
        }

        func number() -> String? {
            let start = i
            if i < b.count, b[i] == UInt8(ascii: "-") { i += 1 }
            guard i < b.count, isDigit(b[i]) else { return fail("bad number") }
            if b[i] == UInt8(ascii: "0") { i += 1 } else { while i < b.count, isDigit(b[i]) { i += 1 } }
            if i < b.count, b[i] == UInt8(ascii: ".") {
                i += 1
                guard i < b.count, isDigit(b[i]) else { return fail("bad fraction") }
                while i < b.count, isDigit(b[i]) { i += 1 }
            }
            if i < b.count, b[i] == UInt8(ascii: "e") || b[i] == UInt8(ascii: "E") {
                i += 1
                if i < b.count, b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") { i += 1 }
                guard i < b.count, isDigit(b[i]) else { return fail("bad exponent") }
                while i < b.count, isDigit(b[i]) { i += 1 }
            }
            return i > start ? nil : fail("empty number")
        }

        func literal(_ word: String) -> String? {
            let w = Array(word.utf8)
            guard i + w.count <= b.count, Array(b[i..<(i + w.count)]) == w else { return fail("bad literal") }
            i += w.count
            return nil
        }

        // A state machine over an explicit stack of open containers (true = object).
        enum State { case value, key, after }
        var state = State.value
        while true {
            ws()
            switch state {
            case .key:
                if let e = string() { return e }
                ws()
                guard i < b.count, b[i] == UInt8(ascii: ":") else { return fail("expected ':'") }
                i += 1
                state = .value
            case .value:
                guard i < b.count else { return fail("missing value") }
                let c = b[i]
                if c == UInt8(ascii: "{") || c == UInt8(ascii: "[") {
                    let isObject = c == UInt8(ascii: "{")
                    i += 1; ws()
                    if i < b.count, b[i] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) { i += 1; state = .after; continue }
                    open.append(isObject)
                    state = isObject ? .key : .value
                    continue
                }
                let e: String?
                switch c {
                case UInt8(ascii: "\""): e = string()
                case UInt8(ascii: "t"): e = literal("true")
                case UInt8(ascii: "f"): e = literal("false")
                case UInt8(ascii: "n"): e = literal("null")
                default: e = number()
                }
                if let e { return e }
                state = .after
            case .after:
                guard let isObject = open.last else { return i == b.count ? nil : fail("trailing text") }
                guard i < b.count else { return fail("unterminated container") }
                if b[i] == UInt8(ascii: ",") { i += 1; state = isObject ? .key : .value; continue }
                guard b[i] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) else { return fail("expected ',' or a closing bracket") }
                i += 1
                open.removeLast()
            }
        }
    }

    static func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }
    static func isHex(_ c: UInt8) -> Bool { isDigit(c) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66) }
}
