/// One row of the key table: keys, what they do, and how the help screen describes them.
public struct KeyBinding: Sendable {
    public var keys: [Key]
    public var action: Action
    public var description: String
    public var section: String
    public var mode: InputMode
}

/// The one key table: dispatch and the help screen are both generated from `bindings`.
public enum Keymap {
    /// All bindings, in help-screen order.
    public static let bindings: [KeyBinding] = treeBindings + listBindings + promptBindings + yankBindings

    private static func bind(_ keys: [Key], _ command: Command, _ text: String, _ section: String,
                             _ mode: InputMode = .tree) -> KeyBinding {
        KeyBinding(keys: keys, action: .command(command), description: text, section: section, mode: mode)
    }

    private static let treeBindings: [KeyBinding] = [
        bind([.char("j"), .down], .moveDown, "move down", "Move"),
        bind([.char("k"), .up], .moveUp, "move up", "Move"),
        bind([.pageDown, .ctrl("f")], .pageDown, "page down", "Move"),
        bind([.pageUp, .ctrl("b")], .pageUp, "page up", "Move"),
        bind([.ctrl("d")], .halfPageDown, "half page down", "Move"),
        bind([.ctrl("u")], .halfPageUp, "half page up", "Move"),
        bind([.char("g"), .home], .top, "first row", "Move"),
        bind([.char("G"), .end], .bottom, "last row", "Move"),
        bind([.char("J")], .nextSibling, "next sibling", "Move"),
        bind([.char("K")], .previousSibling, "previous sibling", "Move"),
        bind([.char("l"), .right, .enter], .expandOrEnter, "expand, or enter the first child", "Tree"),
        bind([.char("h"), .left], .collapseOrParent, "collapse, or go to the parent", "Tree"),
        bind([.char(" ")], .toggle, "toggle expansion", "Tree"),
        bind([.char("e")], .expandDeep, "expand all below (bounded, never into cycles)", "Tree"),
        bind([.char("E")], .expandAll, "expand everything (bounded)", "Tree"),
        bind([.char("c")], .collapseDeep, "collapse all below", "Tree"),
        bind([.char("C")], .collapseAll, "collapse everything", "Tree"),
    ] + (1...9).map { n in
        KeyBinding(keys: [.char(Character(String(n)))], action: .collapseToDepth(n),
                   description: "show N levels (collapse deeper ones)", section: "Tree", mode: .tree)
    } + [
        bind([.char("/")], .startSearch, "search keys, classes and values (regex, smart case)", "Search and jump"),
        bind([.char("n")], .searchNext, "next match", "Search and jump"),
        bind([.char("N")], .searchPrevious, "previous match", "Search and jump"),
        bind([.char("*")], .searchKeyNext, "next row with the focused row's key (then n/N)", "Search and jump"),
        bind([.char("#")], .searchKeyPrevious, "previous row with the focused row's key", "Search and jump"),
        bind([.char("}")], .nextProblem, "next row with a problem (! or ? in the margin)", "Search and jump"),
        bind([.char("{")], .previousProblem, "previous row with a problem", "Search and jump"),
        bind([.char("f"), .ctrl("g")], .follow, "follow the reference to its object", "Search and jump"),
        bind([.char("["), .backspace], .back, "back in jump history", "Search and jump"),
        bind([.char("]")], .forward, "forward in jump history", "Search and jump"),
        bind([.char(":")], .startGoto, "go to object (:#12 or :12)", "Search and jump"),
        bind([.char("o")], .openEmbedded, "open the archive embedded in this data (⧉)", "Search and jump"),
        bind([.char("R")], .toggleRepaired, "repaired reading: line endings, re-encoding, wrappers undone (✎ marks changes); again: as it is", "Panes"),
        bind([.char("r")], .showReferrers, "referrers of the focused object", "Panes"),
        bind([.char("x")], .toggleHex, "hex view of the node's bytes", "Panes"),
        bind([.tab, .char("d")], .toggleDetail, "toggle the detail pane", "Panes"),
        bind([.ctrl("e")], .scrollDetailDown, "scroll the detail pane down", "Panes"),
        bind([.ctrl("y")], .scrollDetailUp, "scroll the detail pane up", "Panes"),
        bind([.char("p")], .showProblems, "problems list (all diagnostics), on the first error", "Panes"),
        bind([.char("A")], .showSecurity, "security audit: classes decoding would instantiate, smallest allow-list, risk findings", "Panes"),
        bind([.char("y")], .startYank, "copy: then v value, k key, p path, j jq path", "Other"),
        bind([.char("?"), .function(1)], .showHelp, "this help", "Other"),
        bind([.char("q")], .closeArchive, "quit; in an embedded archive: back to the outer one", "Other"),
        bind([.ctrl("c")], .quit, "quit at once, from any depth", "Other"),
    ]

