/// A mouse event, in screen cell coordinates (0-based).
public struct MouseEvent: Sendable, Hashable {
    /// What happened.
    public enum Kind: Sendable, Hashable {
        case click
        case doubleClick
        case wheelUp
        case wheelDown
    }

    public var kind: Kind
    public var row: Int
    public var column: Int

    public init(_ kind: Kind, row: Int = 0, column: Int = 0) {
        self.kind = kind
        self.row = row
        self.column = column
    }
}

/// One key press (or terminal event) as the browser sees it, independent of ncurses.
public enum Key: Sendable, Hashable {
    /// A printable character (including space).
    case char(Character)
    /// Ctrl plus a letter (`ctrl("d")` is Ctrl-D); always lowercase.
    case ctrl(Character)
    case up, down, left, right
    case pageUp, pageDown, home, end
    case enter, escape, tab, backspace, delete
    /// A function key, `f(1)` is F1.
    case function(Int)
    /// The terminal changed size.
    case resize(cols: Int, rows: Int)
    case mouse(MouseEvent)

    /// Maps a raw control code (0–31, 127) to a key, or nil for a printable code.
    public static func fromControlCode(_ code: UInt32) -> Key? {
        switch code {
        case 9: return .tab
        case 10, 13: return .enter
        case 27: return .escape
        case 8, 127: return .backspace
        case 1...26: return .ctrl(Character(Unicode.Scalar(UInt8(code) + 96)))
        case 0..<32: return .ctrl("@")
        default: return nil
        }
    }

    /// Whether the key is a printable character a prompt can insert.
    public var printable: Character? {
        if case .char(let c) = self { return c }
        return nil
    }
}
