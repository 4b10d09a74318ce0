/// `--audit` (issue 40): what decoding an archive would make its unarchiver do: the class census, the
/// allow-list prediction (keyed archives) and the risk findings, over one `DecodeWalk`.
public struct SecurityAudit: Sendable {
    public let walk: DecodeWalk
    public let census: DecodingCensus
    /// The prediction for `unarchivedObject(ofClasses:from:)`: keyed archives only (an NSUnarchiver
    /// typedstream and a nib have no allowed set).
    public let prediction: AllowListPrediction?
    /// Whether an allowed set was given (else the prediction gives the smallest list only).
    public let allowListGiven: Bool
    /// Census, prediction and risk findings, sorted by offset.
    public let findings: [Diagnostic]
    /// Why the audit says nothing of this input, when it does not apply (a plain plist, unreadable bytes).
    public let notApplicable: String?

    /// Audits `graph`; `allowed` is the `--allowed-classes` list (nil: none given, empty: print the
    /// smallest list).
    public init(graph: any ObjectGraph, allowed: [String]?) {
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
        walk = DecodeWalk(graph: graph, walking: applies)
        census = DecodingCensus(graph: graph, walk: walk)
        allowListGiven = allowed.map { !$0.isEmpty } ?? false
        if graph.graphKind == .keyedArchive {
            prediction = AllowListPrediction(graph: graph, walk: walk, allowed: allowed ?? [])
        } else {
            prediction = nil
        }
        var all = census.diagnostics + (applies ? SecurityRisks.diagnostics(graph: graph, walk: walk) : [])
        if let prediction, allowListGiven { all += Self.predictionDiagnostics(prediction, graph: graph) }
        findings = all.sortedByOffset()
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
    public var fails: Bool {
        (allowListGiven && (prediction?.fails ?? false)) || findings.contains { $0.severity >= .warning }
    }
}
