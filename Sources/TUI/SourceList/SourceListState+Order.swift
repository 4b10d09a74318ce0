import ArchiveModel

/// The list's order and its filter: sorting by any column (stable: ties in place order), the `/`
/// filter and `n`/`N` with the tree's search engine (`SearchMatcher`: a regular expression, smart case).
extension SourceListState {
    /// The columns in header order, which `s` cycles through.
    public var sortKeys: [SortKey] {
        [.place] + columnNames.indices.map { .column($0) } + [.preview, .format, .size, .problems]
    }

    /// A column's name in the header and in messages.
    public func name(of key: SortKey) -> String {
        switch key {
        case .place: "place"
        case .column(let i): columnNames.indices.contains(i) ? DisplayText.escape(columnNames[i]) : "column"
        case .preview: "preview"
        case .format: "format"
        case .size: "size"
        case .problems: "problems"
        }
    }

    mutating func sortByNextColumn() {
        let keys = sortKeys
        sortKey = keys[((keys.firstIndex(of: sortKey) ?? 0) + 1) % keys.count]
        descending = sortKey == .size || sortKey == .problems
        resort()
        message = "sorted by \(name(of: sortKey))"
    }

    mutating func reverseSort() {
        descending.toggle()
        resort()
        message = "sorted by \(name(of: sortKey)), \(descending ? "descending" : "ascending")"
    }

    /// Applies `/`'s pattern as the filter (empty: clears it); the pattern stays for `n`/`N`. Messages
    /// show the pattern as typed (`\d` stays `\d`), with any control character escaped.
    mutating func setFilter(_ text: String) {
        let focused = focusedEntry
        filter = text
        if !text.isEmpty, search?.pattern != text {
            search = (text, SearchMatcher(text), Array(repeating: nil, count: source.entries.count))
        }
        refresh(keeping: focused)
        guard !filter.isEmpty else { message = "filter cleared"; return }
        sayFilterResult()
    }

    /// One more bounded step of a filter that stopped at its budget (`filterPending`): the browser calls
    /// it while no key is pressed, so a regular expression over a million archives never holds a key up.
    public mutating func continueFilter() {
        guard filterPending else { return }
        resort()
        sayFilterResult()
    }

    /// The filter's count (so far, while it goes on), or why the pattern is matched as plain text.
    private mutating func sayFilterResult() {
        if filterPending {
            let looked = search?.matched.count { $0 != nil } ?? 0
            message = "filtering for \"\(DisplayText.escapeMessage(filter))\": \(visible.count) found in \(looked) of \(source.entries.count) archives; Esc clears"
            return
        }
        let counted = "\(visible.count) of \(source.entries.count) archives match \"\(DisplayText.escapeMessage(filter))\""
        let waiting = previewedCount < source.entries.count ? " (so far: previews are still coming)" : ""
        if let problem = search?.matcher.regexProblem {
            message = "not a regular expression (\(DisplayText.escapeMessage(problem))), matched as plain text: " + counted + waiting
        } else {
            message = counted + waiting + "; n/N next/previous, Esc clears"
        }
    }

    /// `n`/`N`: the next (previous) shown archive matching the last pattern, wrapping at the ends.
    mutating func searchAgain(forward: Bool) {
        guard let pattern = search?.pattern else { message = "no search yet: press /"; return }
        let n = visible.count
        guard n > 0 else { message = "no match: " + DisplayText.escapeMessage(pattern); return }
        for step in 1...n {
            let index = ((cursor + (forward ? step : -step)) % n + n) % n
            guard matches(visible[index]) else { continue }
            if index == cursor {
                message = "only match: " + DisplayText.escapeMessage(pattern)
            } else if forward ? index < cursor : index > cursor {
                message = forward ? "search wrapped to the top" : "search wrapped to the bottom"
            }
            cursor = index
            scrollToCursor()
            return
        }
        message = "no match: " + DisplayText.escapeMessage(pattern)
    }

    /// Whether `entry` matches the last pattern: its place, a column's value, its preview (or the
    /// preview's text) or its format. Remembered until the entry's check or preview arrives.
    mutating func matches(_ entry: Int) -> Bool {
        guard let search, search.matched.indices.contains(entry) else { return true }
        if let known = search.matched[entry] { return known }
        let found = searchedText(entry).contains { search.matcher.matches($0) }
        self.search?.matched[entry] = found
        return found
    }

    /// What a pattern is matched against, one string at a time (so `^` and `$` anchor each).
    func searchedText(_ entry: Int) -> [String] {
        let place = source.entries[entry].place.displayText
        let format = results[entry]?.format ?? source.entries[entry].formatName
        guard let detail = details[entry] else { return [place, format] }
        return [place] + detail.columns.map(SourceListRenderer.cellText) + [detail.preview.text] + (detail.preview.value.map { [$0] } ?? []) + [format]
    }

    /// The entry changed (its check or preview arrived): its match is looked at again.
    mutating func forgetMatch(_ entry: Int) {
        guard search?.matched.indices.contains(entry) == true else { return }
        search?.matched[entry] = nil
    }

