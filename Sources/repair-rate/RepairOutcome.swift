import ArchiveModel
import Foundation

/// What `--repair` made of one damaged copy, against the original.
struct RepairOutcome {
    enum Kind: String, CaseIterable {
        /// The original's bytes exactly.
        case exact
        /// Not byte for byte, but no error, no warning and no more invariant notes than the original:
        /// the bytes that differ are those the format cannot decide (inside values), and are listed.
        case whole
        /// A repair was written, but it still has problems the original has not.
        case partial
        /// Nothing was repaired.
        case none
        /// The damaged copy reads with no problem the original has not: the conversion changed only
        /// bytes inside values, and nothing in the format shows it (nor could undo it).
        case unseen
    }

    var kind: Kind
    var seconds: Double

    /// Notes that say a writer's invariant is broken (an object or bytes nothing refers to).
    static let invariantNotes: Set<String> = [
        "bplist.bytes.unreferenced", "bplist.object.unreferenced", "keyed.object.unreachable", "nib.object.unreachable",
        "typedstream.object.unreachable",
    ]

    /// The errors, warnings and invariant notes of `bytes`, as ids with their counts.
    static func problems(_ bytes: [UInt8]) -> [String: Int] {
        let graph = ArchiveDocument.open(InputBytes(bytes), name: "").graph
        var counts: [String: Int] = [:]
        for d in DocumentCheck.fullCheck(of: graph) where d.severity != .note || invariantNotes.contains(d.id) {
            counts[d.id, default: 0] += 1
        }
        return counts
    }

    /// Whether `after` has no problem beyond those of `before`.
    static func noWorse(_ after: [String: Int], than before: [String: Int]) -> Bool {
        !after.contains { id, n in n > (before[id] ?? 0) }
    }

    /// Whether `bytes` have an error (a damaged original is no baseline).
    static func hasErrors(_ bytes: [UInt8]) -> Bool {
        let graph = ArchiveDocument.open(InputBytes(bytes), name: "").graph
        return DocumentCheck.fullCheck(of: graph).contains { $0.severity == .error }
    }

    static func measure(original: [UInt8], damaged: [UInt8], seconds limit: Double) -> RepairOutcome {
        let before = problems(original)
        if noWorse(problems(damaged), than: before) { return RepairOutcome(kind: .unseen, seconds: 0) }
        let start = Date()
        let deadline = start.addingTimeInterval(limit)
        let result = ArchiveRepair.repair(InputBytes(damaged), limits: ArchiveRepair.Limits(shouldStop: { Date() > deadline }))
        let elapsed = Date().timeIntervalSince(start)
        guard !result.steps.isEmpty else { return RepairOutcome(kind: .none, seconds: elapsed) }
        let bytes = [UInt8](result.bytes.buffer.bindMemory(to: UInt8.self))
        if bytes == original { return RepairOutcome(kind: .exact, seconds: elapsed) }
        return RepairOutcome(kind: noWorse(problems(bytes), than: before) ? .whole : .partial, seconds: elapsed)
    }
}

/// Counts per format and conversion.
struct RepairTally {
    private var counts: [String: [RepairOutcome.Kind: Int]] = [:]
    private var seconds: [String: Double] = [:]

    mutating func add(format: ContainerFormat, conversion: LineEndingConversion, _ outcome: RepairOutcome) {
        for key in ["\(format.shortName)\t\(conversion.rawValue)", "all\tall"] {
            counts[key, default: [:]][outcome.kind, default: 0] += 1
            seconds[key, default: 0] = Swift.max(seconds[key] ?? 0, outcome.seconds)
        }
    }

    /// A table: format, conversion, copies, then each kind's count and share, and the longest repair.
    func report() -> String {
        var lines = ["format\tconversion\tcopies\tunseen\texact\twhole\tpartial\tnone\texact %\texact or whole %\tlongest s"]
        for key in counts.keys.sorted(by: { ($0 == "all\tall" ? "~" : $0) < ($1 == "all\tall" ? "~" : $1) }) {
            let c = counts[key] ?? [:]
            // Shares are of the copies whose damage shows (the unseen ones cannot be told or undone).
            let n = c.values.reduce(0, +) - (c[.unseen] ?? 0)
            let exact = c[.exact] ?? 0, whole = c[.whole] ?? 0
            func pct(_ k: Int) -> String { n == 0 ? "-" : String(format: "%.0f", 100 * Double(k) / Double(n)) }
            lines.append("\(key)\t\(n + (c[.unseen] ?? 0))\t\(c[.unseen] ?? 0)\t\(exact)\t\(whole)\t\(c[.partial] ?? 0)\t\(c[.none] ?? 0)\t\(pct(exact))\t\(pct(exact + whole))\t"
                         + String(format: "%.1f", seconds[key] ?? 0))
        }
        return lines.joined(separator: "\n")
    }
}
