import ArchiveModel

/// The interactive browser: the run loop between a `Terminal` and a `SessionStack`.
public enum Browser {
    /// Runs the browser on the controlling terminal until the user quits. Returns the exit status
    /// (0). The terminal is restored on quit, on Ctrl-C (a key in raw mode) and on every exit path.
    public static func run(document: ArchiveDocument) -> Int32 {
        let terminal = TerminalSeam()
        defer { terminal.restore() }
        let size = terminal.size
        _ = run(root: Session(document: document, cols: size.cols, rows: size.rows), terminal: terminal, indexInBackground: true)
        return 0
    }

    /// `run(document:)` over a graph opened elsewhere, named `fileName`.
    public static func run(graph: any ObjectGraph, fileName: String) -> Int32 {
        let terminal = TerminalSeam()
        defer { terminal.restore() }
        return run(graph: graph, fileName: fileName, terminal: terminal)
    }

    /// Background work and the session it belongs to.
    private typealias Job = (work: BackgroundJob, session: Session)

    /// The run loop on any terminal. Each archive's index (the file's, and each embedded one's when
    /// opened) is built in the background, then a small archive's full check
    /// (`BrowserContext.automaticCheckLimit`); a larger one's starts when something needs it. Esc cancels
    /// the running work of the archive on screen; closing an embedded archive cancels its work.
    public static func run(graph: any ObjectGraph, fileName: String, terminal: any Terminal,
                           indexInBackground: Bool = true) -> Int32 {
        let size = terminal.size
        _ = run(root: Session(graph: graph, fileName: fileName, cols: size.cols, rows: size.rows), terminal: terminal,
                indexInBackground: indexInBackground)
        return 0
    }

    /// How a run of the browser ended.
    public enum Ending: Sendable {
        /// The user quit (Ctrl-C, or `q` with nothing to go back to).
        case quit
        /// `q` in the outermost archive, which a caller asked to be able to go back from (`closable`):
        /// a source's list of archives shows again.
        case closed
    }

    /// The run loop on `root`'s archive; with `closable`, `q` in it ends the run as `.closed` (back to
    /// the caller's screen) instead of quitting.
    public static func run(root: Session, terminal: any Terminal, indexInBackground: Bool = true, closable: Bool = false) -> Ending {
        let graph = root.context.graph
        let stack = SessionStack(root: root)
        stack.outermostClosable = closable
        var jobs: [Job] = []
        if indexInBackground { jobs.append(start(.buildIndex, then: nil, stack.current)) }
        var dirty = true
        var lossReported = false
        while !stack.shouldQuit {
            let session = stack.current
            let progress = jobs.first { $0.session === session }?.work.label
            func present() { terminal.present(Renderer.render(session.state, context: session.context, progress: progress)) }
            if dirty || progress != nil { present() }
            // Another process cut the mapped file short (found by the frame just drawn, or by background
            // work): the guard turned its pages into zeros. Said at once, in the same frame's place.
            if !lossReported, let offset = graph.input.bytesLostFrom {
                lossReported = true
                session.state.message = StatusLine.bytesLostMessage(from: offset)
                present()
            }
            // Never block for long: SIGWINCH may be handled on another thread (the job threads), and
            // ncurses only reports KEY_RESIZE on its next read.
            // A search going on by itself takes its next budget of rows as soon as no key waits.
            let searching = session.state.searchContinues
            let key = terminal.nextKey(timeoutMilliseconds: searching ? 0 : jobs.isEmpty ? idleTimeout : busyTimeout)
            let running = jobs.count
            for opened in collectFinished(&jobs, stack) where indexInBackground { jobs.append(start(.buildIndex, then: nil, opened)) }
            dirty = jobs.count != running || stack.current !== session
            guard let key else {
                if searching, stack.current === session {
                    session.continueSearch()
                    dirty = true
                }
                continue
            }
            dirty = true
            if key == .escape, session.state.mode == .tree, jobs.contains(where: { $0.session === session }) {
                for job in jobs where job.session === session { job.work.cancel() }
                continue
            }
            switch stack.handle(key) {
            case .opened(let nested):
                if indexInBackground { jobs.append(start(.buildIndex, then: nil, nested)) }
            case .closed(let closed):
                for job in jobs where job.session === closed { job.work.cancel() }
                jobs.removeAll { $0.session === closed }
            case .none:
                break
            }
            startPending(&jobs, session)
            for effect in session.state.effects {
                switch effect {
                case .yank(let text): terminal.yank(text)
                case .cancelAudit: for job in jobs where job.session === session && job.work.kind == .audit { job.work.cancel() }
                }
            }
            session.state.effects = []
        }
        for job in jobs { job.work.cancel() }
        return stack.closedOutermost ? .closed : .quit
    }

    /// How long one read waits for a key when idle, in milliseconds (also the resize latency).
    public static let idleTimeout = 150
    /// How long one read waits while background work runs (the progress refresh interval).
    public static let busyTimeout = 100

    private static func start(_ kind: BackgroundJob.Kind, then: Action?, _ session: Session) -> Job {
        let job = BackgroundJob(kind: kind, then: then)
        job.start(on: session.context.node)
        return (job, session)
    }

    /// Turns a session's work request into a background job (or hands the follow-up to a running one).
    private static func startPending(_ jobs: inout [Job], _ session: Session) {
        guard let work = session.state.pending else { return }
        session.state.pending = nil
        if let running = jobs.first(where: { $0.session === session && $0.work.kind == work.kind }) {
            running.work.then = work.then
        } else {
            jobs.append(start(work.kind, then: work.then, session))
        }
    }

    /// Installs the results of finished jobs into their sessions, in order, and applies their
    /// follow-up actions. A built index is followed by the automatic full check of a small graph.
    /// Returns the sessions opened for a result (the repaired reading), which need their index.
    private static func collectFinished(_ jobs: inout [Job], _ stack: SessionStack) -> [Session] {
        var opened: [Session] = []
        while let i = jobs.firstIndex(where: { $0.work.finished != nil }) {
            let job = jobs.remove(at: i)
            guard let result = job.work.finished else { continue }
            job.session.install(result, then: job.work.then)
            if job.session === stack.current, case .opened(let nested) = stack.settle(job.session) { opened.append(nested) }
            startPending(&jobs, job.session)
            if case .index = result, job.session.context.wantsAutomaticCheck,
               !jobs.contains(where: { $0.session === job.session && $0.work.kind == .fullCheck }) {
                jobs.append(start(.fullCheck, then: nil, job.session))
            }
        }
        return opened
    }
}
