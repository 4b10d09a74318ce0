import ArchiveCore

/// The messages and notes of the damage signatures, one function per cause.
enum DamageDiagnostics {
    static func wrongContent(_ foreign: ForeignContent, input: InputBytes) -> Diagnostic {
        Diagnostic(DamageCode.wrongContent,
                   "this file is \(foreign.description), not an archive (\(ValueFormatter.byteCount(input.count))); "
                   + "no property-list or archive decoder applies, so its content is not listed element by element",
                   range: foreign.evidence,
                   notes: [DiagnosticNote("identified by \(foreign.evidenceText)", range: foreign.evidence)])
    }
}
