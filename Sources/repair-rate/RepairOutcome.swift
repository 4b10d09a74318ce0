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

    static func measure(original: [UInt8], damaged: [UInt8], seconds limit: Double) -> RepairOutcome {
        let start = Date()
        let deadline = start.addingTimeInterval(limit)
        let result = ArchiveRepair.repair(InputBytes(damaged), limits: ArchiveRepair.Limits(shouldStop: { Date() > deadline }))
        let elapsed = Date().timeIntervalSince(start)
        guard !result.steps.isEmpty else { return RepairOutcome(kind: .none, seconds: elapsed) }
        let bytes = [UInt8](result.bytes.buffer.bindMemory(to: UInt8.self))
        if bytes == original { return RepairOutcome(kind: .exact, seconds: elapsed) }
        let before = problems(original), after = problems(bytes)
        let worse = after.contains { id, n in n > (before[id] ?? 0) }
        return RepairOutcome(kind: worse ? .partial : .whole, seconds: elapsed)
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
        var lines = ["format\tconversion\tcopies\texact\twhole\tpartial\tnone\texact %\texact or whole %\tlongest s"]
        for key in counts.keys.sorted(by: { ($0 == "all\tall" ? "~" : $0) < ($1 == "all\tall" ? "~" : $1) }) {
            let c = counts[key] ?? [:]
            let n = c.values.reduce(0, +)
            let exact = c[.exact] ?? 0, whole = c[.whole] ?? 0
            func pct(_ k: Int) -> String { n == 0 ? "-" : String(format: "%.0f", 100 * Double(k) / Double(n)) }
            lines.append("\(key)\t\(n)\t\(exact)\t\(whole)\t\(c[.partial] ?? 0)\t\(c[.none] ?? 0)\t\(pct(exact))\t\(pct(exact + whole))\t"
                         + String(format: "%.1f", seconds[key] ?? 0))
        }
        return lines.joined(separator: "\n")
    }
}
