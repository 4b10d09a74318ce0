import ArchiveCore

/// Interface Builder 3 XML archives (an old `.xib`, a `designable.nib`), and the Xcode 5+ Interface
/// Builder source documents recognised beside them (not decoded): both known by their root element.
package struct IB3XMLFormat: FormatDescriptor {
    package init() {}

    package func owns(_ format: ContainerFormat) -> Bool { format == .ib3Archive || format == .interfaceBuilderDocument }

    package func displayName(of format: ContainerFormat) -> String {
        format == .ib3Archive ? "Interface Builder 3 XML archive" : "Interface Builder document (Xcode 5 and later)"
    }

    package func jsonName(of format: ContainerFormat) -> String { format == .ib3Archive ? "ib3xml" : "ib-document" }
    package func probeText(_ text: InputBytes, from offset: Int) -> ContainerFormat? { IB3XMLProbe.format(text, from: offset) }

    package func open(_ input: InputBytes, as format: ContainerFormat) -> FormatReading? {
        format == .ib3Archive ? .graph(IB3XMLGraph(input: input)) : nil
    }

    package func graphKind(of format: ContainerFormat) -> GraphKind { format == .ib3Archive ? .ib3Archive : .unreadable }
    package func isDecodable(_ format: ContainerFormat) -> Bool { format == .ib3Archive }
    package func isRecognised(_ format: ContainerFormat) -> Bool { format == .interfaceBuilderDocument }

    package func notDecodedNote(_ input: InputBytes, _ format: ContainerFormat) -> Diagnostic? {
        format == .interfaceBuilderDocument ? IB3XMLProbe.sourceDocumentNote(input) : nil
    }

    /// The root element `<archive type="com.apple.InterfaceBuilder3…">` is the format's own markup.
    package func evidence(of format: ContainerFormat, in head: [UInt8]) -> ContentEvidence? { format == .ib3Archive ? .markup : nil }
    package var catalog: [DiagnosticKind] { IB3XMLCode.kinds }

    /// An IB3 archive is Interface Builder's document, which ibtool compiles into the keyed archive an
    /// app loads: a keyed archive written from it would be neither.
    package func salvageRefusal(of format: ContainerFormat) -> SalvageOutcome {
        guard format == .ib3Archive else { return .notDecoded(displayName(of: format)) }
        return .refused("an Interface Builder 3 XML archive cannot be salvaged: Interface Builder reads it as a document and "
            + "ibtool compiles it into the keyed archive an app loads (keyedobjects.nib), and this tool writes neither; "
            + "use --dump or --json to read what decodes")
    }
}
