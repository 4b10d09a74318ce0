import ArchiveCore
import ArchiveDocuments
import KeyedArchive

/// The full check every front end reports (`--check`, `--json`, `--dump`, the browser): the graph's
/// own check, the problems of archives embedded in it, and in front of them the whole-file causes
/// (`damage.*`) those problems point to.
public enum DocumentCheck {
    /// Everything found in `graph`, causes first. `progress` is the full check's (see `EmbeddedCheck`).
    public static func fullCheck(of graph: any ObjectGraph, progress: (Double) -> Bool = { _ in true }) -> [Diagnostic] {
        fullCheck(of: DocumentNode(root: graph, name: "input"), progress: progress)
    }

    /// `fullCheck(of:progress:)` for an opened document (its name and place kept, not rebuilt from its graph).
    public static func fullCheck(of document: ArchiveDocument, progress: (Double) -> Bool = { _ in true }) -> [Diagnostic] {
        fullCheck(of: DocumentNode(root: document), progress: progress)
    }

    /// `fullCheck(of:progress:)` for a node of the document tree (an archive opened from another one
    /// checks only the embedded levels the depth limit leaves below it).
    package static func fullCheck(of node: DocumentNode, progress: (Double) -> Bool = { _ in true }) -> [Diagnostic] {
        let graph = node.document.graph
        // No producer's diagnostics of one id grow past the budget (each decoder caps its own as it
        // reads; this caps the rules' and any producer's that does not).
        let found = DiagnosticBudget.capped(EmbeddedCheck.fullCheck(of: node, progress: progress))
        return wrapperDiagnostics(of: graph) + DamageAnalysis.causes(of: graph, diagnostics: found) + found
    }

    /// Announces that `fullCheck(of: document)` is about to run on another thread, beside a reader of
    /// the whole graph (an export): the reader then takes what the check's first pass finds out about
    /// shared content instead of searching for it too (`KeyedArchiveGraph.expectFullCheck()`). Returns
    /// what the checking thread must call when its check has ended, whatever happened.
    package static func expectFullCheck(of document: ArchiveDocument) -> @Sendable () -> Void {
        guard let keyed = document.graph as? KeyedArchiveGraph else { return {} }
        keyed.expectFullCheck()
        return { keyed.endExpectedCheck() }
    }

    /// The notes naming the wrappers the archive was taken out of, and the problems met doing it.
    static func wrapperDiagnostics(of graph: any ObjectGraph) -> [Diagnostic] {
        graph.input.wrappers.flatMap(\.diagnostics)
    }

    /// The causes for diagnostics already found (for `--dump`, which checks embedded archives as it
    /// dumps them).
    public static func causes(of graph: any ObjectGraph, diagnostics: [Diagnostic]) -> [Diagnostic] {
        wrapperDiagnostics(of: graph) + DamageAnalysis.causes(of: graph, diagnostics: diagnostics)
    }
}
