/// Finds whole-file causes of damage (`damage.*`) from the bytes and the decoders' diagnostics.
///
/// Every cause is asserted only with evidence, and only when the decoders found errors (or, for a
/// zero fill, null objects that no archiver writes): a file that decodes cleanly never gets one. Bounded: one pass over the bytes plus work proportional to the
/// diagnostics and the tail of the file.
public enum DamageAnalysis {
    /// The causes for a decoded graph, given the diagnostics of its full check.
    public static func causes(of graph: any ObjectGraph, diagnostics: [Diagnostic]) -> [Diagnostic] {
        causes(input: graph.input, format: graph.container, diagnostics: diagnostics)
    }

    /// The causes for `input` read as `format`.
    public static func causes(input: InputBytes, format: ContainerFormat, diagnostics: [Diagnostic]) -> [Diagnostic] {
        let errors = diagnostics.filter { $0.severity == .error && !$0.id.hasPrefix("damage.") }
        // Conflict markers make a text plist unreadable (or undetectable): they are the cause, whatever else is said.
        if diagnostics.contains(where: { $0.severity == .error }), input.count > 0,
           let conflict = MergeConflictEvidence.find(DamageContext(input: input, format: format, diagnostics: diagnostics, errors: errors)) {
            return [conflict]
        }
        guard format.isDecodable, input.count > 0 else { return [] }
        guard !errors.isEmpty else {
            // Zeroed objects of a binary plist read as null objects (0x00), which CF accepts and no
            // archiver writes: with a long zero run around them, that is evidence enough.
            guard diagnostics.contains(where: { $0.id == BinaryPlistCode.markerNull.rawValue }) else { return [] }
            return ZeroFillEvidence.find(DamageContext(input: input, format: format, diagnostics: diagnostics, errors: errors))
        }
        let context = DamageContext(input: input, format: format, diagnostics: diagnostics, errors: errors)
        // A re-encoding moves every offset: the symptoms of anything else are its symptoms.
        if let reencoded = ReencodingEvidence.find(context) { return [reencoded] }
        var causes: [Diagnostic] = []
        var lineEndings = LineEndingEvidence.find(context)
        if lineEndings.isEmpty, let trial = LineEndingTrial.find(context) { lineEndings = [trial] }
        causes += lineEndings
        if lineEndings.isEmpty, let truncated = TruncationEvidence.find(context) { causes.append(truncated) }
        causes += ZeroFillEvidence.find(context)
        return causes
    }
}

/// What the detectors share: the input, its format, the diagnostics and the byte statistics.
final class DamageContext {
    let input: InputBytes
    let format: ContainerFormat
    let diagnostics: [Diagnostic]
    let errors: [Diagnostic]
    private(set) lazy var statistics = ByteStatistics(input)

    init(input: InputBytes, format: ContainerFormat, diagnostics: [Diagnostic], errors: [Diagnostic]) {
        self.input = input
        self.format = format
        self.diagnostics = diagnostics
        self.errors = errors
    }

    /// Whether the format is binary (a rewrite of text bytes damages it).
    var isBinary: Bool {
        switch format {
        case .binaryPlist, .typedstream, .nibArchive: true
        default: false
        }
    }

    /// Every range a diagnostic or one of its notes names.
    var namedRanges: [ByteRange] {
        diagnostics.flatMap { d in [d.range].compactMap { $0 } + d.notes.compactMap(\.range) }
    }
}
