import ArchiveCore

/// What one pass over an Interface Builder 3 XML archive found: every element in document order
/// (a flat table linked by index), the elements that are graph objects, the ids references name, and
/// the structural problems.
struct IB3Scan: Sendable {
    var elements: [IB3Element] = []
    /// Element index of each graph object, by object id.
    var objectElements: [Int] = []
    /// The first element carrying each `id` attribute value.
    var ids: [String: Int] = [:]
    /// The `<archive>` root and its `<data>` element, when found.
    var archive: Int?
    var data: Int?
    /// Structural problems, in the order found (at most `DiagnosticBudget.defaultPerID` of an id, and a note for the rest).
    var diagnostics: [Diagnostic] = []

    /// The children of element `index`, in document order.
    func children(of index: Int) -> IB3Children { IB3Children(elements: elements, first: elements[index].firstChild) }
}

/// The child indices of one element, walked through the sibling links.
struct IB3Children: Sequence {
    let elements: [IB3Element]
    let first: Int

    func makeIterator() -> AnyIterator<Int> {
        var next = first
        return AnyIterator {
            guard next >= 0, next < elements.count else { return nil }
            defer { next = elements[next].nextSibling }
            return next
        }
    }
}
