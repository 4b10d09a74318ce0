import ArchiveModel

/// A browser session: context plus state, turning keys into actions. Shared by the interactive
/// `Browser`, `Headless` and the tests.
public final class Session {
    public let context: BrowserContext
    public var state: BrowserState

    /// A session on a graph opened elsewhere, named `fileName` (raw text, escaped for display).
    public convenience init(graph: any ObjectGraph, fileName: String, cols: Int, rows: Int) {
        self.init(node: DocumentNode(root: graph, name: fileName), displayName: DisplayText.escape(fileName), cols: cols, rows: rows)
    }

    /// A session on an opened document, under its own display name.
    public convenience init(document: ArchiveDocument, cols: Int, rows: Int) {
        self.init(node: DocumentNode(root: document), displayName: document.displayName, cols: cols, rows: rows)
    }

    /// A session on `node`'s archive in the input named `displayName` (display-safe; an embedded
    /// archive: `location` says where it was found).
    package init(node: DocumentNode, displayName: String, location: [String] = [], repaired: RepairedReading? = nil, cols: Int, rows: Int) {
        context = BrowserContext(node: node, displayName: displayName, location: location, repaired: repaired)
        state = BrowserState(context: context, cols: cols, rows: rows)
    }

    /// Applies the action bound to `key` in the current mode, if any. Returns whether one was.
    /// A printable key bound to nothing in the tree says so, rather than doing nothing silently.
    @discardableResult
    public func handle(_ key: Key) -> Bool {
        // A key stops a search going on by itself; Esc only that (`n` goes on from where it stopped).
        if state.searchContinues {
            state.stopSearch(saying: key == .escape)
            if key == .escape { return true }
        }
        guard let action = Keymap.action(for: key, in: state.mode) else {
            if state.mode == .tree, let c = key.printable, c != " " {
                state.message = "\(DisplayText.escape(String(c))) does nothing here; ? lists the keys"
            }
            return false
        }
        state.apply(action, context: context)
        return true
    }

    /// Goes on with a search that stopped at its row budget (the browser, while no key is pressed).
    public func continueSearch() {
        state.continueSearch(context)
    }

    /// Installs a finished job's result and applies its follow-up action.
    package func install(_ result: JobResult, then: Action?) {
        switch result {
        case .index(let index): context.install(index: index)
        case .diagnostics(let list): context.install(diagnostics: list)
        case .audit(let audit):
            state.installAudit(audit, context)
            return
        case .repaired(let result):
            if result.steps.isEmpty {
                state.message = DisplayText.escapeMessage(RepairedReading.nothingMessage(result))
            } else {
                state.request = .openRepaired(RepairedReading(result))
            }
            return
        case .cancelled:
            state.message = "cancelled"
            return
        }
        state.syncRootCount(context)
        if let then { state.apply(then, context: context) }
    }

    /// Runs requested work on this thread until none is left (headless and tests).
    public func runPendingSynchronously() {
        var guardCount = 0
        while let work = state.pending, guardCount < 4 {
            state.pending = nil
            guardCount += 1
            let job = BackgroundJob(kind: work.kind, then: work.then)
            job.perform(on: context.node)
            if let result = job.finished { install(result, then: job.then) }
        }
    }
}

extension PendingWork {
    var kind: BackgroundJob.Kind {
        switch self {
        case .buildIndex: .buildIndex
        case .fullCheck: .fullCheck
        case .repair: .repair
        case .audit: .audit
        }
    }

    var then: Action? {
        switch self {
        case .buildIndex(let then), .fullCheck(let then): then
        case .repair, .audit: nil
        }
    }
}
