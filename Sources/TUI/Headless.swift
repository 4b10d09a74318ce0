import ArchiveModel

/// The browser without a terminal: applies a key script and returns the screen as text.
///
/// Work the interactive browser does in the background (the graph index, a full check) runs
/// synchronously here, so the result is deterministic. See `KeyNotation` for the key syntax.
public enum Headless {
    /// Graphs with at most this many objects get their index built before the first key.
    public static let eagerIndexLimit = 200_000

    /// The screen after `keys` (e.g. `"jjl/NSArray\n"`, `"<Down><Enter>"`, `"<C-d>"`), as `rows`
    /// plain-text lines with trailing spaces trimmed.
    public static func render(graph: any ObjectGraph, fileName: String, cols: Int, rows: Int, keys: String) -> String {
        screen(graph: graph, fileName: fileName, cols: cols, rows: rows, keys: keys).text
    }

    /// The screen buffer (text and styles) after `keys`.
    public static func screen(graph: any ObjectGraph, fileName: String, cols: Int, rows: Int, keys: String) -> ScreenBuffer {
        let session = run(graph: graph, fileName: fileName, cols: cols, rows: rows, keys: keys)
        return Renderer.render(session.state, context: session.context)
    }

    /// The session after `keys`, for tests that inspect the state.
    public static func run(graph: any ObjectGraph, fileName: String, cols: Int, rows: Int, keys: String) -> Session {
        let session = Session(graph: graph, fileName: fileName, cols: max(1, cols), rows: max(1, rows))
        if graph.objectCount <= eagerIndexLimit, let index = GraphIndex(graph: graph) {
            session.install(.index(index), then: nil)
        }
        for key in KeyNotation.parse(keys) {
            session.handle(key)
            session.runPendingSynchronously()
            if session.state.shouldQuit { break }
        }
        return session
    }
}
