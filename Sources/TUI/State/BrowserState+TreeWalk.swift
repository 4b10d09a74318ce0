import ArchiveModel

/// One round of jumps with `n`/`N` (or `}`/`{`): the rows shown since it began or last wrapped, by what
/// they show (so one object reached by several paths is a match once per round), and where a bounded
/// walk stopped.
struct JumpRound: Sendable {
    var seen: Set<SearchHit> = []
    /// The direction of the round (`N` after `n` starts a new one).
    var forward = true
    var resume: SearchResume?
    /// Rows looked at by the walks of this round that stopped at their budget.
    var looked = 0
}

/// What a walk through the tree says when it finds one match, none, wraps, or runs out of budget.
struct TreeJumpMessages {
    var only: String
    var none: String
    var wrapped: String
    var budget: String
}

extension BrowserState {
    /// Rows one search step may look at in the full tree before it stops and says so (`n` continues).
    public static let searchBudget = 100_000

    /// Walks the full tree in pre-order from the focus (or from where the last bounded walk stopped),
    /// wrapping once, and focuses the first row `matches` accepts, expanding what it passes through.
    ///
    /// The walk is lazy and bounded: it looks at up to `searchBudget` rows, never follows a cycle, and
    /// enters each shared object once before the wrap and once after it (a graph of shared objects
    /// unfolds into exponentially many rows).
    /// A match showing what an earlier one of this round showed (the same field of the same object,
    /// reached by another path) is passed over.
    mutating func jumpInTree(to matches: (OutlineNode) -> Bool, round key: WritableKeyPath<BrowserState, JumpRound>,
                             forward: Bool, messages: TreeJumpMessages, _ context: BrowserContext) {
        var round = self[keyPath: key]
        if forward != round.forward { round = JumpRound(); round.forward = forward }
        let focus = SearchHit(focusPath, context, pinned: pinnedRoots)
        if let focus { round.seen.insert(focus) }
        let resume = round.resume.flatMap { $0.focus == focusPath && $0.forward == forward ? $0.at : nil }
        round.resume = nil
        if resume == nil { round.looked = 0 }
        defer { self[keyPath: key] = round }
        guard var cursor = TreeCursor(at: resume ?? focusPath, context: context, pinned: pinnedRoots, expansion: expansion)
            ?? TreeCursor.first(context, pinned: pinnedRoots, expansion: expansion) else { message = messages.none; return }
        cursor.visited = []
        var wrapped = false, completed = false
        for _ in 0..<Self.searchBudget {
            if !(forward ? cursor.next() : cursor.previous()) {
                guard !wrapped, let restart = forward ? TreeCursor.first(context, pinned: pinnedRoots, expansion: expansion)
                    : TreeCursor.last(context, pinned: pinnedRoots, expansion: expansion) else { completed = true; break }
                // A new round: matches passed over as seen before the wrap are candidates again, so the
                // objects entered before it are entered again (the walk stays within its budget).
                wrapped = true
                cursor = restart
                cursor.visited = []
            }
            if let node = cursor.node, matches(node) {
                let hit = SearchHit(cursor.path, context, pinned: pinnedRoots)
                // Past the wrap a new round begins: only what the focus shows counts as seen.
                let seen = hit.map { wrapped ? $0 == focus : round.seen.contains($0) } ?? false
                if !seen {
                    if cursor.path == focusPath { message = messages.only; return }
                    if wrapped { round.seen = [] }
                    if let hit { round.seen.insert(hit) }
                    jump(to: cursor.path, context: context)
                    if wrapped { message = messages.wrapped }
                    return
                }
            }
            if wrapped, cursor.path == focusPath { completed = true; break }
        }
        if completed {
            let here = context.chain(focusPath, pinned: pinnedRoots)?.last.map(matches) ?? false
            message = here ? messages.only : messages.none
        } else {
            round.resume = SearchResume(focus: focusPath, at: cursor.path, forward: forward)
            round.looked += Self.searchBudget
            message = messages.budget
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
/// holding it (the nearest ancestor that is an object; a top-level row has none). A row leading to an
/// object with nothing to expand (a string or number a writer stored once for several keys) counts as
/// a field: each key showing the value is a match of its own.
struct SearchHit: Hashable {
    var object: ObjectID?
    var owner: ObjectID?
    var label: String

    init?(_ path: [Int], _ context: BrowserContext, pinned: [ObjectID]) {
        guard let chain = context.chain(path, pinned: pinned), let node = chain.last else { return nil }
        if let target = node.target, node.isExpandable || chain.count == 1 {
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
