import ArchiveCore

/// The bytes of embedded archives one walk of a document tree may open (check or dump): four times the
/// outermost input plus 64 MiB, shared by every level of the walk. Archives past it are skipped and
/// counted, and the walk reports how many.
package final class EmbeddedBudget {
    /// The bytes the walk may open in all.
    package let limit: Int
    /// The bytes still available.
    package private(set) var remaining: Int
    /// Archives skipped because they did not fit.
    package private(set) var skipped = 0

    /// Four times `input`'s size plus 64 MiB.
    package static func limit(for input: InputBytes) -> Int {
        input.count.multipliedReportingOverflow(by: 4).partialValue.addingReportingOverflow(64 << 20).partialValue
    }

    /// The budget of a walk under `node`: its limit comes from the outermost input.
    package convenience init(for node: DocumentNode) {
        self.init(limit: Self.limit(for: node.root.document.input))
    }

    package init(limit: Int) {
        self.limit = limit
        remaining = limit
    }

    /// Takes `bytes` from the budget; false (and the archive counted as skipped) when they do not fit.
    package func spend(_ bytes: Int) -> Bool {
        guard bytes <= remaining else { skipped += 1; return false }
        remaining -= bytes
        return true
    }
}
