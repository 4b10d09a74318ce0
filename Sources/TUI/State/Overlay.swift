import ArchiveModel

/// Selection and scroll position of a list overlay.
public struct ListCursor: Sendable, Equatable {
    public var selected = 0
    public var top = 0

    /// Moves the selection by `delta` within `count` entries, keeping it inside a `height`-row window.
    mutating func move(by delta: Int, count: Int, height: Int) {
        selected = max(0, min(count - 1, selected + delta))
        if selected < top { top = selected }
        if selected >= top + max(1, height) { top = selected - max(1, height) + 1 }
        top = max(0, min(top, max(0, count - max(1, height))))
    }
}

/// Which prompt is open on the status line.
public enum PromptKind: String, Sendable, Equatable {
    case search
    case goTo
}

/// A modal view over the tree.
package enum Overlay: Sendable, Equatable {
    /// The key table as help text.
    case help(ListCursor)
    /// All diagnostics of the full check, by offset.
    case problems(ListCursor)
    /// The referrers of an object.
    case referrers(ObjectID, [Referrer], ListCursor)
    /// The security audit's lines (`A`, issue 40), scrolled as text.
    case security([String], ListCursor)
    /// A text prompt with what has been typed so far.
    case prompt(PromptKind, String)

    var cursor: ListCursor? {
        switch self {
        case .help(let c), .problems(let c), .referrers(_, _, let c), .security(_, let c): c
        case .prompt: nil
        }
    }

    func with(cursor: ListCursor) -> Overlay {
        switch self {
        case .help: .help(cursor)
        case .problems: .problems(cursor)
        case .referrers(let id, let list, _): .referrers(id, list, cursor)
        case .security(let lines, _): .security(lines, cursor)
        case .prompt: self
        }
    }
}
