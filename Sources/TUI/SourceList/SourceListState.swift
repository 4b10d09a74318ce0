import ArchiveModel

/// The list of a source's archives as the browser shows it (issues 27, 38): sorted by any column,
/// filtered with `/` (a regular expression over place, `--columns` values, preview and format, the
/// tree's `SearchMatcher`), `n`/`N` to the next and previous match, a cursor and a scroll position;
/// each archive's problem count arrives from the background check, its preview and column values from
/// the preview job. Plain state: keys in, a request to open an archive out, no terminal.
public struct SourceListState {
    /// A column the list sorts by (`s` cycles through them in header order, `S` reverses).
    public enum SortKey: Sendable, Equatable {
        case place
        /// The `--columns` value at this index.
        case column(Int)
        case preview, format, size, problems
    }

    public internal(set) var sortKey = SortKey.place
    public internal(set) var descending = false
    /// The filter in force: the pattern archives must match (empty: none).
    public internal(set) var filter = ""
    /// The filter being typed after `/`, while the prompt is open.
    public private(set) var prompt: String?
    /// Index into `visible` of the focused row.
    public internal(set) var cursor = 0
    /// First visible row.
    public internal(set) var top = 0
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
    public internal(set) var visible: [Int]
    /// Per entry: its check's result, once the background check got to it.
    package internal(set) var results: [SourceCheck.Result?]
    /// Per entry: its preview and column values, once the preview job got to it.
    public internal(set) var details: [SourceRowDetail?]
    /// The `--columns` asked for, shown as columns after the place.
    public let columnNames: [String]
    /// The widest place's width in cells (of the first `placeWidthSample` archives), for the layout.
    public let placeWidth: Int
    static let placeWidthSample = 100_000
    /// The last pattern given to `/` with its matcher and, per entry, whether it matched (nil: not
    /// looked at since the entry last changed); kept after Esc clears the filter, for `n`/`N`.
    var search: (pattern: String, matcher: SearchMatcher, matched: [Bool?])?
    /// Whether the filter has archives left to match (it stopped at `matchBudget`): the list shows
    /// the matches found so far and `continueFilter()` goes on.
    public internal(set) var filterPending = false
    /// Archives matched against a pattern per step (a regular expression takes some microseconds per
    /// text; a million archives would hold a key up for seconds).
    var matchBudget = 20_000

    let source: ArchiveSource

    package init(source: ArchiveSource, columns: [String] = [], cols: Int, rows: Int) {
        self.source = source
        columnNames = columns
        self.cols = max(1, cols)
        self.rows = max(1, rows)
        visible = Array(source.entries.indices)
        results = Array(repeating: nil, count: source.entries.count)
        details = Array(repeating: nil, count: source.entries.count)
        placeWidth = source.entries.prefix(Self.placeWidthSample).reduce(0) { max($0, TextLayout.width($1.place.displayText)) }
    }

    /// Rows the list itself has (the header and the status line take two).
    public var listRows: Int { max(0, rows - 2) }

    /// The focused entry's index into the source's entries.
    public var focusedEntry: Int? { visible.indices.contains(cursor) ? visible[cursor] : nil }

    /// The entries on screen, for the preview job to do first.
    public var shownEntries: [Int] { Array(visible[min(top, visible.count)..<min(visible.count, top + listRows)]) }

    /// How many archives the background check has done.
    public var checkedCount: Int { results.count { $0 != nil } }

    /// How many archives have their preview.
    public var previewedCount: Int { details.count { $0 != nil } }

    /// Records archives' checks (a batch at a time, so a list sorted by problems is sorted once a batch).
    package mutating func install(_ batch: [(entry: Int, result: SourceCheck.Result)]) {
        for (entry, result) in batch where results.indices.contains(entry) {
            results[entry] = result
            forgetMatch(entry)
        }
        guard !batch.isEmpty else { return }
        if !filter.isEmpty { return resort() }
        if sortKey == .problems || sortKey == .format { reposition(batch.map(\.entry)) }
    }

    /// Records archives' previews and column values.
    public mutating func install(details batch: [(entry: Int, detail: SourceRowDetail)]) {
        for (entry, detail) in batch where details.indices.contains(entry) {
            details[entry] = detail
            forgetMatch(entry)
        }
        guard !batch.isEmpty else { return }
        if !filter.isEmpty { return resort() }
        switch sortKey {
        case .preview, .column: reposition(batch.map(\.entry))
        default: break
        }
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
        case .char("s"): sortByNextColumn()
        case .char("S"): reverseSort()
        case .char("/"): prompt = ""
        case .char("n"): searchAgain(forward: true)
        case .char("N"): searchAgain(forward: false)
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

    mutating func move(_ delta: Int) {
        guard !visible.isEmpty else { return }
        cursor = min(max(0, cursor + delta), visible.count - 1)
        scrollToCursor()
    }

    mutating func scrollToCursor() {
        let height = max(1, listRows)
        if cursor < top { top = cursor }
        if cursor >= top + height { top = cursor - height + 1 }
        top = max(0, min(top, max(0, visible.count - height)))
    }
}
