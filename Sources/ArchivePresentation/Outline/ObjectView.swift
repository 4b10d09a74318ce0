import ArchiveCore

/// An object together with how it is presented: a summary and its logical children.
///
/// Known Foundation classes are shown as values (an NSArray's elements, an NSDate's date), with the
/// stored fields kept one step away under "raw fields".
///
/// A class, immutable once made: `Outline` hands the same view to every row of one object, and a
/// struct of this size cost a dozen retains and releases per copy.
package final class ObjectView: Sendable {
    package let object: GraphObject
    /// Display-safe one-line summary.
    package let summary: String
    /// Logical children (for unknown classes: the stored fields), made on demand for collections.
    package let children: FieldCollection
    /// Whether a known-class presentation replaced the raw fields.
    package let isKnown: Bool

    package init(object: GraphObject, graph: any ObjectGraph) {
        self.object = object
        if let known = KnownClassPresenter.present(object, in: graph) {
            // The class is shown beside the summary already: drop a leading "Class, ".
            let prefix = (object.className.map(DisplayText.escape) ?? "") + ", "
            summary = known.summary.hasPrefix(prefix) ? String(known.summary.dropFirst(prefix.count)) : known.summary
            children = known.children
            isKnown = true
            return
        }
        isKnown = false
        children = object.fields
        if let presented = graph.presentedSummary(of: object) {
            summary = presented
            return
        }
        switch object.kind {
        case .value:
            summary = object.value.map(DataPresenter.valueSummary) ?? "?"
        case .nullMarker:
            summary = "$null"
        case .classDescription, .classRecord:
            summary = "class " + DisplayText.escape(ValueFormatter.cut(object.classChain.map(\.name).joined(separator: " : ")))
        case .invalid:
            summary = object.diagnostics.first.map { DisplayText.escapeMessage($0.message) } ?? "invalid"
        case .container:
            let n = object.fields.count
            summary = object.className?.isLiterally("dict") == true ? "\(n) entr\(n == 1 ? "y" : "ies")" : "\(n) item\(n == 1 ? "" : "s")"
        case .instance:
            summary = object.fields.count == 1 ? "1 field" : "\(object.fields.count) fields"
        }
    }
}
