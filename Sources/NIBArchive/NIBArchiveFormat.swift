import ArchiveCore

/// Compiled nibs in the NIBArchive format (the 10 bytes `NIBArchive`).
struct NIBArchiveFormat: FormatDescriptor {
    func owns(_ format: ContainerFormat) -> Bool { format == .nibArchive }
    func displayName(of format: ContainerFormat) -> String { "NIBArchive" }
    func jsonName(of format: ContainerFormat) -> String { "nibarchive" }
    func probeSignature(_ bytes: InputBytes) -> ContainerFormat? { bytes.matches(NIBArchiveLayout.signature) ? .nibArchive : nil }
    func open(_ input: InputBytes, as format: ContainerFormat) -> FormatReading? { .graph(NIBArchiveGraph(input: input)) }
    func graphKind(of format: ContainerFormat) -> GraphKind { .nibArchive }
    func isBinaryArchive(_ format: ContainerFormat) -> Bool { true }
    var signatures: [FormatSignature] { [FormatSignature(NIBArchiveLayout.signature)] }
    func embeddedMinimumCount(of format: ContainerFormat) -> Int? { 8 }
    func evidence(of format: ContainerFormat, in head: [UInt8]) -> ContentEvidence? { .signature }
    var catalog: [DiagnosticKind] { NIBArchiveCode.kinds }
}
