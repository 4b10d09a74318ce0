import ArchiveModel
import TUI

/// Whether the terminal type in `TERM` can run the browser, decided before curses starts: curses
/// exits the process (status 1, its own message) on a type terminfo does not know, and draws a blank
/// screen on one that cannot move the cursor (`TERM=dumb`).
enum TerminalTypeCheck {
    enum Outcome: Equatable {
        /// `TERM` as it is.
        case usable
        /// `TERM` is not in terminfo, but names a family whose common type is: run with that one.
        case fallback(from: String, to: String)
        /// The browser cannot run; the message says why and what to use instead.
        case refuse(String)
    }

    /// The advice every refusal ends with.
    static let alternatives = "use --dump, --check or --json for text output, or --screen COLSxROWS for the browser's screen as text"

    /// Decides for `term` (nil when unset), asking `lookup` what terminfo knows.
    static func check(term: String?, lookup: (String) -> TerminalTypeSupport) -> Outcome {
        guard let term, !term.isEmpty else {
            return .refuse("TERM is not set, so the terminal type is not known and the browser cannot run; " + alternatives)
        }
        let shown = DisplayText.escape(term)
        switch lookup(term) {
        case .usable:
            return .usable
        case .cannotAddressCursor:
            return .refuse("TERM=\(shown) is a terminal that cannot move the cursor, so it cannot run the browser; " + alternatives)
        case .noDatabase:
            return .refuse("no terminfo database was found to look up TERM=\(shown) in (install ncurses-base), so the browser cannot run; " + alternatives)
        case .unknown:
            if let known = fallbacks(for: term).first(where: { lookup($0) == .usable }) { return .fallback(from: term, to: known) }
            return .refuse("the terminal type TERM=\(shown) is not in the terminfo database, so the browser cannot drive it;"
                + " set TERM to a type the terminal emulates (often TERM=xterm-256color), or " + alternatives)
        }
    }

    /// Types to try, in order, for a `term` terminfo does not know: only for families whose members
    /// all understand their common type's sequences (terminal emulators that call themselves xterm
    /// or emulate it, tmux and screen, rxvt), never a guess for a name of no known family.
    static func fallbacks(for term: String) -> [String] {
        let name = term.lowercased()
        let xtermLike = ["xterm", "kitty", "alacritty", "wezterm", "foot", "ghostty", "contour", "vte", "gnome", "konsole", "iterm"]
        if xtermLike.contains(where: { name == $0 || name.hasPrefix($0 + "-") }) { return ["xterm-256color", "xterm"] }
        if name.hasPrefix("tmux") { return ["tmux-256color", "screen-256color", "screen"] }
        if name.hasPrefix("screen") { return ["screen-256color", "screen"] }
        if name.hasPrefix("rxvt") { return ["rxvt-unicode-256color", "rxvt"] }
        return []
    }
}
