import ArchiveModel

/// The browser on a source of archives (issue 27): the list of its archives, each opened in the
/// archive browser with Enter as `o` opens an embedded one; `q` there comes back to the list with the
/// cursor where it was. Problem counts fill in as the background check gets to each archive, previews
/// and `--columns` values as the preview job does (the rows on screen first).
public enum SourceBrowser {
    /// Runs on the controlling terminal until the user quits; the exit status (0). `columns`: the
    /// `--columns` of each archive's database row to show.
    package static func run(source: ArchiveSource, columns: [String] = []) -> Int32 {
        let terminal = TerminalSeam()
        defer { terminal.restore() }
        return run(source: source, columns: columns, terminal: terminal)
    }

    /// The run loop on any terminal.
    package static func run(source: ArchiveSource, columns: [String] = [], terminal: any Terminal, checkInBackground: Bool = true) -> Int32 {
        let size = terminal.size
        var state = SourceListState(source: source, columns: columns, cols: size.cols, rows: size.rows)
        let job = SourceCheckJob(source: source)
        let previews = SourcePreviewJob(source: source, columns: columns)
        previews.want(state.shownEntries)
        if checkInBackground {
            job.start()
            previews.start()
        }
        defer {
            job.cancel()
            previews.cancel()
        }
        var dirty = true
        while !state.shouldQuit {
            let batch = job.take()
            if !batch.isEmpty { state.install(batch); dirty = true }
            let details = previews.take()
            if !details.isEmpty { state.install(details: details); dirty = true }
            previews.want(state.shownEntries)
            let running = checkInBackground && (job.isRunning || previews.isRunning)
            if dirty || running {
                terminal.present(SourceListRenderer.render(state, source: source, progress: running ? progress(state, source) : nil))
            }
            let timeout = state.filterPending ? 0 : running ? Browser.busyTimeout : Browser.idleTimeout
            guard let key = terminal.nextKey(timeoutMilliseconds: timeout) else {
                // A filter over many archives goes on a step at a time while no key is pressed.
                dirty = state.filterPending
                state.continueFilter()
                continue
            }
            dirty = true
            state.handle(key)
            guard let entry = state.openRequest else { continue }
            state.openRequest = nil
            let now = terminal.size
            switch session(for: entry, of: source, cols: now.cols, rows: now.rows) {
            case .failure(let why): state.message = why.message
            case .success(let session):
                if Browser.run(root: session, terminal: terminal, closable: true) == .quit { return 0 }
                let back = terminal.size
                state.resize(cols: back.cols, rows: back.rows)
                state.message = "back from " + source.entries[entry].place.displayText
            }
        }
        return 0
    }

    /// `checking 10/100` while the check runs, then `previewing 60/100`.
    static func progress(_ state: SourceListState, _ source: ArchiveSource) -> String {
        let total = source.entries.count
        return state.checkedCount < total ? "checking \(state.checkedCount)/\(total)" : "previewing \(state.previewedCount)/\(total)"
    }

    /// Why an archive could not be opened, for the status line.
    public struct OpenFailure: Error { public var message: String }

    /// A browser session on archive `entry` of `source`: the archive is the root of its own document
    /// tree (its offsets are its own), named by its label (`chat.db:message.attributedBody:12`), which
    /// the status line shows.
    package static func session(for entry: Int, of source: ArchiveSource, cols: Int, rows: Int) -> Result<Session, OpenFailure> {
        guard source.entries.indices.contains(entry) else { return .failure(OpenFailure(message: "no such archive")) }
        let place = source.entries[entry].place
        let (document, extraction) = SourceCheck.open(source, place)
        guard let document else {
            return .failure(OpenFailure(message: "\(place.displayText) cannot be read: \(extraction.failure ?? "not read")"))
        }
        let session = Session(node: DocumentNode(root: document), displayName: SourceReport.label(source, place), cols: cols, rows: rows)
        if let first = extraction.problems.first {
            session.state.message = "\(English.count(extraction.problems.count, "problem")) reading it from the \(source.kind): \(first.message)"
        }
        return .success(session)
    }
}
