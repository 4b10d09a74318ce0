import ArchiveModel

/// The interactive browser: the run loop between a `Terminal` and a `Session`.
public enum Browser {
    /// Runs the browser on the controlling terminal until the user quits. Returns the exit status
    /// (0). The terminal is restored on quit, on Ctrl-C (a key in raw mode) and on every exit path.
    public static func run(graph: any ObjectGraph, fileName: String) -> Int32 {
        let terminal = TerminalSeam()
        defer { terminal.restore() }
        return run(graph: graph, fileName: fileName, terminal: terminal)
    }

    /// The run loop on any terminal. The graph index is built in the background at start; a full
    /// check starts when something needs it. Esc cancels running work.
    public static func run(graph: any ObjectGraph, fileName: String, terminal: any Terminal,
                           indexInBackground: Bool = true) -> Int32 {
        let size = terminal.size
        let session = Session(graph: graph, fileName: fileName, cols: size.cols, rows: size.rows)
        var jobs: [BackgroundJob] = []
        if indexInBackground { jobs.append(start(.buildIndex, then: nil, graph)) }
        var dirty = true
        while !session.state.shouldQuit {
            if dirty || !jobs.isEmpty {
                terminal.present(Renderer.render(session.state, context: session.context, progress: jobs.first?.label))
            }
            // Never block for long: SIGWINCH may be handled on another thread (the job threads), and
            // ncurses only reports KEY_RESIZE on its next read.
            let key = terminal.nextKey(timeoutMilliseconds: jobs.isEmpty ? idleTimeout : busyTimeout)
            let running = jobs.count
            collectFinished(&jobs, session)
            dirty = jobs.count != running
            guard let key else { continue }
            dirty = true
            if !jobs.isEmpty, key == .escape, session.state.mode == .tree {
                for job in jobs { job.cancel() }
                continue
            }
            session.handle(key)
            startPending(&jobs, session)
            for effect in session.state.effects {
                if case .yank(let text) = effect { terminal.yank(text) }
            }
            session.state.effects = []
        }
        for job in jobs { job.cancel() }
        return 0
    }

    /// How long one read waits for a key when idle, in milliseconds (also the resize latency).
    public static let idleTimeout = 150
    /// How long one read waits while background work runs (the progress refresh interval).
    public static let busyTimeout = 100

    private static func start(_ kind: BackgroundJob.Kind, then: Action?, _ graph: any ObjectGraph) -> BackgroundJob {
        let job = BackgroundJob(kind: kind, then: then)
        job.start(on: graph)
        return job
    }

    /// Turns a work request into a background job (or hands the follow-up to a running one).
    private static func startPending(_ jobs: inout [BackgroundJob], _ session: Session) {
        guard let work = session.state.pending else { return }
        session.state.pending = nil
        if let running = jobs.first(where: { $0.kind == work.kind }) {
            running.then = work.then
        } else {
            jobs.append(start(work.kind, then: work.then, session.context.graph))
        }
    }

    /// Installs the results of finished jobs, in order, and applies their follow-up actions.
    private static func collectFinished(_ jobs: inout [BackgroundJob], _ session: Session) {
        while let i = jobs.firstIndex(where: { $0.finished != nil }) {
            let job = jobs.remove(at: i)
            if let result = job.finished { session.install(result, then: job.then) }
            startPending(&jobs, session)
        }
    }
}
