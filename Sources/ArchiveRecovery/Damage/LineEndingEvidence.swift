import ArchiveCore
import ArchiveDocuments

/// `damage.line-endings`: a text-mode transfer rewrote the CR and LF bytes of a binary file. Two
/// shapes: every CR became LF (same length: the file has no 0x0D byte, more LF bytes than its
/// neighbouring values, errors at LF bytes; a binary plist's offset-table entries read 10 where 13
/// belongs), or every CR LF pair became LF (a binary plist shorter than its trailer says, by as many
/// bytes as pairs were lost). What only the format's numbers show comes from its descriptor
/// (`lineEndingSigns`).
enum LineEndingEvidence {
    static func find(_ context: DamageContext) -> [Diagnostic] {
        guard context.isBinary else { return [] }
        let stats = context.statistics
        let lf = stats.count(0x0A), cr = stats.count(0x0D)
        let signs = context.lineEndingSigns
        if let shorter = signs.pairsLost { return [shorter] }
        guard cr == 0, lf >= 2 else { return [] }
        let neighbours = [0x09, 0x0B, 0x0C, 0x0E].map { stats.histogram[$0] }
        let mean = Double(neighbours.reduce(0, +)) / Double(neighbours.count)
        let excess = mean >= 2 && Double(lf) >= 1.6 * mean + 2
        let symptoms = context.errors.filter { d in d.range.map { r in containsLF(context.input, r) } ?? false }
        guard signs.misreadCount > 0 || (excess && !symptoms.isEmpty) else { return [] }
        var notes = signs.misreadFields
        notes += symptoms.prefix(4).map { d in DiagnosticNote("an error at a 0x0A byte: \(d.id): \(d.message)", range: d.range) }
        let statistics = "it holds \(lf) LF (0x0A) bytes and no CR (0x0D) byte, where neighbouring values 0x09, 0x0B, 0x0C and 0x0E "
            + "occur \(String(format2: mean)) times on average"
        return [Diagnostic(DamageCode.lineEndings,
                           "a text-mode transfer turned every CR byte (0x0D) of this binary file into LF (0x0A): \(statistics)"
                           + (signs.misreadCount == 0 ? "" : "; \(signs.misreadDescription) "
                              + (signs.misreadCount == 1 ? "makes" : "make") + " sense only with 0x0D"),
                           range: signs.misreadFields.first?.range ?? symptoms.first?.range ?? ByteRange(0, 0), notes: notes)]
    }

    static func containsLF(_ input: InputBytes, _ range: ByteRange) -> Bool {
        let clamped = input.clamp(range)
        guard clamped.count > 0, clamped.count <= 64 else { return false }
        return input.bytes(in: clamped).contains(0x0A)
    }
}

extension String {
    /// A mean with one decimal.
    init(format2 value: Double) {
        let tenths = Int((value * 10).rounded())
        self = "\(tenths / 10).\(tenths % 10)"
    }
}