    mutating func resort() { refresh(keeping: focusedEntry) }

    /// Recomputes the visible rows, keeping the cursor on `entry` when it is still shown.
    mutating func refresh(keeping entry: Int?) {
        var rows = Array(source.entries.indices)
        filterPending = false
        if !filter.isEmpty {
            // Entries matched already cost nothing; at most `matchBudget` more are matched per call.
            var budget = matchBudget, pending = false
            rows = rows.filter { entry in
                if let known = search?.matched[entry] { return known }
                guard budget > 0 else { pending = true; return false }
                budget -= 1
                return matches(entry)
            }
            filterPending = pending
        }
        rows.sort(by: ordering())
        visible = rows
        cursor = entry.flatMap { rows.firstIndex(of: $0) } ?? min(cursor, max(0, rows.count - 1))
        scrollToCursor()
    }

    /// Moves the archives whose sort value just arrived (`changed`) to their places, the rest keeping
    /// theirs: a batch of previews in a list of a million archives costs a few moves, not a sort. A
    /// filter in force, or a batch large beside the list, sorts again instead.
    mutating func reposition(_ changed: [Int]) {
        guard filter.isEmpty, changed.count * 64 < visible.count else { return resort() }
        let focused = focusedEntry
        let moving = Set(changed)
        var rows = visible.filter { !moving.contains($0) }
        let before = ordering()
        for entry in moving where source.entries.indices.contains(entry) {
            var low = 0, high = rows.count
            while low < high {
                let mid = low + (high - low) / 2
                if before(rows[mid], entry) { low = mid + 1 } else { high = mid }
            }
            rows.insert(entry, at: low)
        }
        visible = rows
        cursor = focused.flatMap { rows.firstIndex(of: $0) } ?? min(cursor, max(0, rows.count - 1))
        scrollToCursor()
    }

    /// The list's order: by the sort column in its direction, ties in place order; archives without
    /// the column's value yet (not checked, not previewed, NULL) last either way, in place order.
    func ordering() -> (Int, Int) -> Bool {
        let entries = source.entries, ascending = order(), descending = self.descending
        let known = { (entry: Int) in self.hasValue(entry) }
        return { a, b in
            let ka = known(a), kb = known(b)
            if ka != kb { return ka }
            if ka {
                let forward = ascending(a, b), backward = ascending(b, a)
                if forward != backward { return descending ? backward : forward }
            }
            return entries[a].place < entries[b].place
        }
    }

    /// Whether the sort column has a value for `entry` (an unchecked archive has no problem count, a
    /// row may have no such column or hold NULL in it).
    private func hasValue(_ entry: Int) -> Bool {
        switch sortKey {
        case .problems: return results[entry] != nil
        case .preview: return details[entry] != nil
        case .column(let i):
            guard let columns = details[entry]?.columns, columns.indices.contains(i) else { return false }
            switch columns[i] {
            case .null, .missing: return false
            default: return true
            }
        default: return true
        }
    }

    /// The ascending order of the sort column.
    private func order() -> (Int, Int) -> Bool {
        let entries = source.entries, results = self.results, details = self.details
        switch sortKey {
        case .place: return { entries[$0].place < entries[$1].place }
        case .format:
            return { (results[$0]?.format ?? entries[$0].formatName) < (results[$1]?.format ?? entries[$1].formatName) }
        case .size: return { entries[$0].size < entries[$1].size }
        case .problems: return { (results[$0]?.problemCount ?? -1) < (results[$1]?.problemCount ?? -1) }
        case .preview: return { (details[$0]?.preview.text ?? "") < (details[$1]?.preview.text ?? "") }
        case .column(let i):
            func value(_ e: Int) -> ArchiveSource.ColumnValue {
                guard let columns = details[e]?.columns, columns.indices.contains(i) else { return .missing }
                return columns[i]
            }
            return { Self.precedes(value($0), value($1)) }
        }
    }

    /// Column values in order: numbers by value, then text, then blobs by size, then null and missing.
    static func precedes(_ a: ArchiveSource.ColumnValue, _ b: ArchiveSource.ColumnValue) -> Bool {
        func rank(_ v: ArchiveSource.ColumnValue) -> Int {
            switch v {
            case .integer, .real: 0
            case .text: 1
            case .blob: 2
            case .null: 3
            case .missing: 4
            }
        }
        switch (a, b) {
        case (.integer(let x), .integer(let y)): return x < y
        case (.integer(let x), .real(let y)): return less(Double(x), y)
        case (.real(let x), .integer(let y)): return less(x, Double(y))
        case (.real(let x), .real(let y)): return less(x, y)
        case (.text(let x, _), .text(let y, _)): return x < y
        case (.blob(let x), .blob(let y)): return x < y
        default: return rank(a) < rank(b)
        }
    }

    /// `x < y` with NaN after every number (a strict weak order, as sorting needs).
    private static func less(_ x: Double, _ y: Double) -> Bool {
        x.isNaN || y.isNaN ? !x.isNaN && y.isNaN : x < y
    }
}
