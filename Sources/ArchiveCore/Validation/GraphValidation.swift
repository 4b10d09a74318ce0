/// The validation pass over any `ObjectGraph`, apart from decoding.
///
/// Decoding (`ObjectGraph.object(_:)`) reports only what it meets reading the bytes. The rules that
/// judge what was decoded run here: per object (`ObjectGraph.ruleDiagnostics(of:itemLimit:)`) for
/// the rows a front end shows (`shownObject`) and for every object in a full check; over the whole
/// graph (`ObjectGraph.graphRuleDiagnostics(reachability:)`: unreachable objects) in a full check only,
/// with the `GraphReachability` made from the references the check collected in the same pass (not a
/// `GraphIndex`: the check keeps no referrer lists unless asked, `fullCheckKeepingEdges`).
///
/// Which rules a format has: keyed archives the rules in `Keyed/Rules/`; typedstream the
/// unreachable-object rule (`TypedstreamUnreachableRule`), its dangling references and class chains
/// being judged as the stream is read; NIBArchive the unreachable-object rule, its references judged
/// as an object is read; plain property lists none here: a binary plist's container check covers
/// references and reachability, and XML and OpenStep plists are trees.
package enum GraphValidation {
    /// Items of a lazily read list the per-object rules look at when an object is decoded to be
    /// shown; a full check looks at every item.
    package static let shownItemLimit = 4096

    /// Object `id` as a front end shows it: decoded, with its per-object rules' diagnostics after the
    /// decoder's (long lists judged by their first `shownItemLimit` items).
    package static func shownObject(_ id: ObjectID, in graph: any ObjectGraph) -> GraphObject {
        graph.objectWithRuleDiagnostics(id, itemLimit: shownItemLimit)
    }
}
