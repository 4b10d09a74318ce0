import ArchiveCore
import KeyedArchive
import ArchiveDocuments

/// The strict check a file `--salvage` or `--repair` made gets before it is written: the bytes
/// decoded again and checked in full as this tool checks any file, the values other readers refuse
/// (`ReaderLimits`), and, for an archive, a top level that leads to a root.
package enum SalvageReadBack {
    /// One thing the read-back found.
    package struct Problem: Sendable, Equatable {
        /// The `Diagnostic` id when the check reported it; nil for what only the read-back sees.
        package var id: String?
        package var message: String
        package var range: ByteRange?

        /// `offset: id: message`, as `--check` prints a diagnostic.
        package var line: String { "\(range.map { String($0.start) } ?? "-"): " + (id.map { $0 + ": " } ?? "") + message }
    }

    /// Problems listed one by one; beyond this they are counted.
    static let problemLimit = 1_000

    /// What would make a reader refuse `bytes` (or read them wrongly): errors and warnings of the full
    /// check, dates out of the readers' range, a top level that leads nowhere.
    package static func check(_ bytes: [UInt8]) -> [Problem] {
        let document = ArchiveDocument.open(InputBytes(bytes), name: "")
        var problems = DocumentCheck.fullCheck(of: document.graph).filter { $0.severity != .note }.prefix(problemLimit)
            .map { Problem(id: $0.id, message: $0.message, range: $0.range) }
        if let tree = (document.graph as? KeyedArchiveGraph)?.tree ?? (document.graph as? PlistObjectGraph)?.tree {
            problems += dateProblems(tree, limit: problemLimit - problems.count)
        }
        if problems.isEmpty, !RepairJudge.rootIntact(document.graph) {
            problems.append(Problem(id: nil, message: "the top level leads to no object that decodes", range: nil))
        }
        return problems
    }

    /// The dates of `tree` that a reader refuses, up to `limit`.
    static func dateProblems(_ tree: any PlistTree, limit: Int) -> [Problem] {
        var found: [Problem] = []
        for id in 0..<tree.nodeCount where found.count < limit {
            let node = tree.node(id)
            if case .date(let t) = node.value, let why = ReaderLimits.dateProblem(t) {
                found.append(Problem(id: nil, message: "object \(id) is " + why, range: node.range))
            }
        }
        return found
    }
}
