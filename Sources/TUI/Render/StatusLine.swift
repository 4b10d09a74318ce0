import ArchiveModel

/// The bottom line: file, format, object count, breadcrumb, problems and the help hint; or the open
/// prompt, the `y` prefix hint, a message, or the progress of background work.
enum StatusLine {
    static func draw(_ state: BrowserState, _ context: BrowserContext, progress: String?, row: Int, into screen: inout ScreenBuffer) {
        guard row >= 0, row < screen.rows else { return }
        if case .prompt(let kind, let text) = state.overlay {
            let prefix = kind == .search ? "/" : ":"
            screen.write([Span(prefix + text), Span("█", Theme.marker)], row: row, col: 0, width: screen.cols, fill: .plain)
            return
        }
        // While a message shows, the count takes its short form: the message is what to read now.
        let rightCols = state.message != nil && !state.yankPending ? min(screen.cols, longCountColumns - 1) : screen.cols
        let right = rightPart(state, context, progress: progress, cols: rightCols)
        let rightWidth = min(TextLayout.width(right) + 1, max(0, screen.cols / 2))
        let leftWidth = max(0, screen.cols - rightWidth - 1)
        screen.write(leftPart(state, context, width: leftWidth), row: row, col: 0, width: leftWidth, fill: Theme.statusBar)
        screen.fill(row: row, col: leftWidth, count: screen.cols - leftWidth, style: Theme.statusBar)
        screen.write([Span(right, Theme.statusBar)], row: row, col: screen.cols - rightWidth, width: rightWidth)
    }

    /// File (with the nesting of embedded archives), format (and the wrappers it was taken out of),
    /// object count, the likely cause of damage the full check found, and breadcrumb (or a message),
    /// fitted into `width` columns: the breadcrumb is cut from the left, then the file's path gives way
    /// to its last component, then the format and the object count are dropped, then the breadcrumb's
    /// share shrinks; the cause never goes (issue 38): where it does not fit, it takes its short form
    /// (`cause: truncated`) ahead of the breadcrumb, and the file name is cut from the left for it.
    static func leftPart(_ state: BrowserState, _ context: BrowserContext, width: Int) -> StyledLine {
        if state.yankPending { return [Span(" copy: v value · k key · p path · j jq path · Esc cancels", Theme.statusBar)] }
        // The name is display-safe already (escaping it again would show `\xff` as `\\xff`).
        func named(_ file: String) -> String { " " + ([file] + context.location).joined(separator: " › ") }
        let format = formatName(context.graph)
        let count = context.graph.objectCount == 1 ? "1 object" : "\(context.graph.objectCount) objects"
        let labels = state.message == nil ? breadcrumbLabels(state, context) : []
        let tail = state.message ?? labels.joined(separator: " › ")
        // The breadcrumb keeps at least half the part (at least 24 columns): the format and the count
        // give way before it is cut.
        let minimumTail = min(TextLayout.width(tail), state.message == nil ? max(24, width / 2) : 48)
        func fits(_ parts: [String]) -> Bool { TextLayout.width(parts.joined(separator: " │ ")) + 3 + minimumTail <= width }
        let cause = context.likelyCause.map { ["likely cause: " + $0.label] } ?? []
        var parts = [named(context.displayName), format, count]
        if !fits(parts + cause) { parts[0] = named(lastPathComponent(context.displayName)) }
        let name = parts[0]
        while parts.count > 1, !fits(parts + cause) {
            parts.remove(at: 1)
        }
        // When the format had to go, the wrappers still say what was unwrapped; the cause comes first.
        let wrappers = !parts.contains(format) ? wrapperNames(context.graph).map { ["in " + $0] } ?? [] : []
        func fitsShrunk(_ parts: [String]) -> Bool { TextLayout.width(parts.joined(separator: " │ ")) + 3 + min(minimumTail, 12) <= width }
        var kept = fitsShrunk(parts + wrappers + cause) ? wrappers + cause : fitsShrunk(parts + cause) ? cause : []
        // On a damaged file the cause is what to read first: kept in its short form before the breadcrumb.
        let forced = kept.isEmpty ? context.likelyCause.map { "cause: " + $0.label } : nil
        if let forced { kept = [forced] }
        parts += kept
        // The file's name (with the nesting) is cut only to leave the breadcrumb its 24 columns, or the cause its own.
        let reserved = forced.map { TextLayout.width($0) + 3 } ?? min(minimumTail, state.message == nil ? 24 : 48)
        let nameRoom = max(forced == nil ? 16 : 6, width - 4 - reserved)
        if TextLayout.width(name) > nameRoom + 1 {
            // A long path: keep its end (the file's own name, the nesting).
            parts[0] = " " + cutLeft(String(name.dropFirst()), to: nameRoom)
        }
        let head = parts.joined(separator: " │ ") + " │ "
        let room = width - TextLayout.width(head)
        let fitted = TextLayout.width(tail) <= room || state.message != nil ? tail : breadcrumb(labels, fitting: room)
        return [Span(head + fitted, Theme.statusBar)]
    }

