import ArchiveModel

/// What `n`/`N` look for: a pattern in keys, classes and values (`/`), or one key exactly (`*`/`#`).
public struct SearchQuery: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// A regular expression (or plain text) in keys, class names and values.
        case text
        /// Rows whose key is exactly this one.
        case key
    }

    public var pattern: String
    public var kind: Kind

    public init(_ pattern: String, kind: Kind = .text) {
        self.pattern = pattern
        self.kind = kind
    }

    /// How messages name the search: the pattern, or `key "name"`.
    var described: String { kind == .text ? pattern : "key \"" + pattern + "\"" }

    /// Whether a row matches.
    func matcher(_ context: BrowserContext) -> (OutlineNode) -> Bool {
        switch kind {
        case .text:
            let matcher = SearchMatcher(pattern)
            return { matcher.matches($0, valueText: SearchMatcher.valueText(of: $0, context)) }
        case .key:
            let key = pattern
            return { !$0.isGroup && $0.label == key }
        }
    }
}

extension BrowserState {
    /// The last search's pattern (or key).
    public var searchPattern: String? { searchQuery?.pattern }

    /// Starts a search for `pattern` forward from the focus.
    mutating func search(_ pattern: String, _ context: BrowserContext) {
        guard !pattern.isEmpty else { return }
        startSearch(SearchQuery(pattern), forward: true, context)
    }

    /// `*` / `#`: searches for the next (or previous) row with the focused row's key.
    mutating func searchFocusedKey(forward: Bool, _ context: BrowserContext) {
        guard let row = focusedRow(context) else { return }
        let label = row.node.label
        guard !row.node.isGroup, !Self.isIndexLabel(label) else {
            message = (forward ? "*" : "#") + " looks for the focused row's key; " + (row.node.isGroup ? "a group has none" : label + " is an index")
            return
        }
        startSearch(SearchQuery(label, kind: .key), forward: forward, context)
    }

    /// Whether a label is an element index (`[3]`), not a key.
    static func isIndexLabel(_ label: String) -> Bool {
        label.count > 2 && label.first == "[" && label.last == "]" && label.dropFirst().dropLast().allSatisfy(\.isASCIIDigitCharacter)
    }

    private mutating func startSearch(_ query: SearchQuery, forward: Bool, _ context: BrowserContext) {
        searchQuery = query
        searchRound = JumpRound()
        searchAgain(forward: forward, context)
    }

    /// Repeats the last search (`n` forward, `N` backward). A walk that stops at its budget leaves the
    /// search going on (`searchContinues`): the browser resumes it while no key is pressed.
    mutating func searchAgain(forward: Bool, _ context: BrowserContext) {
        guard let query = searchQuery else { message = "no search yet: press /"; return }
        let name = query.described
        let messages = TreeJumpMessages(
            only: "only match: " + name, none: "no match: " + name,
            wrapped: forward ? "search wrapped to the top" : "search wrapped to the bottom",
            budget: "")
        jumpInTree(to: query.matcher(context), round: \.searchRound, forward: forward, messages: messages, context)
        searchContinues = searchRound.resume != nil
        if searchContinues {
            message = "searching for \(name): \(searchRound.looked) rows so far; any key stops, \(forward ? "n" : "N") goes on"
        }
    }

    /// One more bounded walk of a search that stopped at its budget (the browser calls it while no key
    /// is pressed, so a search of a million rows goes on by itself, a budget at a time).
    public mutating func continueSearch(_ context: BrowserContext) {
        guard searchContinues else { return }
        message = nil
        searchAgain(forward: searchRound.forward, context)
    }

    /// Stops a search going on by itself (a key was pressed); Esc says where it stopped.
    mutating func stopSearch(saying: Bool) {
        guard searchContinues else { return }
        searchContinues = false
        if saying {
            message = "search stopped after \(searchRound.looked) rows; \(searchRound.forward ? "n" : "N") goes on"
        }
    }
}

extension Character {
    var isASCIIDigitCharacter: Bool { isASCII && isWholeNumber }
}
