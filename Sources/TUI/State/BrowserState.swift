import ArchiveModel

/// Which view the detail pane shows.
public enum DetailTab: String, Sendable, Hashable {
    case detail
    case hex
}

/// Work the reducer cannot do itself because it may be slow: the front end runs it (in the
/// background, with progress and Esc to cancel) and then applies `then` again.
public enum PendingWork: Sendable, Hashable {
    case buildIndex(then: Action)
    case fullCheck(then: Action)
    /// The repaired reading of the file (`R`), opened as a session when found.
    case repair
    /// The security audit (`A`), shown in its panel when done.
    case audit
}

/// Something for the front end to do outside the screen.
public enum Effect: Sendable, Hashable {
    /// Copy `text` to the terminal clipboard (OSC 52).
    case yank(String)
    /// Stop the security audit running in the background: its panel was closed before it ended.
    case cancelAudit
}

/// A problem's own bytes, pinned to the row the problems list jumped to for it: that row may cover
/// more (the whole object holding a bad field), or nothing at all (a problem in a keyed archive's root
/// dictionary, which no row shows).
public struct ProblemBytes: Sendable, Hashable {
    /// The focus path the bytes belong to.
    public let path: [Int]
    public let range: ByteRange
    /// The problem's identifier (`keyed.top.missing`).
    public let problemID: String
}

/// The whole viewer state as a value: what is expanded, where the focus is, panes and overlays.
///
/// Change it only through `apply(_:context:)`; render it with `Renderer`.
public struct BrowserState: Sendable {
    public var cols: Int
    public var rows: Int
    public var expansion: ExpansionTree
    /// Path of the focused row (always a visible row while the tree is not empty).
    public var focusPath: [Int]
    /// Visible row index shown at the top of the tree pane.
    public var top: Int = 0
    /// Objects shown as extra top-level rows `#id` because no path to them was found.
    public var pinnedRoots: [ObjectID] = []
    public var showDetail = false
    public var detailTab: DetailTab = .detail
    public var detailScroll = 0
    /// The last search: a pattern (`/`) or a key (`*`, `#`).
    public var searchQuery: SearchQuery?
    /// The round of `n`/`N` jumps under way.
    var searchRound = JumpRound()
    /// Whether the last search stopped at its row budget with rows left to look at: the browser goes on
    /// with it (`continueSearch`) until a match, the end, or a key.
    public internal(set) var searchContinues = false
    /// The round of next/previous-problem jumps under way.
    var problemRound = JumpRound()
    /// Jump history: focus paths to go back to, and to go forward to.
    public var backStack: [[Int]] = []
    public var forwardStack: [[Int]] = []
    package var overlay: Overlay?
    /// The ids of the problems list's groups opened with Enter.
    public var openProblemGroups: Set<String> = []
    /// The bytes of the problem the problems list last jumped to, shown by the hex tab while the focus
    /// stays on the row it jumped to (cleared when the focus moves).
    public var problemBytes: ProblemBytes?
    public var yankPending = false
    /// A one-line message for the status line, cleared by the next action.
    public var message: String?
    public var effects: [Effect] = []
    public var pending: PendingWork?
    /// Open a nested archive, or close this one: for the `SessionStack` to carry out.
    public var request: SessionRequest?
    public var shouldQuit = false

    /// The initial state: top-level rows, focus on the first one.
    public init(context: BrowserContext, cols: Int, rows: Int) {
        self.cols = min(ScreenBuffer.maxCols, max(1, cols))
        self.rows = min(ScreenBuffer.maxRows, max(1, rows))
        expansion = ExpansionTree(rootCount: context.outlineRootCount)
        focusPath = context.outlineRootCount > 0 ? [0] : []
        if context.outlineRootCount == 1, let root = context.root(0, pinned: []) {
            expansion.expand([0], childCount: context.childCount(of: root))
        }
    }

    /// The active key table.
    public var mode: InputMode {
        if yankPending { return .yank }
        switch overlay {
        case .prompt: return .prompt
        case .help, .problems, .referrers, .security: return .list
        case nil: return .tree
        }
    }

    /// Visible row index of the focus.
    public var focusRow: Int { expansion.rowIndex(of: focusPath) ?? 0 }

    /// Screen areas for the current size and panes.
    public var layout: Layout { Layout(cols: cols, rows: rows, detail: showDetail) }

    /// Applies one action. Slow work is requested through `pending` rather than done here.
    public mutating func apply(_ action: Action, context: BrowserContext) {
        message = nil
        switch action {
        case .command(let command): run(command, context)
        case .collapseToDepth(let n): collapse(toDepth: n, context)
        case .resize(let c, let r): resize(cols: c, rows: r)
        case .mouse(let event): mouse(event, context)
        case .insert(let c): insert(c)
        }
        syncRootCount(context)
        clampFocus()
        scrollToFocus()
        if let pinned = problemBytes, pinned.path != focusPath { problemBytes = nil }
    }

    /// Keeps the trie's top level in step with the context (after the index adds "lost and found").
    mutating func syncRootCount(_ context: BrowserContext) {
        let n = context.outlineRootCount + pinnedRoots.count
        if expansion.rootCount != n { expansion.setRootCount(n) }
    }

    mutating func resize(cols: Int, rows: Int) {
        self.cols = min(ScreenBuffer.maxCols, max(1, cols))
        self.rows = min(ScreenBuffer.maxRows, max(1, rows))
    }
}
