/// The eight basic terminal colours plus the terminal's default.
public enum TermColor: Int, Sendable, Hashable, CaseIterable {
    case none = -1
    case black = 0, red, green, yellow, blue, magenta, cyan, white
}

/// How a cell is drawn. Meaning never rests on colour alone: glyphs and attributes carry it too.
public struct Style: Sendable, Hashable {
    public var fg: TermColor
    public var bg: TermColor
    public var bold: Bool
    public var reverse: Bool
    public var dim: Bool
    public var underline: Bool

    public init(fg: TermColor = .none, bg: TermColor = .none, bold: Bool = false, reverse: Bool = false,
                dim: Bool = false, underline: Bool = false) {
        self.fg = fg
        self.bg = bg
        self.bold = bold
        self.reverse = reverse
        self.dim = dim
        self.underline = underline
    }

    public static let plain = Style()

    /// A short code for snapshot files: `.` plain, otherwise letters for the attributes set.
    public var code: String {
        var s = ""
        if bold { s += "b" }
        if reverse { s += "r" }
        if dim { s += "d" }
        if underline { s += "u" }
        if fg != .none { s += "f\(fg.rawValue)" }
        if bg != .none { s += "k\(bg.rawValue)" }
        return s.isEmpty ? "." : s
    }
}

/// The styles the renderer uses, by role.
public enum Theme {
    public static let selected = Style(reverse: true)
    public static let statusBar = Style(fg: .black, bg: .cyan, bold: true)
    public static let className = Style(fg: .cyan)
    public static let summary = Style()
    public static let marker = Style(dim: true)
    public static let shared = Style(fg: .magenta)
    public static let cycle = Style(fg: .yellow, bold: true)
    public static let error = Style(fg: .red, bold: true)
    public static let warning = Style(fg: .yellow)
    public static let nilValue = Style(dim: true)
    public static let heading = Style(bold: true, underline: true)
    public static let label = Style(bold: true)
    public static let highlight = Style(fg: .black, bg: .yellow)
    public static let border = Style(dim: true)
    public static let tabActive = Style(bold: true, reverse: true)
    public static let embedded = Style(fg: .green, bold: true)
    /// A row holding a byte the repaired reading changed (`✎ repaired`).
    public static let repaired = Style(fg: .cyan, bold: true)
}
