import ArchiveModel

/// The file read with its reversible damage undone (`ArchiveRepair`), as the browser shows it on `R`:
/// a session over the repaired bytes, nothing written. Rows holding a byte the repair changed are
/// marked, so a user can look before `--repair` writes anything.
public final class RepairedReading: Sendable, Hashable {
    /// The repaired bytes and the steps that made them.
    package let result: ArchiveRepair.Result
    /// Offsets, in the repaired bytes, of every byte a step changed (sorted).
    let changedOffsets: [Int]

    package init(_ result: ArchiveRepair.Result) {
        self.result = result
        changedOffsets = result.steps.flatMap { $0.changes.map(\.offset) }.sorted()
    }

    /// Whether a byte in `range` was changed by the repair.
    func changed(in range: ByteRange) -> Bool {
        var low = 0, high = changedOffsets.count
        while low < high {
            let mid = low + (high - low) / 2
            if changedOffsets[mid] < range.start { low = mid + 1 } else { high = mid }
        }
        return low < changedOffsets.count && changedOffsets[low] < range.end
    }

    /// The status-line text on opening: what was undone, and how to go back.
    var openingMessage: String {
        let what = result.steps.map(\.summary).joined(separator: "; ")
        return "repaired reading (nothing written): \(what) · rows marked ✎ changed · R shows the bytes as they are"
    }

    /// Why there is nothing to show (no step was taken).
    static func nothingMessage(_ result: ArchiveRepair.Result) -> String {
        result.notUndone.isEmpty ? "nothing to repair: no reversible damage (a wrapper, a re-encoding, a line-ending conversion) found"
            : "the damage found could not be undone: " + result.notUndone.joined(separator: "; ")
    }

    public static func == (a: RepairedReading, b: RepairedReading) -> Bool { a === b }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
