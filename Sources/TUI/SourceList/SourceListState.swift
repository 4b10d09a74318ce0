import ArchiveModel

/// The list of a source's archives as the browser shows it (issue 27): sorted by a column, filtered
/// with `/`, a cursor and a scroll position; each archive's problem count arrives from the background
/// check. Plain state: keys in, a request to open an archive out, no terminal.
public struct SourceListState {
    /// The columns the list sorts by (`s` cycles, `S` reverses).
    public enum SortKey: String, CaseIterable, Sendable {
        case place, format, size, problems
    }

    public private(set) var sortKey = SortKey.place
    public private(set) var descending = false
    /// The filter in force: archives whose place or format contains it (case-insensitive).
    public private(set) var filter = ""
    /// The filter being typed after `/`, while the prompt is open.
    public private(set) var prompt: String?
    /// Index into `visible` of the focused row.
    public private(set) var cursor = 0
    /// First visible row.
    public private(set) var top = 0
    public private(set) var cols: Int
    public private(set) var rows: Int
    /// A one-time message for the status line.
    public var message: String?
    /// Whether the source's own problems (what could not be listed) are shown instead of the list.
    public private(set) var showingProblems = false
    public private(set) var showingHelp = false
    public private(set) var shouldQuit = false
    /// The entry (index into the source's entries) Enter asked to open; the front end clears it.
    public var openRequest: Int?
    /// Entry indices in display order (filtered, sorted).
    public private(set) var visible: [Int]
    /// Per entry: its check's result, once the background check got to it.
    public private(set) var results: [SourceCheck.Result?]

    private let source: ArchiveSource
    /// Lowercased place and format text per entry, for the filter.
    private let searchText: [String]

    public init(source: ArchiveSource, cols: Int, rows: Int) {
        self.source = source
        self.cols = max(1, cols)
        self.rows = max(1, rows)
        visible = Array(source.entries.indices)
        results = Array(repeating: nil, count: source.entries.count)
        searchText = source.entries.map { ($0.place.text + " " + $0.formatName).lowercased() }
    }

    /// Rows the list itself has (the header and the status line take two).
    public var listRows: Int { max(0, rows - 2) }

    /// The focused entry's index into the source's entries.
    public var focusedEntry: Int? { visible.indices.contains(cursor) ? visible[cursor] : nil }

    /// How many archives the background check has done.
    public var checkedCount: Int { results.count { $0 != nil } }

    /// Records archives' checks (a batch at a time, so a list sorted by problems is sorted once a batch).
    public mutating func install(_ batch: [(entry: Int, result: SourceCheck.Result)]) {
        for (entry, result) in batch where results.indices.contains(entry) { results[entry] = result }
        if !batch.isEmpty, sortKey == .problems || sortKey == .format { resort() }
    }

    /// Applies a key.
    public mutating func handle(_ key: Key) {
        // A message lasts until the next key (as in the archive browser).
        if case .resize = key {} else { message = nil }
        if prompt != nil { return handlePrompt(key) }
        if showingHelp || showingProblems {
            if key == .ctrl("c") { shouldQuit = true }
            showingHelp = false
            showingProblems = false
            return
        }
        switch key {
        case .char("j"), .down: move(1)
        case .char("k"), .up: move(-1)
        case .pageDown, .ctrl("f"), .char(" "): move(max(1, listRows - 1))
        case .pageUp, .ctrl("b"): move(-max(1, listRows - 1))
        case .ctrl("d"): move(max(1, listRows / 2))
        case .ctrl("u"): move(-max(1, listRows / 2))
        case .char("g"), .home: move(-cursor)
        case .char("G"), .end: move(visible.count)
        case .enter, .char("l"), .char("o"), .right:
            if let entry = focusedEntry { openRequest = entry } else { message = "no archive to open" }
        case .char("s"):
            let all = SortKey.allCases
            sortKey = all[((all.firstIndex(of: sortKey) ?? 0) + 1) % all.count]
            descending = sortKey == .size || sortKey == .problems
            resort()
            message = "sorted by \(sortKey.rawValue)"
        case .char("S"):
            descending.toggle()
            resort()
            message = "sorted by \(sortKey.rawValue), \(descending ? "descending" : "ascending")"
        case .char("/"): prompt = ""
        case .char("p"): showingProblems = true
        case .char("?"), .function(1): showingHelp = true
        case .char("q"), .ctrl("c"): shouldQuit = true
        case .escape where !filter.isEmpty: setFilter("")
        case .resize(let c, let r): resize(cols: c, rows: r)
        case .mouse(let event): mouse(event)
        default:
            if let c = key.printable { message = "\(DisplayText.escape(String(c))) does nothing here; ? lists the keys" }
        }
    }

