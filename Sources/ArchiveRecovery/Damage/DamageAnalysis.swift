import ArchiveCore
import ArchiveDocuments

/// Finds whole-file causes of damage (`damage.*`) from the bytes and the decoders' diagnostics.
///
/// Every cause is asserted only with evidence, and only when the decoders found errors (or, for a
/// zero fill, null objects that no archiver writes): a file that decodes cleanly never gets one. Bounded: one pass over the bytes plus work proportional to the
/// diagnostics and the tail of the file.
package enum DamageAnalysis {
    /// The causes for a decoded graph, given the diagnostics of its full check.
    package static func causes(of graph: any ObjectGraph, diagnostics: [Diagnostic]) -> [Diagnostic] {
        causes(input: graph.input, format: graph.container, diagnostics: diagnostics, graph: graph)
    }

    /// The causes for `input` read as `format`; `graph`, when given, is its decoded graph (what a
    /// format's own arithmetic is read from; decoded again when missing).
    package static func causes(input: InputBytes, format: ContainerFormat, diagnostics: [Diagnostic],
                              graph: (any ObjectGraph)? = nil) -> [Diagnostic] {
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
            let context = DamageContext(input: input, format: format, diagnostics: diagnostics, errors: errors, graph: graph)
            let zerosRead = context.traits.zerosReadAs
            guard diagnostics.contains(where: { zerosRead.contains($0.id) }) else { return [] }
            return ZeroFillEvidence.find(context)
        }
        let context = DamageContext(input: input, format: format, diagnostics: diagnostics, errors: errors, graph: graph)
        // A re-encoding moves every offset: the symptoms of anything else are its symptoms.
        if let reencoded = ReencodingEvidence.find(context) { return [reencoded] }
        var causes: [Diagnostic] = []
        var lineEndings = LineEndingEvidence.find(context)
        if lineEndings.isEmpty, let trial = LineEndingTrial.find(context) { lineEndings = [trial] }
        causes += lineEndings
        var zeroFilled = ZeroFillEvidence.find(context)
        if lineEndings.isEmpty, let truncated = TruncationEvidence.find(context) {
            causes.append(truncated)
            // A cut that fell in a run of zeros leaves them at the end; the cut is what happened to them.
            if context.isStructural { zeroFilled.removeAll { $0.range?.end == input.count } }
        }
        return causes + zeroFilled
    }
}

/// What the detectors share: the input, its format, the diagnostics and the byte statistics.
final class DamageContext {
    let input: InputBytes
    let format: ContainerFormat
    let diagnostics: [Diagnostic]
    let errors: [Diagnostic]
    /// The decoded graph, when the caller has it (a format's own arithmetic lives there).
    let graph: (any ObjectGraph)?
    private(set) lazy var statistics = ByteStatistics(input)

    init(input: InputBytes, format: ContainerFormat, diagnostics: [Diagnostic], errors: [Diagnostic], graph: (any ObjectGraph)? = nil) {
        self.input = input
        self.format = format
        self.diagnostics = diagnostics
        self.errors = errors
        self.graph = graph
    }

    /// Whether the format is a binary archive (a rewrite of text bytes damages it).
    var isBinary: Bool { format.isBinaryArchive }

    /// The format's descriptor: what only the format knows of its damage.
    private(set) lazy var descriptor = FormatRegistry.descriptor(for: format)
    /// How the format's problems read as evidence (its descriptor's).
    private(set) lazy var traits = descriptor?.damageTraits(of: format) ?? DamageTraits()
    /// What the format's own numbers show of a line-ending conversion (read once for the evidence and
    /// the trial).
    private(set) lazy var lineEndingSigns = descriptor?.lineEndingSigns(of: input, lfCount: statistics.count(0x0A),
                                                                       crCount: statistics.count(0x0D)) ?? LineEndingSigns()

    /// A format read as a stream, or as tables of entries, with no trailer to check a reading against
    /// (typedstream, NIBArchive): its decoder's own check judges a reading, and a problem counts where
    /// it starts (an object left open or a table read no further spans bytes it says nothing about).
    var isStructural: Bool { traits.countsProblemsWhereTheyStart }

    /// Every range a diagnostic or one of its notes names.
    var namedRanges: [ByteRange] {
        diagnostics.flatMap { d in [d.range].compactMap { $0 } + d.notes.compactMap(\.range) }
    }
}