    /// What follows the last `/` of a path (the path itself when it has none or ends in one).
    static func lastPathComponent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/"), path.index(after: slash) < path.endIndex else { return path }
        return String(path[path.index(after: slash)...])
    }

    /// `text` with its start cut off so that it fits `columns`, marked with a leading `…`.
    static func cutLeft(_ text: String, to columns: Int) -> String {
        guard columns > 1 else { return "" }
        var glyphs = TextLayout.glyphs(text)
        var width = glyphs.reduce(0) { $0 + $1.width }
        while width > columns - 1, !glyphs.isEmpty { width -= glyphs.removeFirst().width }
        return "…" + glyphs.map(\.text).joined()
    }

    /// From this width on, the count takes its long form ("so far", "file cut at N").
    static let longCountColumns = 70
    /// Below this width a likely cause of damage takes the room of the count's words (`3! ?`).
    static let narrowWithCauseColumns = 60

    /// Problem count and help hint, shorter on narrow screens; first, when the file was cut short on
    /// disk while open, where (it stays: every row past there shows zeros, not the file).
    static func rightPart(_ state: BrowserState, _ context: BrowserContext, progress: String?, cols: Int) -> String {
        if let progress { return progress + " " }
        let (count, checked) = context.problemCount
        let problems = count == 1 ? "1 problem" : "\(count) problems"
        let lost = context.graph.input.bytesLostFrom
        if cols >= longCountColumns { return (lost.map { "file cut at \($0) │ " } ?? "") + "\(problems)\(checked ? "" : " so far") │ ? help " }
        // A likely cause needs the room on a narrow screen: the count takes its shortest form for it.
        if cols >= 36, context.likelyCause == nil || cols >= narrowWithCauseColumns {
            return (lost == nil ? "" : "file cut │ ") + "\(problems) │ ? help "
        }
        return (lost == nil ? "" : "cut ") + "\(count)! ? "
    }

    /// The message shown once when the browser finds that the file was cut short while open.
    static func bytesLostMessage(from offset: Int) -> String {
        "file cut short: zeros from byte \(offset) on"
    }

    static func formatName(_ graph: any ObjectGraph) -> String {
        let container = graph.container.shortName
        // "XML plist", not "XML plist plist"; "bookmark data", not "bookmark data bookmark": the kind
        // is added only where it says more than the container (a keyed archive's $archiver).
        let kind = graph.graphKind.isNamedByContainer ? "" : DisplayText.escape(graph.archiveKind)
        let saysIt = kind.isEmpty || (graph.graphKind == .plainPlist && container.hasSuffix(kind))
        let name = (saysIt ? container : container + " " + kind)
            + (graph.textEncoding.flatMap { $0.isNotable ? ", \($0)" : nil } ?? "")
        return name + (wrapperNames(graph).map { " in " + $0 } ?? "")
    }

    /// The wrappers the archive was taken out of, innermost first (`gzip in base64`), or nil.
    static func wrapperNames(_ graph: any ObjectGraph) -> String? {
        let wrappers = graph.input.wrappers
        return wrappers.isEmpty ? nil : wrappers.reversed().map(\.kind.rawValue).joined(separator: " in ")
    }

    /// Labels from the top level to the focus.
    static func breadcrumbLabels(_ state: BrowserState, _ context: BrowserContext) -> [String] {
        context.chain(state.focusPath, pinned: state.pinnedRoots)?.map(\.label) ?? []
    }

    /// The labels joined with `›`, fitted into `columns`: as many of the last ones as fit after a
    /// leading `… ›`, and the last one cut from the left when it alone is too wide.
    static func breadcrumb(_ labels: [String], fitting columns: Int) -> String {
        let separator = " › ", ellipsis = "… › "
        let whole = labels.joined(separator: separator)
        if TextLayout.width(whole) <= columns { return whole }
        var kept: [String] = []
        var used = TextLayout.width(ellipsis)
        for label in labels.reversed() {
            let added = TextLayout.width(label) + (kept.isEmpty ? 0 : TextLayout.width(separator))
            guard used + added <= columns else { break }
            kept.append(label)
            used += added
        }
        guard !kept.isEmpty else { return cutLeft(labels.last ?? "", to: columns) }
        return ellipsis + kept.reversed().joined(separator: separator)
    }
}
