@preconcurrency import CNcursesw

/// The one place that talks to ncursesw: set-up, keys, drawing a `ScreenBuffer`, OSC 52, restore.
public final class TerminalSeam: Terminal {
    private var active = false
    private let useColor: Bool
    private var pairs: [Int: Int16] = [:]

    /// Sets the locale (falling back to C.UTF-8 when the environment's is not UTF-8) and starts
    /// ncurses in raw mode with keypad, mouse and (unless `NO_COLOR` is set) colours.
    public init() {
        Platform.useEnvironmentLocaleOrUTF8()
        let noColor = Platform.environment("NO_COLOR").map { !$0.isEmpty } ?? false
        initscr()
        active = true
        raw()
        noecho()
        nonl()
        keypad(cnc_stdscr(), true)
        curs_set(0)
        set_escdelay(25)
        mouseinterval(200)
        mousemask(cnc_BUTTON1_CLICKED | cnc_BUTTON1_DOUBLE_CLICKED | cnc_BUTTON4_PRESSED | cnc_BUTTON5_PRESSED, nil)
        useColor = !noColor && has_colors()
        if useColor {
            start_color()
            use_default_colors()
        }
    }

    deinit { restore() }

    public var size: (cols: Int, rows: Int) {
        (Int(cnc_maxx(cnc_stdscr())), Int(cnc_maxy(cnc_stdscr())))
    }

    public func restore() {
        guard active else { return }
        active = false
        mousemask(0, nil)
        curs_set(1)
        endwin()
    }

    public func nextKey(timeoutMilliseconds: Int) -> Key? {
        timeout(Int32(clamping: timeoutMilliseconds))
        var ch: wint_t = 0
        let status = get_wch(&ch)
        // wint_t is unsigned on Linux, signed on macOS.
        let code = UInt32(truncatingIfNeeded: ch)
        if status == KEY_CODE_YES { return special(Int32(bitPattern: code)) }
        guard status == OK else { return nil }
        if let control = Key.fromControlCode(code) { return control }
        guard let scalar = Unicode.Scalar(code) else { return nil }
        return .char(Character(scalar))
    }

    private func special(_ code: Int32) -> Key? {
        switch code {
        case KEY_UP: .up
        case KEY_DOWN: .down
        case KEY_LEFT: .left
        case KEY_RIGHT: .right
        case KEY_NPAGE: .pageDown
        case KEY_PPAGE: .pageUp
        case KEY_HOME: .home
        case KEY_END: .end
        case KEY_ENTER: .enter
        case KEY_BACKSPACE: .backspace
        case KEY_DC: .delete
        case KEY_RESIZE: .resize(cols: size.cols, rows: size.rows)
        case KEY_MOUSE: mouse()
        case KEY_F0 + 1...KEY_F0 + 24: .function(Int(code - KEY_F0))
        default: nil
        }
    }

    private func mouse() -> Key? {
        var event = MEVENT()
        guard getmouse(&event) == OK else { return nil }
        let state = event.bstate
        let kind: MouseEvent.Kind
        if state & cnc_BUTTON4_PRESSED != 0 { kind = .wheelUp }
        else if state & cnc_BUTTON5_PRESSED != 0 { kind = .wheelDown }
        else if state & cnc_BUTTON1_DOUBLE_CLICKED != 0 { kind = .doubleClick }
        else if state & cnc_BUTTON1_CLICKED != 0 { kind = .click }
        else { return nil }
        return .mouse(MouseEvent(kind, row: Int(event.y), column: Int(event.x)))
    }

    public func present(_ screen: ScreenBuffer) {
        erase()
        for row in 0..<screen.rows {
            var col = 0
            while col < screen.cols {
                let style = screen[row, col].style
                var text = ""
                let start = col
                while col < screen.cols, screen[row, col].style == style {
                    text += screen[row, col].text
                    col += 1
                }
                draw(text, row: row, col: start, style: style)
            }
        }
        refresh()
    }

    private func draw(_ text: String, row: Int, col: Int, style: Style) {
        let attributes = attributes(for: style)
        attrset(attributes)
        var wide = text.unicodeScalars.map { wchar_t(bitPattern: $0.value) }
        wide.append(0)
        wide.withUnsafeBufferPointer { buffer in
            if let base = buffer.baseAddress { _ = mvaddwstr(Int32(row), Int32(col), base) }
        }
        attrset(cnc_A_NORMAL)
    }

    private func attributes(for style: Style) -> Int32 {
        var a = cnc_A_NORMAL
        if style.bold { a |= cnc_A_BOLD }
        // Without colour, a coloured background (status bar, hex highlight) is shown in reverse video.
        if style.reverse || (!useColor && style.bg != .none) { a |= cnc_A_REVERSE }
        if style.dim { a |= cnc_A_DIM }
        if style.underline { a |= cnc_A_UNDERLINE }
        if useColor, style.fg != .none || style.bg != .none { a |= cnc_color_pair(Int32(pair(style.fg, style.bg))) }
        return a
    }

    /// The colour pair for (fg, bg), allocated on first use.
    private func pair(_ fg: TermColor, _ bg: TermColor) -> Int16 {
        let key = (fg.rawValue + 1) * 16 + bg.rawValue + 1
        if let existing = pairs[key] { return existing }
        let n = Int16(pairs.count + 1)
        init_pair(n, Int16(fg.rawValue), Int16(bg.rawValue))
        pairs[key] = n
        return n
    }

    public func yank(_ text: String) {
        Platform.writeToStandardOutput(Array(OSC52.sequence(for: text).utf8))
    }
}

/// What the terminfo database says of a terminal type (the value of `TERM`).
public enum TerminalTypeSupport: Sendable, Equatable {
    /// Known, and able to run the browser (it addresses the cursor).
    case usable
    /// Known, but it cannot address the cursor (`dumb`, a hardcopy or generic type).
    case cannotAddressCursor
    /// Not in the terminfo database.
    case unknown
    /// There is no terminfo database to look in.
    case noDatabase
}

extension TerminalSeam {
    /// Looks `name` up in terminfo without starting curses, which exits the process on a type it
    /// does not know and shows a blank screen on one that cannot address the cursor.
    public static func support(forTerminalType name: String) -> TerminalTypeSupport {
        switch cnc_terminal_type(name) {
        case 2: .usable
        case 1: .cannotAddressCursor
        case -1: .noDatabase
        default: .unknown
        }
    }
}
