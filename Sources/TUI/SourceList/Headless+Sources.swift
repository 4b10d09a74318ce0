import ArchiveModel

/// The source browser without a terminal: the list's check and previews run to the end first (so
/// problem counts and previews are final), then the keys go to the list or to the archive opened from it, as in the browser.
extension Headless {
    /// Archives of a source checked (and previewed) before the first key (the rest show `…`, as in
    /// the browser before its background jobs get to them): a screen of a database of a million values stays quick.
    public static let sourceCheckLimit = 2_000

    /// The screen after `keys` on `source`'s list (or on the archive opened from it) as plain text;
    /// `columns`: the `--columns` of each archive's database row to show.
    package static func render(source: ArchiveSource, columns: [String] = [], cols: Int, rows: Int, keys: String) -> String {
        screen(source: source, columns: columns, cols: cols, rows: rows, keys: keys).text
    }

    /// The screen buffer after `keys`.
    package static func screen(source: ArchiveSource, columns: [String] = [], cols: Int, rows: Int, keys: String) -> ScreenBuffer {
        let run = SourceRun(source: source, columns: columns, cols: cols, rows: rows)
        for key in KeyNotation.parse(keys) where !run.state.shouldQuit { run.handle(key) }
        return run.screen
    }

    /// The list and the archive open on it, driven key by key.
    final class SourceRun {
        let source: ArchiveSource
        var state: SourceListState
        /// The archive open from the list, with the archives opened inside it.
        var stack: SessionStack?

        init(source: ArchiveSource, columns: [String] = [], cols: Int, rows: Int) {
            self.source = source
            state = SourceListState(source: source, columns: columns, cols: cols, rows: rows)
            let job = SourceCheckJob(source: source)
            job.runHere(limit: Headless.sourceCheckLimit)
            state.install(job.take())
            let previews = SourcePreviewJob(source: source, columns: columns)
            previews.runHere(limit: Headless.sourceCheckLimit)
            state.install(details: previews.take())
        }

        func handle(_ key: Key) {
            if let stack {
                let session = stack.current
                if case .opened(let nested) = stack.handle(key) { Headless.prepare(nested) }
                session.runPendingSynchronously()
                if stack.shouldQuit {
                    self.stack = nil
                    if stack.closedOutermost {
                        state.resize(cols: session.state.cols, rows: session.state.rows)
                        state.message = "back from " + (state.focusedEntry.map { source.entries[$0].place.displayText } ?? "the archive")
                    } else {
                        state.handle(.ctrl("c"))
                    }
                }
                return
            }
            state.handle(key)
            while state.filterPending { state.continueFilter() }
            guard let entry = state.openRequest else { return }
            state.openRequest = nil
            switch SourceBrowser.session(for: entry, of: source, cols: state.cols, rows: state.rows) {
            case .failure(let why): state.message = why.message
            case .success(let session):
                let opened = SessionStack(root: session)
                opened.outermostClosable = true
                Headless.prepare(session)
                stack = opened
            }
        }

        var screen: ScreenBuffer {
            if let stack { return Renderer.render(stack.current.state, context: stack.current.context) }
            return SourceListRenderer.render(state, source: source)
        }
    }
}