    public mutating func resize(cols: Int, rows: Int) {
        self.cols = max(1, cols)
        self.rows = max(1, rows)
        scrollToCursor()
    }

    private mutating func handlePrompt(_ key: Key) {
        switch key {
        case .enter:
            setFilter(prompt ?? "")
            prompt = nil
        case .escape:
            prompt = nil
        case .backspace:
            if prompt?.isEmpty == false { prompt?.removeLast() } else { prompt = nil }
        case .ctrl("c"):
            shouldQuit = true
        case .resize(let c, let r):
            resize(cols: c, rows: r)
        default:
            if let c = key.printable, (prompt?.count ?? 0) < 200 { prompt?.append(c) }
        }
    }

    private mutating func setFilter(_ text: String) {
        let focused = focusedEntry
        filter = text
        refresh(keeping: focused)
        message = filter.isEmpty ? "filter cleared" : "\(visible.count) of \(source.entries.count) archives match \"\(DisplayText.escape(filter))\"; Esc clears"
    }

    private mutating func mouse(_ event: MouseEvent) {
        switch event.kind {
        case .wheelDown: move(3)
        case .wheelUp: move(-3)
        case .click, .doubleClick:
            let row = event.row - 1
            guard row >= 0, row < listRows, top + row < visible.count else { return }
            cursor = top + row
            if event.kind == .doubleClick { openRequest = focusedEntry }
        }
    }

    private mutating func move(_ delta: Int) {
        guard !visible.isEmpty else { return }
        cursor = min(max(0, cursor + delta), visible.count - 1)
        scrollToCursor()
    }

    private mutating func scrollToCursor() {
        let height = max(1, listRows)
        if cursor < top { top = cursor }
        if cursor >= top + height { top = cursor - height + 1 }
        top = max(0, min(top, max(0, visible.count - height)))
    }

    private mutating func resort() { refresh(keeping: focusedEntry) }

    /// Recomputes the visible rows, keeping the cursor on `entry` when it is still shown.
    private mutating func refresh(keeping entry: Int?) {
        let needle = filter.lowercased()
        var rows = needle.isEmpty ? Array(source.entries.indices) : source.entries.indices.filter { searchText[$0].contains(needle) }
        let entries = source.entries
        let results = self.results
        func ascending(_ a: Int, _ b: Int) -> Bool {
            switch sortKey {
            case .place: return entries[a].place < entries[b].place
            case .format:
                let fa = results[a]?.format ?? entries[a].formatName, fb = results[b]?.format ?? entries[b].formatName
                return fa < fb
            case .size: return entries[a].size < entries[b].size
            case .problems:
                // Archives not yet checked go last whichever way the list runs.
                let pa = results[a]?.problemCount ?? -1, pb = results[b]?.problemCount ?? -1
                return pa < pb
            }
        }
        // The direction applies to the column; ties stay in place order either way.
        rows.sort { a, b in
            let forward = ascending(a, b), backward = ascending(b, a)
            if !forward && !backward { return entries[a].place < entries[b].place }
            return descending ? backward : forward
        }
        if sortKey == .problems {
            let unchecked = rows.filter { results[$0] == nil }
            rows = rows.filter { results[$0] != nil } + unchecked
        }
        visible = rows
        cursor = entry.flatMap { rows.firstIndex(of: $0) } ?? min(cursor, max(0, rows.count - 1))
        scrollToCursor()
    }
}
