import ArchiveCore

/// Binary property lists (`bplist00`, any `bplist0?` as CF reads them), and the `bplist` versions
/// this tool recognises or rejects without decoding (`bplist15`/`16`/`17`, Apple's XPC formats).
package struct BinaryPlistFormat: FormatDescriptor {
    package init() {}

    static let magic = Array("bplist".utf8)

    package func owns(_ format: ContainerFormat) -> Bool {
        switch format {
        case .binaryPlist, .binaryPlistVariant: true
        default: false
        }
    }

    package func displayName(of format: ContainerFormat) -> String {
        if case .binaryPlistVariant(let version) = format { return "binary plist variant bplist\(DisplayText.escape(version))" }
        return "binary plist (bplist00)"
    }

    package func shortName(of format: ContainerFormat) -> String { format == .binaryPlist ? "bplist00" : displayName(of: format) }

    package func jsonName(of format: ContainerFormat) -> String {
        if case .binaryPlistVariant(let version) = format { return "bplist\(version)" }
        return "bplist00"
    }

    package func probeSignature(_ bytes: InputBytes) -> ContainerFormat? {
        if bytes.matches(Self.magic) {
            let version = String(decoding: bytes.bytes(in: ByteRange(6, 8)), as: UTF8.self)
            // CF accepts any `bplist0?` as the 0x format (FORMATS.md A.2); a file cut inside the header
            // goes to the bplist decoder too, which says it is too short.
            return bytes.count < 8 || bytes.byte(at: 6) == UInt8(ascii: "0") ? .binaryPlist : .binaryPlistVariant(version: version)
        }
        if bytes.count < 6, Self.magic.starts(with: bytes.bytes(in: ByteRange(0, bytes.count))) { return .binaryPlist }
        return nil
    }

    /// A bplist whose first bytes were overwritten is still known by its trailer.
    package func probeStructure(_ bytes: InputBytes) -> ContainerFormat? {
        BinaryPlistTrailer.fitsExactly(bytes) ? .binaryPlist : nil
    }

    package func open(_ input: InputBytes, as format: ContainerFormat) -> FormatReading? {
        format == .binaryPlist ? .tree(BinaryPlistTree(input)) : nil
    }

    package func graphKind(of format: ContainerFormat) -> GraphKind { format == .binaryPlist ? .keyedArchive : .unreadable }
    package func isDecodable(_ format: ContainerFormat) -> Bool { format == .binaryPlist }
    package func isBinaryArchive(_ format: ContainerFormat) -> Bool { format == .binaryPlist }

    package func isRecognised(_ format: ContainerFormat) -> Bool {
        if case .binaryPlistVariant(let version) = format { return ["15", "16", "17"].contains(version) }
        return false
    }

    package var signatures: [FormatSignature] { [FormatSignature(Array("bplist00".utf8))] }
    package func embeddedMinimumCount(of format: ContainerFormat) -> Int? { format == .binaryPlist ? 8 : nil }
    /// `bplist`, or (`probeStructure`) any bytes long enough to end in a trailer that fits.
    package var embeddedClues: EmbeddedClues { EmbeddedClues(firstBytes: Self.magic.prefix(1).map { $0 }, anyBytesFrom: BinaryPlistTrailer.smallestFit) }
    package func evidence(of format: ContainerFormat, in head: [UInt8]) -> ContentEvidence? { format == .binaryPlist ? .signature : nil }
    package var catalog: [DiagnosticKind] { BinaryPlistCode.kinds }

    package func truncation(of input: InputBytes, errors: [Diagnostic], graph: (any ObjectGraph)?) -> Diagnostic? {
        BinaryPlistCut(tail: BinaryPlistTail(input: input)).diagnostic()
    }

    /// Problems are local to the bytes they name; zeroed objects read as null objects.
    package func damageTraits(of format: ContainerFormat) -> DamageTraits {
        DamageTraits(zerosReadAs: [BinaryPlistCode.markerNull.rawValue])
    }

    /// A trailer that fits `bytes` exactly: its object count and offset table, in words.
    package func numbersFit(_ bytes: [UInt8]) -> NumbersFit {
        guard let f = BinaryPlistTail(input: InputBytes(bytes)).fittingTrailer else { return .misfit }
        return .fit("its trailer fits it exactly (\(English.count(f.count, "object")), offset table at \(f.tableOffset))")
    }

    /// CR LF pairs lost (shorter than the trailer says) and offset-table entries that read in order only
    /// with 0x0D (`BinaryPlistLineEndingSigns`).
    package func lineEndingSigns(of input: InputBytes, lfCount: Int, crCount: Int) -> LineEndingSigns {
        BinaryPlistLineEndingSigns.find(input, lfCount: lfCount, crCount: crCount)
    }

    /// What the trailer, the offset table, the objects' lengths and the writers' numbering decide
    /// (`CRToLFRepair`, `CRLFToLFRepair`); nil when the trailer and offset table fit no reading of the
    /// conversion. The versions recognised, not decoded, have no structure this tool reads.
    package func lineEndingStructure(of damaged: [UInt8], as format: ContainerFormat, undoing conversion: LineEndingConversion,
                                     context: LineEndingContext) -> LineEndingStructure? {
        guard format == .binaryPlist else { return LineEndingStructure() }
        switch conversion {
        case .crToLF:
            var structural = CRToLFRepair(damaged, context: context)
            guard structural.runStructure() else { return nil }
            return LineEndingStructure(chosen: structural.changed, settledFrom: structural.tableStart, values: Set(structural.valueSites),
                                       open: structural.openLFs, links: structural.copyLinks)
        case .crlfToLF:
            var structural = CRLFToLFRepair(damaged)
            guard structural.run(budget: context.budget * 50) != nil else { return nil }
            // The offset table decided every object's length, so no byte is toggled alone; an object
            // whose CRs could sit before several of its LF bytes has its placements settled as a group.
            return LineEndingStructure(chosen: structural.insertions.sorted(), settledFrom: 0, groups: structural.alternatives)
        case .lfToCRLF, .crToCRLF:
            return LineEndingStructure()
        }
    }

    /// bplist15, 16 and 17 are Apple's private XPC formats (FORMATS.md A.10); other versions are damage.
    package func notDecodedNote(_ input: InputBytes, _ format: ContainerFormat) -> Diagnostic? {
        guard case .binaryPlistVariant(let version) = format else { return nil }
        let known = ["15", "16", "17"].contains(version)
        let what = known ? "a private format of Apple's XPC services, recognised but not decoded"
            : "no known version (CF reads bplist0?, and bplist15/16/17 are private XPC formats); not decoded"
        return Diagnostic(DocumentCode.bplistVariant, "binary plist version \"\(DisplayText.escape(version))\" is \(what); "
                          + "first bytes: \(input.prefixDescription())",
                          severity: known ? nil : .error, range: ByteRange(0, Swift.min(16, input.count)))
    }
}
