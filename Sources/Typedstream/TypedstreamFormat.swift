import ArchiveCore

/// NSArchiver typedstreams: `04 0B streamtyped` (little-endian) or `04 0B typedstream` (big-endian).
package struct TypedstreamFormat: FormatDescriptor {
    package init() {}

    static let little = [UInt8]([0x04, 0x0B]) + Array("streamtyped".utf8)
    static let big = [UInt8]([0x04, 0x0B]) + Array("typedstream".utf8)

    package func owns(_ format: ContainerFormat) -> Bool {
        if case .typedstream = format { return true }
        return false
    }

    package func displayName(of format: ContainerFormat) -> String {
        guard case .typedstream(let big) = format else { return "typedstream" }
        return "typedstream (\(big ? "big" : "little")-endian)"
    }

    package func shortName(of format: ContainerFormat) -> String { "typedstream" }
    package func jsonName(of format: ContainerFormat) -> String { "typedstream" }

    package func probeSignature(_ bytes: InputBytes) -> ContainerFormat? {
        // A file cut inside the signature goes to the decoder, which says so.
        if bytes.count < 13, bytes.count >= 2, bytes.matches([0x04, 0x0B]) { return .typedstream(bigEndian: bytes.byte(at: 2) == UInt8(ascii: "t")) }
        if bytes.matches(Self.little) { return .typedstream(bigEndian: false) }
        if bytes.matches(Self.big) { return .typedstream(bigEndian: true) }
        return nil
    }

    package func open(_ input: InputBytes, as format: ContainerFormat) -> FormatReading? { .graph(TypedstreamDecoder.decode(input)) }
    package func graphKind(of format: ContainerFormat) -> GraphKind { .typedstream }
    package func isBinaryArchive(_ format: ContainerFormat) -> Bool { true }
    package var signatures: [FormatSignature] { [FormatSignature(Self.little), FormatSignature(Self.big)] }
    package func embeddedMinimumCount(of format: ContainerFormat) -> Int? { 8 }
    package func evidence(of format: ContainerFormat, in head: [UInt8]) -> ContentEvidence? { .signature }
    package var catalog: [DiagnosticKind] { TypedstreamCode.kinds }

    /// A stream: a problem counts where it starts; recovery's skips, an object left open and the end met
    /// inside a value read no structure from the bytes they name.
    package func damageTraits(of format: ContainerFormat) -> DamageTraits {
        DamageTraits(countsProblemsWhereTheyStart: true,
                     notReadFromBytes: [TypedstreamCode.resyncSkipped.rawValue, TypedstreamCode.resyncFailed.rawValue,
                                        TypedstreamCode.objectUnterminated.rawValue, TypedstreamCode.eofTruncated.rawValue,
                                        TypedstreamCode.lengthPastEnd.rawValue])
    }

    /// NSArchiver's fields have no names, so no keyed reader would take a conversion for the original.
    package func salvageRefusal(of format: ContainerFormat) -> SalvageOutcome {
        .refused("a typedstream (NSArchiver) archive cannot be salvaged into a keyed archive: its fields have no names, "
            + "so no keyed reader would take the result for the original; use --dump or --json to read what decodes")
    }

    package func truncation(of input: InputBytes, errors: [Diagnostic], graph: (any ObjectGraph)?) -> Diagnostic? {
        TypedstreamCut.find(input: input, errors: errors, graph: graph)
    }
}
