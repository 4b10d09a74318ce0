import ArchiveCore

/// `--audit` (issue 40): what decoding an archive would make its unarchiver do: the class census, the
/// allow-list prediction (keyed archives) and the risk findings, over one `DecodeWalk`.
package struct SecurityAudit: Sendable {
    package let walk: DecodeWalk
    package let census: DecodingCensus
    /// The prediction for `unarchivedObject(ofClasses:from:)`: keyed archives only (an NSUnarchiver
    /// typedstream and a nib have no allowed set).
    package let prediction: AllowListPrediction?
    /// Whether an allowed set was given (else the prediction gives the smallest list only).
    package let allowListGiven: Bool
    /// Census, prediction and risk findings, sorted by offset.
    package let findings: [Diagnostic]
    /// Why the audit says nothing of this input, when it does not apply (a plain plist, unreadable bytes).
    package let notApplicable: String?

    /// Whether `progress` stopped the audit before it ended: the census, prediction and findings are
    /// then partial, and nothing should show them as the archive's audit.
    package let stopped: Bool

    /// Audits `graph`; `allowed` is the `--allowed-classes` list (nil: none given, empty: print the
    /// smallest list). `progress` hears how far the audit is (0...1) every few thousand objects, and
    /// stops it by answering false (the browser runs the audit in the background, Esc cancelling it).
    package init(graph: any ObjectGraph, allowed: [String]?, progress: (Double) -> Bool = { _ in true }) {
        // The phases' shares of the whole: the walk, the census, the risks, the prediction.
        var stopped = false
        func report(_ p: Double, _ from: Double, _ to: Double) -> Bool {
            if !stopped, !progress(from + (to - from) * p) { stopped = true }
            return !stopped
        }
        let applies: Bool
        switch graph.graphKind {
        case .keyedArchive, .typedstream, .nibArchive, .ib3Archive:
            applies = true
            notApplicable = nil
        case .plainPlist:
            applies = false
            notApplicable = "a plain property list: PropertyListSerialization instantiates only property-list values, no class the file names"
        case .bookmark, .unreadable:
            applies = false
            notApplicable = "not an archive of objects: nothing is unarchived"
        }
        walk = DecodeWalk(graph: graph, walking: applies, progress: { report($0, 0, 0.4) })
        census = DecodingCensus(graph: graph, walk: walk, progress: { report($0, 0.4, 0.6) })
        allowListGiven = allowed.map { !$0.isEmpty } ?? false
        let risks = applies && !stopped ? SecurityRisks.diagnostics(graph: graph, walk: walk, progress: { report($0, 0.6, 0.85) }) : []
        if graph.graphKind == .keyedArchive, !stopped {
            prediction = AllowListPrediction(graph: graph, walk: walk, allowed: allowed ?? [], progress: { report($0, 0.85, 1) })
        } else {
            prediction = nil
        }
        var all = census.diagnostics + risks
        if let prediction, allowListGiven { all += Self.predictionDiagnostics(prediction, graph: graph) }
        findings = all.sortedByOffset()
        self.stopped = stopped || walk.stopped
    }

    /// The prediction as diagnostics: the rejection, and each class that is not secure coding.
    static func predictionDiagnostics(_ p: AllowListPrediction, graph: any ObjectGraph) -> [Diagnostic] {
        var out: [Diagnostic] = []
        if let r = p.rejection {
            out.append(Diagnostic(SecurityCode.allowListRejected, "#\(r.object) at \(r.keyPath): \(DisplayText.escapeMessage(r.message))",
                                  range: graph.structure(r.object).range, object: r.object))
        }
        for u in p.notSecureCoding {
            out.append(Diagnostic(SecurityCode.notSecureCoding,
                                  "#\(u.object) is of class \(ValueFormatter.excerpt(u.className)), which does not adopt NSSecureCoding (\(KnownCodingClass.named(u.className)?.documentation ?? "not in the table"))",
                                  range: graph.structure(u.object).range, object: u.object))
        }
        return out
    }

    /// Exit 1 material: the allow-list fails, or a finding is a warning or an error.
    package var fails: Bool {
        (allowListGiven && (prediction?.fails ?? false)) || findings.contains { $0.severity >= .warning }
    }
}
