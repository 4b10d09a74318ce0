import ArchiveCore

/// The problems (errors and warnings) of archives embedded in a graph's data values (a keyed archive
/// in an NSData, a typedstream in a plist), as diagnostics of the graph itself: each names the object
/// holding the data, keeps its id and severity, and is placed at the bytes it is about when the
/// embedded bytes lie in the input as they are (else at the data holding them). So `--check`,
/// `--json`, the status line and the margin of the holding row count what an embedded archive gets
/// wrong. Notes (facts such as a typedstream's header) stay with the embedded archive: `o` and
/// `--dump` show them there.
///
/// Bounded: nesting stops at `maxDepth` levels, content repeated under several objects (one data
/// object listed by many table entries) is checked once, and past `byteBudget` a note says how many
/// embedded archives were left unchecked.
package enum EmbeddedCheck {
    /// Levels of archives inside archives that are checked: the one depth limit of every front end.
    package static var maxDepth: Int { EmbeddedArchives.maxDepth }

    /// Bytes of embedded archives checked for one input: four times its size plus 64 MiB.
    package static func byteBudget(for input: InputBytes) -> Int { EmbeddedBudget.limit(for: input) }

    /// What `--check` reports: the graph's full check, then its embedded archives' diagnostics.
    /// `progress` is the full check's; it is asked between embedded archives too.
    package static func fullCheck(of graph: any ObjectGraph, progress: (Double) -> Bool = { _ in true }) -> [Diagnostic] {
        fullCheck(of: DocumentNode(root: graph, name: "input"), progress: progress)
    }

    /// `fullCheck(of:progress:)` for a node of the document tree: an archive opened from another one
    /// checks only the levels the depth limit leaves below it.
    package static func fullCheck(of node: DocumentNode, progress: (Double) -> Bool = { _ in true }) -> [Diagnostic] {
        node.document.graph.fullCheck(progress: { progress($0 * 0.95) })
            + diagnostics(in: node, budget: EmbeddedBudget(for: node), shouldContinue: { progress(0.95) })
    }

    /// The embedded archives' diagnostics, mapped onto `graph`. `shouldContinue` is asked between
    /// archives; when it returns false the check stops with what it has.
    package static func diagnostics(in graph: any ObjectGraph, shouldContinue: () -> Bool = { true }) -> [Diagnostic] {
        let node = DocumentNode(root: graph, name: "input")
        return diagnostics(in: node, budget: EmbeddedBudget(for: node), shouldContinue: shouldContinue)
    }

    /// The embedded archives' diagnostics under `node`, within `budget`; when the budget skipped
    /// archives, a closing note says how many.
    package static func diagnostics(in node: DocumentNode, budget: EmbeddedBudget, shouldContinue: () -> Bool = { true }) -> [Diagnostic] {
        var out = walk(node, budget: budget, shouldContinue: shouldContinue)
        let skipped = budget.skipped
        if skipped > 0 {
            out.append(Diagnostic(DocumentCode.embeddedBudget,
                                  "\(skipped) more embedded \(English.noun(skipped, "archive")) \(skipped == 1 ? "was" : "were") not checked: "
                                  + "the embedded bytes checked for this input reached \(budget.limit)"))
        }
        return out
    }

    /// The problems of the archives under `node`, each level's mapped onto the one holding it.
    /// Recursion is bounded by `EmbeddedArchives.maxDepth`.
    private static func walk(_ node: DocumentNode, budget: EmbeddedBudget, shouldContinue: () -> Bool) -> [Diagnostic] {
        var out: [Diagnostic] = []
        var checked = Set<ByteRange>()
        EmbeddedArchives.forEach(in: node) { found in
            guard shouldContinue() else { return false }
            // Content listed by several objects (one offset in many table entries) is checked once.
            if let range = found.range, !checked.insert(range).inserted { return true }
            guard let child = EmbeddedArchives.open(found, in: node, budget: budget) else { return true }
            var inner = child.document.graph.fullCheck(progress: { _ in shouldContinue() })
            inner += walk(child, budget: budget, shouldContinue: shouldContinue)
            out += inner.filter { $0.severity >= .warning }.map { map($0, from: found) }
            return true
        }
        return out
    }

    /// `d`, found in an embedded archive, as a diagnostic of the graph holding it.
    static func map(_ d: Diagnostic, from found: FoundArchive) -> Diagnostic {
        let offset = found.offset
        let range: ByteRange? = if let offset, let r = d.range {
            shift(r, by: offset)
        } else {
            found.range
        }
        let notes = d.notes.map { note in
            DiagnosticNote(note.message + whereInside(note.range, note.position, shown: offset != nil),
                           range: offset.flatMap { o in note.range.map { shift($0, by: o) } })
        }
        // The string-id initializer, as a copy: `with` would keep the embedded document's line and column.
        return Diagnostic(d.id, d.severity, "in the \(found.format.shortName) embedded in \(found.place)\(whereInside(d.range, d.position, shown: false)): \(d.message)",
                          range: range, object: found.place.holder, notes: notes)
    }

    /// ` at its offset 12 (3:4)`: where in the embedded archive, for a message (the offset only when the
    /// range cannot be `shown` in the holding input).
    private static func whereInside(_ range: ByteRange?, _ position: TextPosition?, shown: Bool) -> String {
        let at = shown ? "" : range.map { " at its offset \($0.start)" } ?? ""
        return at + (position.map { " (\($0))" } ?? "")
    }

    private static func shift(_ r: ByteRange, by offset: Int) -> ByteRange {
        ByteRange(offset.addingReportingOverflow(r.start).partialValue, offset.addingReportingOverflow(r.end).partialValue)
    }
}
