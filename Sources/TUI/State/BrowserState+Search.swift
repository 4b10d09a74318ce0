import ArchiveModel

extension BrowserState {
    /// Rows one search step may look at in the full tree before it stops and says so (`n` continues).
    public static let searchBudget = 100_000
    /// Visible rows looked at first, before the walk through the full tree.
    public static let visibleSearchBudget = 50_000

    /// Starts a search for `pattern` forward from the focus.
    mutating func search(_ pattern: String, _ context: BrowserContext) {
        guard !pattern.isEmpty else { return }
        searchPattern = pattern
        searchResume = nil
        searchSeen = []
        find(forward: true, context)
    }

    /// Repeats the last search (`n` forward, `N` backward).
    mutating func searchAgain(forward: Bool, _ context: BrowserContext) {
        guard searchPattern != nil else { message = "no search yet: press /"; return }
        find(forward: forward, context)
    }

    /// Looks through the visible rows after (or before) the focus first, then walks the full tree.
    /// A match showing what an earlier one of this round showed (the same field of the same object,
    /// reached by another path) is passed over.
    private mutating func find(forward: Bool, _ context: BrowserContext) {
        guard let pattern = searchPattern else { return }
        let matcher = SearchMatcher(pattern)
        if forward != searchSeenForward { searchSeen = []; searchSeenForward = forward }
        let focus = SearchHit(focusPath, context, pinned: pinnedRoots)
        if let focus { searchSeen.insert(focus) }
        if searchResume == nil, let (path, wrapped) = findVisible(matcher, forward: forward, focus: focus, context) {
            show(path, wrapped: wrapped, forward: forward, context)
            return
        }
        walk(matcher, pattern: pattern, forward: forward, focus: focus, context)
    }

    /// Focuses a match; after a wrap, a new round of matches begins with it.
    private mutating func show(_ path: [Int], wrapped: Bool, forward: Bool, _ context: BrowserContext) {
        if wrapped { searchSeen = [] }
        if let hit = SearchHit(path, context, pinned: pinnedRoots) { searchSeen.insert(hit) }
        jump(to: path, context: context)
        if wrapped { message = forward ? "search wrapped to the top" : "search wrapped to the bottom" }
    }

    /// Whether the row at `path` shows what a match of this round already showed; past the wrap, a
    /// new round, only what the focus shows (reaching it again means there is nothing else).
    private func alreadyShown(_ path: [Int], wrapped: Bool, focus: SearchHit?, _ context: BrowserContext) -> Bool {
        guard let hit = SearchHit(path, context, pinned: pinnedRoots) else { return false }
        return wrapped ? hit == focus : searchSeen.contains(hit)
    }

    /// The first visible row matching, in order from the focus, wrapping once; bounded.
    private func findVisible(_ matcher: SearchMatcher, forward: Bool, focus: SearchHit?, _ context: BrowserContext) -> ([Int], Bool)? {
        let n = expansion.rowCount
        guard n > 0 else { return nil } // a file with nothing to show (an empty or headless archive)
        let start = min(max(focusRow, 0), n - 1)
        let walker = RowWalker(self, context)
        let ranges = forward ? [(start + 1)..<n, 0..<start] : [0..<start, (start + 1)..<n]
        var budget = Self.visibleSearchBudget
        // One walk per range (a page-by-page walk would rebuild the chain of a deep row every page):
        // forward keeps the first match, backward the last one of the `budget` rows nearest the focus.
        for (part, range) in ranges.enumerated() where budget > 0 && !range.isEmpty {
            let take = min(range.count, budget)
            var hit: [Int]?
            walker.visit(from: forward ? range.lowerBound : range.upperBound - take, count: take) { row in
                guard matcher.matches(row.node), !alreadyShown(row.path, wrapped: part == 1, focus: focus, context) else { return true }
                hit = row.path
                return !forward
            }
            budget -= take
            if let hit { return (hit, part == 1) }
        }
        return nil
    }

    /// Walks the full tree in pre-order from the focus (or where the last bounded walk stopped),
    /// wrapping once, entering each shared object only once, and focuses the first match.
    private mutating func walk(_ matcher: SearchMatcher, pattern: String, forward: Bool, focus: SearchHit?, _ context: BrowserContext) {
        let resume = searchResume.flatMap { $0.focus == focusPath && $0.forward == forward ? $0.at : nil }
        searchResume = nil
        guard var cursor = TreeCursor(at: resume ?? focusPath, context: context, pinned: pinnedRoots)
            ?? TreeCursor.first(context, pinned: pinnedRoots) else { message = "no match: " + pattern; return }
        cursor.visited = []
        var wrapped = false, completed = false
        for _ in 0..<Self.searchBudget {
            if !(forward ? cursor.next() : cursor.previous()) {
                guard !wrapped, let restart = forward ? TreeCursor.first(context, pinned: pinnedRoots)
                    : TreeCursor.last(context, pinned: pinnedRoots) else { completed = true; break }
                wrapped = true
                let visited = cursor.visited
                cursor = restart
                cursor.visited = visited
            }
            if let node = cursor.node, matcher.matches(node), !alreadyShown(cursor.path, wrapped: wrapped, focus: focus, context) {
                if cursor.path == focusPath { message = "only match: " + pattern; return }
                show(cursor.path, wrapped: wrapped, forward: forward, context)
                return
            }
            if wrapped, cursor.path == focusPath { completed = true; break }
        }
        if completed {
            let here = context.chain(focusPath, pinned: pinnedRoots)?.last.map(matcher.matches) ?? false
            message = (here ? "only match: " : "no match: ") + pattern
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

/// What a search match shows: the object a row stands for, or a field by its label in the object
/// holding it (the nearest ancestor that is an object; a top-level row has none).
struct SearchHit: Hashable {
    var object: ObjectID?
    var owner: ObjectID?
    var label: String

    init?(_ path: [Int], _ context: BrowserContext, pinned: [ObjectID]) {
        guard let chain = context.chain(path, pinned: pinned), let node = chain.last else { return nil }
        if let target = node.target {
            self.object = target
            self.owner = nil
            self.label = ""
        } else {
            guard let owner = chain.dropLast().last(where: { $0.target != nil })?.target else { return nil }
            self.object = nil
            self.owner = owner
            self.label = node.label
        }
    }
}
