import ArchiveCore

/// `security.nesting`: decoding nests deeper than `depthLimit` objects (an estimate: Apple documents no
/// limit; see the explanation).
enum NestingRisk {
    static let depthLimit = 512

    static func diagnostics(walk: DecodeWalk, graph: any ObjectGraph) -> [Diagnostic] {
        guard walk.maxDepth > depthLimit, let deepest = walk.deepest else { return [] }
        let path = walk.keyPath(of: deepest, in: graph) ?? "?"
        return [Diagnostic(SecurityCode.nesting,
                           "decoding nests \(walk.maxDepth) objects deep (more than \(depthLimit)); the deepest is #\(deepest) at \(path)",
                           range: graph.structure(deepest).range, object: deepest)]
    }
}
