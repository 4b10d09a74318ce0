import ArchiveCore

/// Compiled nibs in the NIBArchive format (the 10 bytes `NIBArchive`).
package struct NIBArchiveFormat: FormatDescriptor {
    package init() {}

    package func owns(_ format: ContainerFormat) -> Bool { format == .nibArchive }
    package func displayName(of format: ContainerFormat) -> String { "NIBArchive" }
    package func jsonName(of format: ContainerFormat) -> String { "nibarchive" }
    package func probeSignature(_ bytes: InputBytes) -> ContainerFormat? { bytes.matches(NIBArchiveLayout.signature) ? .nibArchive : nil }
    package func open(_ input: InputBytes, as format: ContainerFormat) -> FormatReading? { .graph(NIBArchiveGraph(input: input)) }
    package func graphKind(of format: ContainerFormat) -> GraphKind { .nibArchive }
    package func isBinaryArchive(_ format: ContainerFormat) -> Bool { true }
    package var signatures: [FormatSignature] { [FormatSignature(NIBArchiveLayout.signature)] }
    package func embeddedMinimumCount(of format: ContainerFormat) -> Int? { 8 }
    package func evidence(of format: ContainerFormat, in head: [UInt8]) -> ContentEvidence? { .signature }
    package var catalog: [DiagnosticKind] { NIBArchiveCode.kinds }

    /// Tables of entries: a problem counts where it starts; a table cut short reads nothing from the
    /// bytes it names.
    package func damageTraits(of format: ContainerFormat) -> DamageTraits {
        DamageTraits(countsProblemsWhereTheyStart: true, notReadFromBytes: [NIBArchiveCode.tableTruncated.rawValue])
    }

    /// A nib is read by UINibDecoder, and this tool writes no nibs.
    package func salvageRefusal(of format: ContainerFormat) -> SalvageOutcome {
        .refused("a NIBArchive nib cannot be salvaged: it is read by UINibDecoder, not NSKeyedUnarchiver, and this tool "
            + "writes no nibs; use --dump or --json to read what decodes")
    }

    package func truncation(of input: InputBytes, errors: [Diagnostic], graph: (any ObjectGraph)?) -> Diagnostic? {
        NIBArchiveCut.find(input: input, errors: errors, graph: graph)
    }

    /// After CR → LF, what the object table's running sum and the value table's types and references
    /// decide (`NIBArchiveStructureRepair`); the check settles the rest. CR LF → LF takes bytes out, so
    /// a file whose tables account for every byte cannot be its output.
    package func lineEndingStructure(of damaged: [UInt8], as format: ContainerFormat, undoing conversion: LineEndingConversion,
                                     context: LineEndingContext) -> LineEndingStructure? {
        switch conversion {
        case .crlfToLF:
            return NIBArchiveLayout(input: InputBytes(damaged)).accountsForEveryByte ? nil : LineEndingStructure()
        case .crToLF:
            guard let tables = NIBArchiveStructureRepair(damaged) else { return LineEndingStructure() }
            let values = Set(tables.valueSites)
            return LineEndingStructure(chosen: tables.chosen.sorted(), values: values,
                                       open: Set(LineEndingConversion.sites(in: damaged)).subtracting(tables.decided).subtracting(values))
        case .lfToCRLF, .crToCRLF:
            return LineEndingStructure()
        }
    }
}
