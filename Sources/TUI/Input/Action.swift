/// A parameterless command a key can be bound to. Every case has at least one key (tested).
public enum Command: String, Sendable, Hashable, CaseIterable {
    // Moving
    case moveDown, moveUp, pageDown, pageUp, halfPageDown, halfPageUp, top, bottom
    case nextSibling, previousSibling
    // Expanding
    case expandOrEnter, collapseOrParent, toggle, expandDeep, expandAll, collapseDeep, collapseAll
    // Searching and jumping
    case startSearch, searchNext, searchPrevious, searchKeyNext, searchKeyPrevious, follow, back, forward, startGoto
    // Embedded archives
    case openEmbedded, closeArchive, toggleRepaired
    // Panes and lists
    case showReferrers, toggleHex, toggleDetail, showProblems, nextProblem, previousProblem, showHelp, showSecurity
    case scrollDetailDown, scrollDetailUp
    // Copying
    case startYank, yankValue, yankKey, yankPath, yankJQPath
    // Overlays and prompts
    case listDown, listUp, listPageDown, listPageUp, listTop, listBottom, listSelect, closeOverlay
    case promptSubmit, promptCancel, promptBackspace, cancelYank
    case quit
}

/// Everything that can change the browser state: commands from keys, plus events with data.
public enum Action: Sendable, Hashable {
    case command(Command)
    /// Collapse the tree to show `depth` levels (keys 1–9).
    case collapseToDepth(Int)
    /// The terminal changed size.
    case resize(cols: Int, rows: Int)
    /// A mouse event at a screen cell.
    case mouse(MouseEvent)
    /// A character typed into the active prompt.
    case insert(Character)
}

/// Which key table is active: the tree, a list overlay, a text prompt, or the `y` prefix.
public enum InputMode: String, Sendable, Hashable, CaseIterable {
    case tree
    case list
    case prompt
    case yank
}
