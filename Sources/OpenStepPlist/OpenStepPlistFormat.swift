import ArchiveCore

/// OpenStep (ASCII) property lists, with GNUstep's extensions and `.strings` files: text that starts
/// like one (`{`, `(`, a quote, a comment, an unquoted string, `<` + hex data) and stays text.
package struct OpenStepPlistFormat: FormatDescriptor {
    package init() {}

    package func owns(_ format: ContainerFormat) -> Bool { format == .openStepPlist }
    package func displayName(of format: ContainerFormat) -> String { "OpenStep/ASCII plist" }
    package func shortName(of format: ContainerFormat) -> String { "OpenStep plist" }
    package func jsonName(of format: ContainerFormat) -> String { "openstep" }

    package func probeText(_ text: InputBytes, from offset: Int) -> ContainerFormat? {
        // Whitespace alone: CF reads it as an empty dictionary, and the decoder says so
        // (`openstep.root.whitespace-only`).
        guard let first = text.byte(at: offset) else { return offset > 0 ? .openStepPlist : nil }
        // `<` + hex digits is an OpenStep data value (XML's own starts were tried before).
        let starts = first == UInt8(ascii: "<") || "{(\"'/".utf8.contains(first) || TextShape.isUnquotedStringByte(first)
        return starts && TextShape.looksLikeText(text, from: offset) ? .openStepPlist : nil
    }

    package func open(_ input: InputBytes, as format: ContainerFormat) -> FormatReading? { .tree(OpenStepPlistDecoder.decode(input)) }
    package func graphKind(of format: ContainerFormat) -> GraphKind { .keyedArchive }
    /// An HTML page or JSON passes the probe too: `ForeignContent` looks.
    package func admitsForeignText(_ format: ContainerFormat) -> Bool { true }

    /// Text that merely looks like OpenStep is listed as a source only under one of these names.
    package func evidence(of format: ContainerFormat, in head: [UInt8]) -> ContentEvidence? { .shape }
    package var sourceNameSuffixes: [String] { [".strings", ".plist", ".pbxproj", ".stringsdict"] }
    package var catalog: [DiagnosticKind] { OpenStepCode.kinds }

    /// Text kept in version control (`.strings` files): its merge conflicts are looked for.
    package func damageTraits(of format: ContainerFormat) -> DamageTraits { DamageTraits(mayHoldMergeConflicts: true) }
}
