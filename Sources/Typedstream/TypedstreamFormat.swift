import ArchiveCore

/// NSArchiver typedstreams: `04 0B streamtyped` (little-endian) or `04 0B typedstream` (big-endian).
struct TypedstreamFormat: FormatDescriptor {
    static let little = [UInt8]([0x04, 0x0B]) + Array("streamtyped".utf8)
    static let big = [UInt8]([0x04, 0x0B]) + Array("typedstream".utf8)

    func owns(_ format: ContainerFormat) -> Bool {
        if case .typedstream = format { return true }
        return false
    }

    func displayName(of format: ContainerFormat) -> String {
        guard case .typedstream(let big) = format else { return "typedstream" }
        return "typedstream (\(big ? "big" : "little")-endian)"
    }

    func shortName(of format: ContainerFormat) -> String { "typedstream" }
    func jsonName(of format: ContainerFormat) -> String { "typedstream" }

    func probeSignature(_ bytes: InputBytes) -> ContainerFormat? {
        // A file cut inside the signature goes to the decoder, which says so.
        if bytes.count < 13, bytes.count >= 2, bytes.matches([0x04, 0x0B]) { return .typedstream(bigEndian: bytes.byte(at: 2) == UInt8(ascii: "t")) }
        if bytes.matches(Self.little) { return .typedstream(bigEndian: false) }
        if bytes.matches(Self.big) { return .typedstream(bigEndian: true) }
        return nil
    }

    func open(_ input: InputBytes, as format: ContainerFormat) -> FormatReading? { .graph(TypedstreamDecoder.decode(input)) }
    func graphKind(of format: ContainerFormat) -> GraphKind { .typedstream }
    func isBinaryArchive(_ format: ContainerFormat) -> Bool { true }
    var signatures: [FormatSignature] { [FormatSignature(Self.little), FormatSignature(Self.big)] }
    func embeddedMinimumCount(of format: ContainerFormat) -> Int? { 8 }
    func evidence(of format: ContainerFormat, in head: [UInt8]) -> ContentEvidence? { .signature }
    var catalog: [DiagnosticKind] { TypedstreamCode.kinds }
}
