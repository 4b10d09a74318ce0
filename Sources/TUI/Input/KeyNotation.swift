/// The key-script notation used by `Headless.render` and the help screen.
///
/// Plain characters stand for themselves (`\n` is Enter, `\t` is Tab, a space is Space). Special keys
/// are written in angle brackets, case-insensitively: `<Up>` `<Down>` `<Left>` `<Right>` `<PgUp>`
/// `<PgDn>` `<Home>` `<End>` `<Enter>` `<Esc>` `<Tab>` `<BS>` `<Del>` `<Space>` `<F1>`…`<F12>`,
/// `<C-d>` for Ctrl-D, `<lt>` for a literal `<`, `<Resize 40x10>` for a terminal resize, and
/// mouse events `<Click row,col>`, `<DblClick row,col>`, `<WheelUp>`, `<WheelDown>` (0-based cells).
/// An unterminated or unknown `<…>` is taken literally, character by character (the command line
/// refuses an unknown name instead: `unknownName(in:)`).
public enum KeyNotation {
    static let named: [String: Key] = [
        "up": .up, "down": .down, "left": .left, "right": .right,
        "pgup": .pageUp, "pageup": .pageUp, "pgdn": .pageDown, "pagedown": .pageDown,
        "home": .home, "end": .end, "enter": .enter, "cr": .enter, "return": .enter,
        "esc": .escape, "escape": .escape, "tab": .tab, "bs": .backspace, "backspace": .backspace,
        "del": .delete, "delete": .delete, "space": .char(" "), "lt": .char("<"),
        "wheelup": .mouse(MouseEvent(.wheelUp)), "wheeldown": .mouse(MouseEvent(.wheelDown)),
    ]

    /// Parses a key script into keys.
    public static func parse(_ script: String) -> [Key] {
        var keys: [Key] = []
        var chars = Array(script)[...]
        while let c = chars.first {
            chars = chars.dropFirst()
            if c == "<", let close = chars.firstIndex(of: ">"), let key = special(String(chars[..<close])) {
                keys.append(key)
                chars = chars[chars.index(after: close)...]
            } else if let scalar = c.unicodeScalars.first, c.unicodeScalars.count == 1,
                      let control = Key.fromControlCode(scalar.value) {
                keys.append(control)
            } else {
                keys.append(.char(c))
            }
        }
        return keys
    }

    /// The first `<…>` in `script` that looks like a key name but is none, with the offset (in
    /// characters) of its `<`; nil when every such name is known.
    ///
    /// `parse` types an unknown name literally, which suits fuzzed and interactive input; a script
    /// given on the command line is checked with this first, so that a misspelt `<Ennter>` is an error
    /// rather than seven typed characters. Brackets around anything but letters, digits, spaces, `,`
    /// and `-` (and names longer than 24 characters) are plain text, as is an unclosed `<`.
    public static func unknownName(in script: String) -> (name: String, offset: Int)? {
        let chars = Array(script)
        var i = 0
        while i < chars.count {
            defer { i += 1 }
            guard chars[i] == "<", let close = chars[(i + 1)...].firstIndex(of: ">") else { continue }
            let name = String(chars[(i + 1)..<close])
            if special(name) != nil { i = close; continue }
            if looksLikeName(name) { return (name, i) }
        }
        return nil
    }

    private static func looksLikeName(_ name: String) -> Bool {
        guard let first = name.first, first.isLetter, name.count <= 24 else { return false }
        return name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == " " || $0 == "," || $0 == "-") }
    }

    /// The key named inside `<…>`, or nil.
    static func special(_ name: String) -> Key? {
        let lower = name.lowercased()
        if let key = named[lower] { return key }
        if lower.hasPrefix("c-"), lower.count == 3, let c = lower.last, c.isLetter { return .ctrl(c) }
        if lower.hasPrefix("f"), let n = Int(lower.dropFirst()), (1...24).contains(n) { return .function(n) }
        if lower.hasPrefix("resize ") { return resize(String(lower.dropFirst(7))) }
        for (prefix, kind) in [("click ", MouseEvent.Kind.click), ("dblclick ", .doubleClick)] where lower.hasPrefix(prefix) {
            let parts = lower.dropFirst(prefix.count).split(separator: ",").compactMap { Int($0) }
            if parts.count == 2 { return .mouse(MouseEvent(kind, row: parts[0], column: parts[1])) }
        }
        return nil
    }

    private static func resize(_ size: String) -> Key? {
        let parts = size.split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2, parts[0] > 0, parts[1] > 0 else { return nil }
        return .resize(cols: parts[0], rows: parts[1])
    }

    /// How a key is written in the help screen (`j`, `Down`, `C-d`, `Space`, `F1`).
    public static func name(_ key: Key) -> String {
        switch key {
        case .char(" "): "Space"
        case .char(let c): String(c)
        case .ctrl(let c): "C-" + String(c)
        case .up: "Up"
        case .down: "Down"
        case .left: "Left"
        case .right: "Right"
        case .pageUp: "PgUp"
        case .pageDown: "PgDn"
        case .home: "Home"
        case .end: "End"
        case .enter: "Enter"
        case .escape: "Esc"
        case .tab: "Tab"
        case .backspace: "BS"
        case .delete: "Del"
        case .function(let n): "F\(n)"
        case .resize(let c, let r): "Resize \(c)x\(r)"
        case .mouse(let m): mouseName(m)
        }
    }

    private static func mouseName(_ m: MouseEvent) -> String {
        switch m.kind {
        case .click: "Click"
        case .doubleClick: "DblClick"
        case .wheelUp: "WheelUp"
        case .wheelDown: "WheelDown"
        }
    }
}
