import ArchiveModel

extension BrowserState {
    /// Rows one search step may look at before it stops and says so (`n` continues from there).
    public static let searchBudget = 100_000

    /// Starts a search for `pattern` forward from the focus.
    mutating func search(_ pattern: String, _ context: BrowserContext) {
        guard !pattern.isEmpty else { return }
        searchPattern = pattern
        searchResume = nil
        find(forward: true, context)
    }

    /// Repeats the last search (`n` forward, `N` backward).
    mutating func searchAgain(forward: Bool, _ context: BrowserContext) {
        guard searchPattern != nil else { message = "no search yet: press /"; return }
        find(forward: forward, context)
    }

    /// Walks the full tree in pre-order from the focus (or where the last bounded walk stopped),
    /// wrapping once, and focuses the first matching row, revealing it.
    private mutating func find(forward: Bool, _ context: BrowserContext) {
        guard let pattern = searchPattern else { return }
        let matcher = SearchMatcher(pattern)
        let resume = searchResume.flatMap { $0.focus == focusPath && $0.forward == forward ? $0.at : nil }
        searchResume = nil
        guard var cursor = TreeCursor(at: resume ?? focusPath, context: context, pinned: pinnedRoots)
            ?? TreeCursor.first(context, pinned: pinnedRoots) else { return }
        var wrapped = false, completed = false
        for _ in 0..<Self.searchBudget {
            if !(forward ? cursor.next() : cursor.previous()) {
                guard !wrapped, let restart = forward ? TreeCursor.first(context, pinned: pinnedRoots)
                    : TreeCursor.last(context, pinned: pinnedRoots) else { completed = true; break }
                wrapped = true
                cursor = restart
            }
            if let node = cursor.node, matcher.matches(node) {
                if cursor.path == focusPath { message = "only match: " + pattern; return }
                jump(to: cursor.path, context: context)
                if wrapped { message = forward ? "search wrapped to the top" : "search wrapped to the bottom" }
                return
            }
            if wrapped, cursor.path == focusPath { completed = true; break }
        }
        if completed {
            message = "no match: " + pattern
        } else {
            searchResume = SearchResume(focus: focusPath, at: cursor.path, forward: forward)
            message = "no match in \(Self.searchBudget) rows; press \(forward ? "n" : "N") to search further"
        }
    }
}

/// Where a bounded search stopped, so that `n` can go on from there.
public struct SearchResume: Sendable, Equatable {
    var focus: [Int]
    var at: [Int]
    var forward: Bool
}
