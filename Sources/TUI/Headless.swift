import ArchiveModel

/// The browser without a terminal: applies a key script and returns the screen as text.
///
/// Work the interactive browser does in the background (the graph index, a full check) runs
/// synchronously here, so the result is deterministic. See `KeyNotation` for the key syntax.
/// Embedded archives open (`o`) and close (`q`) as in the browser.
public enum Headless {
    /// Graphs with at most this many objects get their index built before the first key.
    public static let eagerIndexLimit = 200_000

    /// The screen after `keys` (e.g. `"jjl/NSArray\n"`, `"<Down><Enter>"`, `"<C-d>"`), as `rows`
    /// plain-text lines with trailing spaces trimmed.
    public static func render(graph: any ObjectGraph, fileName: String, cols: Int, rows: Int, keys: String) -> String {
        screen(graph: graph, fileName: fileName, cols: cols, rows: rows, keys: keys).text
    }

    /// `render(graph:fileName:cols:rows:keys:)` for an opened document, under its own display name
    /// (a file name's bytes that are not UTF-8 escaped, as `--check` writes them).
    public static func render(document: ArchiveDocument, cols: Int, rows: Int, keys: String) -> String {
        let stack = start(Session(document: document, cols: max(1, cols), rows: max(1, rows)), index: nil)
        apply(keys, to: stack)
        return Renderer.render(stack.current.state, context: stack.current.context).text
    }

    /// The screen buffer (text and styles) after `keys`: the innermost open archive. `index`, when
    /// given, is `graph`'s index built once by a caller drawing several screens of the same graph.
    package static func screen(graph: any ObjectGraph, fileName: String, cols: Int, rows: Int, keys: String,
                              index: GraphIndex? = nil) -> ScreenBuffer {
        let session = stack(graph: graph, fileName: fileName, cols: cols, rows: rows, keys: keys, index: index).current
        return Renderer.render(session.state, context: session.context)
    }

    /// The innermost session after `keys`, for tests that inspect the state.
    public static func run(graph: any ObjectGraph, fileName: String, cols: Int, rows: Int, keys: String) -> Session {
        stack(graph: graph, fileName: fileName, cols: cols, rows: rows, keys: keys).current
    }

    /// The whole session stack after `keys` (the file, then each embedded archive opened). `index`, when
    /// given, must be `graph`'s own; it is installed instead of building one.
    package static func stack(graph: any ObjectGraph, fileName: String, cols: Int, rows: Int, keys: String,
                             index: GraphIndex? = nil) -> SessionStack {
        let stack = start(graph: graph, fileName: fileName, cols: cols, rows: rows, index: index)
        apply(keys, to: stack)
        return stack
    }

    /// The screen after each of `segments`, applied one after another to one session (the state carries
    /// over from one segment to the next), until a key quits. For callers that check many states of one
    /// graph without preparing it again for each.
    package static func screens(graph: any ObjectGraph, fileName: String, cols: Int, rows: Int, segments: [String],
                               index: GraphIndex? = nil) -> [ScreenBuffer] {
        screens(graph: graph, fileName: fileName, cols: cols, rows: rows,
                keySegments: segments.map(KeyNotation.parse), index: index)
    }

    /// `screens(graph:fileName:cols:rows:segments:index:)` with segments given as keys rather than
    /// key notation (for callers that make keys themselves, such as the render fuzz target).
    package static func screens(graph: any ObjectGraph, fileName: String, cols: Int, rows: Int, keySegments: [[Key]],
                               index: GraphIndex? = nil) -> [ScreenBuffer] {
        let stack = start(graph: graph, fileName: fileName, cols: cols, rows: rows, index: index)
        var screens: [ScreenBuffer] = []
        for keys in keySegments where !stack.shouldQuit {
            apply(keys, to: stack)
            screens.append(Renderer.render(stack.current.state, context: stack.current.context))
        }
        return screens
    }

    private static func start(graph: any ObjectGraph, fileName: String, cols: Int, rows: Int, index: GraphIndex?) -> SessionStack {
        start(Session(graph: graph, fileName: fileName, cols: max(1, cols), rows: max(1, rows)), index: index)
    }

    private static func start(_ root: Session, index: GraphIndex?) -> SessionStack {
        let stack = SessionStack(root: root)
        prepare(stack.current, index: index)
        return stack
    }

    private static func apply(_ keys: String, to stack: SessionStack) {
        apply(KeyNotation.parse(keys), to: stack)
    }

    private static func apply(_ keys: [Key], to stack: SessionStack) {
        for key in keys {
            if stack.shouldQuit { break }
            let session = stack.current
            if case .opened(let nested) = stack.handle(key) { prepare(nested) }
            session.runPendingSynchronously()
            // Background work may ask for a session (the repaired reading) once done.
            if stack.current === session, case .opened(let nested) = stack.settle(session) { prepare(nested) }
            if stack.shouldQuit { break }
            if stack.current !== session { stack.current.runPendingSynchronously() }
        }
    }

    /// Does up front what the browser starts in the background when a session opens: installs `index`
    /// (or builds one when the graph is small enough), then runs the automatic full check
    /// (`BrowserContext.wantsAutomaticCheck`).
    static func prepare(_ session: Session, index: GraphIndex? = nil) {
        let graph = session.context.graph
        if let index = index ?? (graph.objectCount <= eagerIndexLimit ? GraphIndex(graph: graph) : nil) {
            session.install(.index(index), then: nil)
        }
        if session.context.wantsAutomaticCheck {
            session.install(.diagnostics(DocumentCheck.fullCheck(of: session.context.node)), then: nil)
        }
    }
}
