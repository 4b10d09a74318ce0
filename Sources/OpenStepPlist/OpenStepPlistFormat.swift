import ArchiveCore

/// OpenStep (ASCII) property lists, with GNUstep's extensions and `.strings` files: text that starts
/// like one (`{`, `(`, a quote, a comment, an unquoted string, `<` + hex data) and stays text.
struct OpenStepPlistFormat: FormatDescriptor {
    func owns(_ format: ContainerFormat) -> Bool { format == .openStepPlist }
    func displayName(of format: ContainerFormat) -> String { "OpenStep/ASCII plist" }
    func shortName(of format: ContainerFormat) -> String { "OpenStep plist" }
    func jsonName(of format: ContainerFormat) -> String { "openstep" }

    func probeText(_ text: InputBytes, from offset: Int) -> ContainerFormat? {
        // Whitespace alone: CF reads it as an empty dictionary, and the decoder says so
        // (`openstep.root.whitespace-only`).
        guard let first = text.byte(at: offset) else { return offset > 0 ? .openStepPlist : nil }
        // `<` + hex digits is an OpenStep data value (XML's own starts were tried before).
        let starts = first == UInt8(ascii: "<") || "{(\"'/".utf8.contains(first) || TextShape.isUnquotedStringByte(first)
        return starts && TextShape.looksLikeText(text, from: offset) ? .openStepPlist : nil
    }

    func open(_ input: InputBytes, as format: ContainerFormat) -> FormatReading? { .tree(OpenStepPlistDecoder.decode(input)) }
    func graphKind(of format: ContainerFormat) -> GraphKind { .keyedArchive }
    /// An HTML page or JSON passes the probe too: `ForeignContent` looks.
    func admitsForeignText(_ format: ContainerFormat) -> Bool { true }

    /// Text that merely looks like OpenStep is listed as a source only under one of these names.
    func evidence(of format: ContainerFormat, in head: [UInt8]) -> ContentEvidence? { .shape }
    var sourceNameSuffixes: [String] { [".strings", ".plist", ".pbxproj", ".stringsdict"] }
    var catalog: [DiagnosticKind] { OpenStepCode.kinds }
}