    private static let listBindings: [KeyBinding] = [
        bind([.char("j"), .down], .listDown, "next entry", "Lists and help", .list),
        bind([.char("k"), .up], .listUp, "previous entry", "Lists and help", .list),
        // The tree's page keys (PgDn PgUp C-f C-b C-d C-u) all page here, and Space pages as in less.
        bind([.pageDown, .ctrl("f"), .ctrl("d"), .char(" ")], .listPageDown, "page down", "Lists and help", .list),
        bind([.pageUp, .ctrl("b"), .ctrl("u")], .listPageUp, "page up", "Lists and help", .list),
        bind([.char("g"), .home], .listTop, "first entry", "Lists and help", .list),
        bind([.char("G"), .end], .listBottom, "last entry", "Lists and help", .list),
        bind([.enter, .char("l")], .listSelect, "jump to the entry", "Lists and help", .list),
        bind([.escape, .char("q"), .char("?"), .function(1), .char("h")], .closeOverlay, "close", "Lists and help", .list),
        bind([.ctrl("c")], .quit, "quit", "Lists and help", .list),
    ]

    private static let promptBindings: [KeyBinding] = [
        bind([.enter], .promptSubmit, "run the search or go-to", "Prompts", .prompt),
        bind([.escape, .ctrl("g")], .promptCancel, "cancel", "Prompts", .prompt),
        bind([.backspace], .promptBackspace, "delete a character", "Prompts", .prompt),
        bind([.ctrl("c")], .quit, "quit", "Prompts", .prompt),
    ]

    private static let yankBindings: [KeyBinding] = [
        bind([.char("v")], .yankValue, "copy the value (OSC 52)", "Copy (after y)", .yank),
        bind([.char("k")], .yankKey, "copy the key", "Copy (after y)", .yank),
        bind([.char("p")], .yankPath, "copy the key path (root.items.3.name, as --extract reads it)", "Copy (after y)", .yank),
        bind([.char("j")], .yankJQPath, "copy the path as jq reads it (.root.items[3].name)", "Copy (after y)", .yank),
        bind([.escape], .cancelYank, "cancel", "Copy (after y)", .yank),
        bind([.ctrl("c")], .quit, "quit", "Copy (after y)", .yank),
    ]

    private static let table: [InputMode: [Key: Action]] = {
        var result: [InputMode: [Key: Action]] = [:]
        for binding in bindings {
            for key in binding.keys where result[binding.mode, default: [:]][key] == nil {
                result[binding.mode, default: [:]][key] = binding.action
            }
        }
        return result
    }()

    /// The action `key` triggers in `mode`; prompts insert unbound printable characters, the yank
    /// prefix cancels on any other key. Resize and mouse events map to their actions in every mode.
    public static func action(for key: Key, in mode: InputMode) -> Action? {
        switch key {
        case .resize(let c, let r): return .resize(cols: c, rows: r)
        case .mouse(let m): return .mouse(m)
        default: break
        }
        if let action = table[mode]?[key] { return action }
        switch mode {
        case .prompt: return key.printable.map { .insert($0) }
        case .yank: return .command(.cancelYank)
        case .tree, .list: return nil
        }
    }
}
